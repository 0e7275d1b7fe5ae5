import { createHash } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { RedisClients } from '../providers/redis';
import type { ChatServer } from './context';

/**
 * With REDIS_URL, socket.io's Redis adapter carries every emit and room query between processes,
 * and readiness watches both connections. Answers the connections (none without REDIS_URL).
 */
export async function connectRedis(
  app: FastifyInstance,
  io: ChatServer,
  config: Config,
  clients: RedisClients | null,
): Promise<Redis[]> {
  if (!clients) {
    return [];
  }
  const { pub, sub } = clients;
  const redis = [pub, sub];
  // Processes on the same database share a channel prefix; other deployments on the same Redis do not
  // hear them (user ids of two databases would otherwise collide in user:<id> rooms).
  const key = `chat#${createHash('sha256')
    .update(config.DATABASE_URL ?? config.dataDir)
    .digest('hex')
    .slice(0, 12)}`;
  io.adapter(createAdapter(pub, sub, { key, requestsTimeout: 3000 }));
  // Commands on one connection run in order: once this answers, the adapter's subscriptions are live.
  await Promise.all([pub.ping(), sub.ping()]);
  app.readiness?.add('redis', async () => {
    const down = redis.find((c) => c.status !== 'ready');
    if (down) {
      throw new Error(`connection ${down.status}`);
    }
    await pub.ping();
  });
  return redis;
}
