import { type ChatServerEvents, type DirectMessage, REALTIME_PATH, userChannel } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { watchSockets } from '../lib/metrics';
import type { Clock } from '../providers/clock';
import type { RedisClients } from '../providers/redis';
import {
  type ChatServer,
  type ChatSocket,
  directEvent,
  type GatewayContext,
  socketsIn,
  socketsRoom,
} from './context';
import { onConnection } from './events';
import { authenticate, originAllowed } from './handshake';
import { emitToHolders } from './holders';
import { createChatLimiter, MAX_SOCKETS_PER_USER } from './limits';
import { connectRedis } from './redis';

export { originAllowed };

/** The gateway as the rest of the server sees it (HTTP routes emit through it). */
export interface Realtime {
  io: ChatServer;
  /** Delivers a stored direct message to its thread on every process, except one socket (the sender). */
  emitDirect(message: DirectMessage, exceptSocketId?: string): void;
  /** An event for the sockets in a room whose staff still hold a permission (holders.ts). */
  emitToHolders<E extends keyof ChatServerEvents>(
    to: { room: string; permission: string; local?: boolean },
    event: E,
    ...args: Parameters<ChatServerEvents[E]>
  ): Promise<void>;
  /** Every socket of one staff member, on every process (the room each socket joins on connect). */
  toStaff(userId: number): ReturnType<ChatServer['to']>;
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
  deps: { db: Db; config: Config; clock: Clock; redis: RedisClients | null },
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
  const redis = await connectRedis(app, io, config, deps.redis);
  const unwatchSockets = watchSockets(() => io.engine.clientsCount);
  const limiter = createChatLimiter(config, deps.redis?.counters);
  await limiter.ready;
  const ctx: GatewayContext = { db, io, redis, log, clock, limiter };

  io.use(
    authenticate(db, log, clock, {
      limiter,
      config,
      openSockets: async (usertype, userId) => (await socketsIn(ctx, socketsRoom(usertype, userId))).length,
    }),
  );
  let closing = false;
  io.on('connection', (socket) => {
    onConnection(ctx, socket, () => closing);
    void keepSocketLimit(ctx, socket).catch((err) => log.warn({ err }, 'counting sockets failed'));
  });

  const realtime: Realtime = {
    io,
    emitDirect(message, exceptSocketId) {
      const target = exceptSocketId
        ? io.to(userChannel(message.user_id)).except(exceptSocketId)
        : io.to(userChannel(message.user_id));
      target.emit('TEXT', directEvent(message));
    },
    emitToHolders: (to, event, ...args) => emitToHolders(ctx, to, event, ...args),
    toStaff(userId) {
      return io.to(socketsRoom('ADMIN', userId));
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
      await limiter.close();
    },
  };
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  return realtime;
}

/**
 * Handshakes that raced past the count (parallel ones all saw room for themselves): every socket
 * of the user sorts the same list the same way and closes those past the oldest
 * MAX_SOCKETS_PER_USER. Each closes all of them, not only itself: a socket that checked early saw
 * too few, and only the last to join sees them all.
 */
async function keepSocketLimit(ctx: GatewayContext, socket: ChatSocket) {
  const room = socketsRoom(socket.data.usertype, socket.data.userId);
  socket.join(room);
  const all = await socketsIn(ctx, room);
  if (all.length <= MAX_SOCKETS_PER_USER) {
    return;
  }
  const order = all.sort(
    (a, b) => a.data.connectedAt - b.data.connectedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  for (const extra of order.slice(MAX_SOCKETS_PER_USER)) {
    extra.disconnect(true);
  }
}
