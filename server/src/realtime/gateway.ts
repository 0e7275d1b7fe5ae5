import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type ChatAck,
  type ChatClientEvents,
  ChatDeliveredRequest,
  ChatHandshakeAuth,
  ChatJoinRequest,
  ChatLeaveRequest,
  type ChatPresenceEvent,
  ChatReadRequest,
  ChatSendMessageRequest,
  type ChatServerEvents,
  type ChatSocketData,
  type ChatTextEvent,
  ChatTypingRequest,
  type DirectMessage,
  hasPermission,
  parseChannel,
  REALTIME_PATH,
  roomChannel,
  userChannel,
} from '@admin/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, zodMessage } from '../http/errors';
import { watchSockets } from '../lib/metrics';
import * as chat from '../modules/chat/service';
import { resolveSession } from '../sessions/resolver';

type ChatServer = Server<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;
type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;

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

const DM_PERMISSION = 'user_profile';
const ROOM_PERMISSION = 'conversation';
const USER_SEND_LIMIT = 20;
const USER_SEND_WINDOW_MS = 10_000;

class GatewayError extends Error {}

function refuse(message: string): never {
  throw new GatewayError(message);
}

/** The page that opens the socket must be the app itself (same host) or one of CORS_ORIGINS. */
export function originAllowed(req: IncomingMessage, extra: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) {
    return true;
  }
  if (extra.includes(origin.replace(/\/+$/, ''))) {
    return true;
  }
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Handshake fields come from the socket.io auth payload, or from headers for non-browser clients. */
function handshakeFields(socket: ChatSocket) {
  const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
  const headers = socket.handshake.headers;
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const bearer = header('authorization');
  let token = typeof auth.token === 'string' ? auth.token : undefined;
  if (!token && bearer?.startsWith('Bearer ')) {
    token = bearer.slice(7).trim();
  }
  if (token?.startsWith('Bearer ')) {
    token = token.slice(7).trim();
  }
  return {
    token,
    username: typeof auth.username === 'string' ? auth.username : header('username'),
    usertype: String(auth.usertype ?? header('usertype') ?? '').toUpperCase() || undefined,
  };
}

/**
 * The chat gateway on the app's own HTTP server (`/socket.io`). With REDIS_URL, socket.io's Redis
 * adapter carries every emit and room query between processes; all state lives in PostgreSQL or in
 * socket.io rooms, so any process can serve any client.
 */
export async function attachRealtime(
  app: FastifyInstance,
  deps: { db: Db; config: Config },
): Promise<Realtime> {
  const { db, config } = deps;
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
  let redis: Redis[] = [];
  if (config.REDIS_URL) {
    const pub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (err) => log.warn({ err }, 'redis connection error'));
    }
    redis = [pub, sub];
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
  }
  const unwatchSockets = watchSockets(() => io.engine.clientsCount);

  io.use(async (socket, next) => {
    const fields = handshakeFields(socket);
    const parsed = ChatHandshakeAuth.safeParse(fields);
    if (!parsed.success) {
      return next(connectError(401, `Handshake refused: ${zodMessage(parsed.error)}`));
    }
    const { token, username, usertype } = parsed.data;
    try {
      const user = await resolveSession(db, token, usertype === 'ADMIN' ? 'admin' : 'user');
      if (!user) {
        return next(connectError(401, 'Invalid or expired token'));
      }
      if (user.username.toLowerCase() !== username.toLowerCase()) {
        return next(connectError(401, 'The username does not match the token'));
      }
      socket.data = {
        userId: user.id,
        username: user.username,
        name: user.name,
        avatar: user.avatar,
        usertype,
        token,
      };
      next();
    } catch (err) {
      log.error({ err }, 'socket handshake failed');
      next(connectError(500, 'Server Error'));
    }
  });

  const presence = (socket: ChatSocket, channel: string): ChatPresenceEvent => ({
    channel,
    usertype: socket.data.usertype,
    user: {
      id: socket.data.userId,
      username: socket.data.username,
      name: socket.data.name,
      avatar: socket.data.avatar,
    },
  });

  const directEvent = (data: DirectMessage): ChatTextEvent => ({
    channel: userChannel(data.user_id),
    kind: 'direct',
    data,
  });

  /**
   * Sessions and grants are read fresh for every action that reads or writes messages (one query).
   * Staff need `permission` (when given); platform users have no permissions.
   */
  async function liveUser(socket: ChatSocket, permission?: string): Promise<{ id: number }> {
    const staff = socket.data.usertype === 'ADMIN';
    const live = await resolveSession(db, socket.data.token, staff ? 'admin' : 'user');
    if (!live) {
      setImmediate(() => socket.disconnect(true));
      refuse('Your session has ended; sign in again');
    }
    if (staff && permission && !hasPermission(live, permission)) {
      refuse('You do not have permission to perform this action');
    }
    return { id: live.id };
  }

  async function channelOnline(channel: string): Promise<boolean> {
    // Without Redis the other processes cannot be asked (the query would wait for Redis): this one answers.
    const everywhere = redis.every((c) => c.status === 'ready');
    const sockets = await (everywhere ? io : io.local).in(channel).fetchSockets();
    return sockets.some((s) => s.data.usertype === 'USER');
  }

  /** May this socket see the channel? Throws the reason when not. */
  async function authorizeChannel(
    socket: ChatSocket,
    channel: string,
  ): Promise<{ kind: 'user' | 'room'; id: number }> {
    const target = parseChannel(channel) ?? refuse('channel must be user:<id> or room:<id>');
    const user = await liveUser(socket, target.kind === 'user' ? DM_PERMISSION : ROOM_PERMISSION);
    if (socket.data.usertype === 'USER') {
      if (target.kind === 'user' && target.id !== user.id) {
        refuse('You can only join your own thread');
      }
      if (target.kind === 'room' && !(await chat.isRoomMember(db, target.id, user.id))) {
        refuse('Chat room not found');
      }
      return target;
    }
    if (target.kind === 'user') {
      if (!(await chat.findThreadUser(db, target.id))) {
        refuse('User not found');
      }
    } else if (!(await chat.findRoom(db, target.id))) {
      refuse('Chat room not found');
    }
    return target;
  }

  /** Validates the payload with the contract, runs the handler, answers the ack with ok or the error. */
  function handle<S extends z.ZodType, R extends object>(
    socket: ChatSocket,
    event: keyof ChatClientEvents,
    schema: S,
    handler: (input: z.output<S>) => Promise<R>,
  ) {
    socket.on(event, async (raw: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (res: ChatAck<R>) => void) : () => {};
      const parsed = schema.safeParse(raw ?? {});
      if (!parsed.success) {
        reply({ ok: false, error: zodMessage(parsed.error) });
        return;
      }
      try {
        reply({ ok: true, ...(await handler(parsed.data)) });
      } catch (err) {
        if (err instanceof GatewayError || err instanceof AppError) {
          reply({ ok: false, error: err.message });
          return;
        }
        log.error({ err, event, userId: socket.data.userId }, 'socket event failed');
        reply({ ok: false, error: 'Server Error' });
      }
    });
  }

  io.on('connection', (socket) => {
    const own = userChannel(socket.data.userId);
    if (socket.data.usertype === 'USER') {
      socket.join(own);
      socket.to(own).emit('join', presence(socket, own));
      void (async () => {
        await chat.touchLastSeen(db, socket.data.userId);
        // Messages that waited while the user was offline; the client acknowledges with `delivered`.
        for (const message of await chat.undeliveredDirectMessages(db, socket.data.userId)) {
          socket.emit('TEXT', directEvent(message));
        }
      })().catch((err) =>
        log.error({ err, userId: socket.data.userId }, 'delivering waiting messages failed'),
      );
    }

    handle(socket, 'join', ChatJoinRequest, async ({ channel, since }) => {
      const target = await authorizeChannel(socket, channel);
      const already = socket.rooms.has(channel);
      socket.join(channel);
      if (!already || socket.data.usertype === 'USER') {
        socket.to(channel).emit('join', presence(socket, channel));
      }
      let missed: ChatTextEvent[] = [];
      if (since !== undefined) {
        missed =
          target.kind === 'user'
            ? (await chat.directMessagesSince(db, target.id, since)).map(directEvent)
            : (await chat.roomMessagesSince(db, target.id, since)).map((data) => ({
                channel,
                kind: 'room' as const,
                data,
              }));
      }
      return { channel, online: await channelOnline(channel), missed };
    });

    handle(socket, 'leave', ChatLeaveRequest, async ({ channel }) => {
      if (socket.rooms.has(channel) && !(socket.data.usertype === 'USER' && channel === own)) {
        socket.leave(channel);
        socket.to(channel).emit('user_left', presence(socket, channel));
      }
      return {};
    });

    // Typing stores nothing, but like every event it needs a live session (and the channel joined).
    handle(socket, 'typing', ChatTypingRequest, async ({ channel, typing }) => {
      await liveUser(socket);
      if (socket.rooms.has(channel)) {
        socket.to(channel).emit('typing', { ...presence(socket, channel), typing });
      }
      return {};
    });

    // Platform users (untrusted clients) may send at most USER_SEND_LIMIT messages per window on a socket.
    let windowStart = 0;
    let sentInWindow = 0;
    handle(socket, 'send_message', ChatSendMessageRequest, async (input) => {
      if (socket.data.usertype === 'USER') {
        const now = Date.now();
        if (now - windowStart > USER_SEND_WINDOW_MS) {
          windowStart = now;
          sentInWindow = 0;
        }
        sentInWindow += 1;
        if (sentInWindow > USER_SEND_LIMIT) {
          refuse('Too many messages. Please slow down');
        }
      }
      const target =
        typeof input.to === 'number'
          ? {
              kind: 'user' as const,
              id: socket.data.usertype === 'USER' ? socket.data.userId : input.to,
            }
          : (parseChannel(input.to) ?? refuse('to must be user:<id>, room:<id> or a user id'));
      if (target.kind === 'room' && socket.data.usertype === 'ADMIN') {
        refuse('Staff read conversations; they cannot post in them');
      }
      const user = await liveUser(socket, DM_PERMISSION);
      if (target.kind === 'room') {
        if (!(await chat.isRoomMember(db, target.id, user.id))) {
          refuse('Chat room not found');
        }
        const data = await chat.storeRoomMessage(db, {
          roomId: target.id,
          senderId: user.id,
          message: input.message,
        });
        const event: ChatTextEvent = { channel: roomChannel(target.id), kind: 'room', data };
        socket.to(event.channel).emit('TEXT', event);
        await chat.touchLastSeen(db, user.id);
        return { data: event };
      }
      if (socket.data.usertype === 'USER' && target.id !== user.id) {
        refuse('You can only write in your own thread');
      }
      const { data, created } = await chat.storeDirectMessage(db, {
        userId: target.id,
        senderId: user.id,
        message: input.message,
        timestamp: input.timestamp,
      });
      if (created) {
        socket.to(userChannel(target.id)).emit('TEXT', directEvent(data));
      }
      if (socket.data.usertype === 'USER') {
        await chat.touchLastSeen(db, user.id);
      }
      return { data: directEvent(data) };
    });

    handle(socket, 'read', ChatReadRequest, async ({ channel, up_to_id }) => {
      const target = await authorizeChannel(socket, channel);
      if (target.kind !== 'user') {
        refuse('Read receipts are kept for direct messages only');
      }
      const reader = socket.data.usertype;
      const result = await chat.markDirectMessagesRead(db, { userId: target.id, reader, upToId: up_to_id });
      if (result.ids.length > 0) {
        io.to(channel).emit('read', { channel, user_id: target.id, reader, ...result });
      }
      if (reader === 'USER') {
        await chat.touchLastSeen(db, target.id);
      }
      return { ids: result.ids };
    });

    handle(socket, 'delivered', ChatDeliveredRequest, async ({ ids }) => {
      if (socket.data.usertype !== 'USER') {
        return { ids: [] };
      }
      const user = await liveUser(socket);
      const result = await chat.markDirectMessagesDelivered(db, { userId: user.id, ids });
      if (result.ids.length > 0) {
        io.to(own).emit('delivered', { channel: own, ...result });
      }
      return { ids: result.ids };
    });

    socket.on('disconnecting', () => {
      // A process shutting down is not its users leaving: they reconnect to another process.
      if (closing) {
        return;
      }
      for (const room of socket.rooms) {
        if (room !== socket.id) {
          socket.to(room).emit('user_left', presence(socket, room));
        }
      }
      if (socket.data.usertype === 'USER') {
        chat.touchLastSeen(db, socket.data.userId).catch(() => {});
      }
    });
  });

  let closing = false;
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

function connectError(code: number, message: string) {
  const err = new Error(message) as Error & { data: { code: number; message: string } };
  err.data = { code, message };
  return err;
}
