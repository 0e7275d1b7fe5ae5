import { type DirectMessage, REALTIME_PATH, userChannel } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { watchSockets } from '../lib/metrics';
import type { Clock } from '../providers/clock';
import { type ChatServer, directEvent, type GatewayContext } from './context';
import { onConnection } from './events';
import { authenticate, originAllowed } from './handshake';
import { connectRedis } from './redis';

export { originAllowed };

/** The gateway as the rest of the server sees it (HTTP routes emit through it). */
export interface Realtime {
  io: ChatServer;
  /** Delivers a stored direct message to its thread on every process, except one socket (the sender). */
  emitDirect(message: DirectMessage, exceptSocketId?: string): void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime?: Realtime;
  }
}

/**
 * The chat gateway on the app's own HTTP server (`/socket.io`). With REDIS_URL, socket.io's Redis
 * adapter carries every emit and room query between processes; all state lives in PostgreSQL or in
 * socket.io rooms, so any process can serve any client.
 */
export async function attachRealtime(
  app: FastifyInstance,
  deps: { db: Db; config: Config; clock: Clock },
): Promise<Realtime> {
  const { db, config, clock } = deps;
  const log = app.log.child({ module: 'realtime' });
  const io: ChatServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    // Only the app's own origin and CORS_ORIGINS (the Vite dev server proxies). Clients that send no
    // Origin (mobile apps, servers) are not browsers a foreign page could drive; they still need a token.
    cors: { origin: config.CORS_ORIGINS ?? false, credentials: false },
    allowRequest: (req, callback) => callback(null, originAllowed(req, config.CORS_ORIGINS ?? [])),
    pingInterval: 25_000,
    pingTimeout: 20_000,
    maxHttpBufferSize: 64 * 1024,
  });
  const redis = await connectRedis(app, io, config, log);
  const unwatchSockets = watchSockets(() => io.engine.clientsCount);
  const ctx: GatewayContext = { db, io, redis, log, clock };

  io.use(authenticate(db, log, clock));
  let closing = false;
  io.on('connection', (socket) => onConnection(ctx, socket, () => closing));

  const realtime: Realtime = {
    io,
    emitDirect(message, exceptSocketId) {
      const target = exceptSocketId
        ? io.to(userChannel(message.user_id)).except(exceptSocketId)
        : io.to(userChannel(message.user_id));
      target.emit('TEXT', directEvent(message));
    },
    async close() {
      closing = true;
      unwatchSockets();
      // Closing the transport (not a socket.io disconnect) makes clients reconnect, to another process.
      for (const socket of io.sockets.sockets.values()) {
        socket.conn.close();
      }
      // Closes engine.io and the adapter but not app.server: Fastify owns and closes that.
      await new Promise<void>((resolve) => {
        io.engine.close();
        resolve();
      });
      await Promise.all(redis.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  return realtime;
}
