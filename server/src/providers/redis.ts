import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** The process's Redis connections (REDIS_URL), built once with the other outside clients (deps.ts). */
export interface RedisClients {
  /**
   * Shared counters (rate limits). Fails fast while Redis is away (no offline queue, a short
   * command timeout), so a limit lets requests through at once instead of holding them.
   */
  counters: Redis;
  /** socket.io's Redis adapter: one connection publishes, the other only subscribes. */
  pub: Redis;
  sub: Redis;
  /** Closes every connection (the app's onClose). */
  close(): Promise<void>;
}

export function createRedisClients(url: string | undefined, log: FastifyBaseLogger): RedisClients | null {
  if (!url) {
    return null;
  }
  const counters = new Redis(url, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 500,
  });
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  const all = [counters, pub, sub];
  for (const client of all) {
    client.on('error', (err) => log.warn({ err }, 'redis connection error'));
  }
  return {
    counters,
    pub,
    sub,
    async close() {
      await Promise.all(all.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
