// What every socket event handler uses: the gateway's parts, fresh session and channel checks,
// presence and text events, and the ack wrapper.
import {
  type ChatAck,
  type ChatClientEvents,
  type ChatPresenceEvent,
  type ChatServerEvents,
  type ChatSocketData,
  type ChatTextEvent,
  type DirectMessage,
  hasPermission,
  parseChannel,
  userChannel,
} from '@admin/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { AppError, zodMessage } from '../http/errors';
import * as chat from '../modules/chat/service';
import type { Clock } from '../providers/clock';
import { resolveSession } from '../sessions/resolver';
import { type ChatLimiter, EVENT_LIMITS, LIMIT_MESSAGES, type LimitedEvent } from './limits';

export type ChatServer = Server<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;
export type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;

export interface GatewayContext {
  db: Db;
  io: ChatServer;
  /** The adapter's connections; empty without REDIS_URL. */
  redis: Redis[];
  log: FastifyBaseLogger;
  /** The time the session checks read (deps.clock). */
  clock: Clock;
  /** Per-user event limits and per-address handshake counts (limits.ts). */
  limiter: ChatLimiter;
}

export const DM_PERMISSION = 'user_profile';
const ROOM_PERMISSION = 'conversation';

class GatewayError extends Error {}

export function refuse(message: string): never {
  throw new GatewayError(message);
}

export const presence = (socket: ChatSocket, channel: string): ChatPresenceEvent => ({
  channel,
  usertype: socket.data.usertype,
  user: {
    id: socket.data.userId,
    username: socket.data.username,
    name: socket.data.name,
    avatar: socket.data.avatar,
  },
});

export const directEvent = (data: DirectMessage): ChatTextEvent => ({
  channel: userChannel(data.user_id),
  kind: 'direct',
  data,
});

/**
 * Sessions and grants are read fresh for every action that reads or writes messages (one query).
 * Staff need `permission` (when given); platform users have no permissions.
 */
export async function liveUser(
  { db, clock }: GatewayContext,
  socket: ChatSocket,
  permission?: string,
): Promise<{ id: number }> {
  const staff = socket.data.usertype === 'ADMIN';
  const live = await resolveSession(db, socket.data.token, staff ? 'admin' : 'user', clock.now());
  if (!live) {
    setImmediate(() => socket.disconnect(true));
    refuse('Your session has ended; sign in again');
  }
  if (staff && permission && !hasPermission(live, permission)) {
    refuse('You do not have permission to perform this action');
  }
  return { id: live.id };
}

export async function channelOnline({ io, redis }: GatewayContext, channel: string): Promise<boolean> {
  // Without Redis the other processes cannot be asked (the query would wait for Redis): this one answers.
  const everywhere = redis.every((c) => c.status === 'ready');
  const sockets = await (everywhere ? io : io.local).in(channel).fetchSockets();
  return sockets.some((s) => s.data.usertype === 'USER');
}

/** May this socket see the channel? Throws the reason when not. */
export async function authorizeChannel(
  ctx: GatewayContext,
  socket: ChatSocket,
  channel: string,
): Promise<{ kind: 'user' | 'room'; id: number }> {
  const { db } = ctx;
  const target = parseChannel(channel) ?? refuse('channel must be user:<id> or room:<id>');
  const user = await liveUser(ctx, socket, target.kind === 'user' ? DM_PERMISSION : ROOM_PERMISSION);
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

/** The user's own room of sockets (every process), to count their connections. */
export const socketsRoom = (usertype: string, userId: number) => `sockets:${usertype}:${userId}`;

/** The user's sockets in `room`, on every process when Redis answers, else on this one. */
export async function socketsIn({ io, redis }: GatewayContext, room: string) {
  if (redis.every((c) => c.status === 'ready')) {
    try {
      return await io.in(room).fetchSockets();
    } catch {
      // Another process did not answer in time: count what this one knows.
    }
  }
  return io.local.in(room).fetchSockets();
}

/**
 * Validates the payload with the contract, runs the handler, answers the ack with ok or the error.
 * Events in EVENT_LIMITS are counted per user (all sockets, all processes) before anything runs.
 */
export function handle<S extends z.ZodType, R extends object>(
  { log, limiter }: GatewayContext,
  socket: ChatSocket,
  event: keyof ChatClientEvents,
  schema: S,
  handler: (input: z.output<S>) => Promise<R>,
) {
  socket.on(event, async (raw: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (res: ChatAck<R>) => void) : () => {};
    const limits = EVENT_LIMITS[event as LimitedEvent];
    if (limits) {
      const { usertype, userId } = socket.data;
      if (!(await limiter.take(`ev:${event}:${usertype}:${userId}`, limits[usertype]))) {
        reply({ ok: false, error: LIMIT_MESSAGES[event as LimitedEvent] });
        return;
      }
    }
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
