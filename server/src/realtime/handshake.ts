// Who may open a socket: the page's origin, then a live session whose user matches the handshake.
import type { IncomingMessage } from 'node:http';
import { ChatHandshakeAuth } from '@admin/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { zodMessage } from '../http/errors';
import type { Clock } from '../providers/clock';
import { resolveSession } from '../sessions/resolver';
import type { ChatSocket } from './context';
import { type ChatLimiter, clientAddressOf, MAX_SOCKETS_PER_USER } from './limits';

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

/** The handshake middleware: fills socket.data from the session, or refuses the connection. */
export function authenticate(
  db: Db,
  log: FastifyBaseLogger,
  clock: Clock,
  guard: {
    limiter: ChatLimiter;
    config: Config;
    /** How many sockets the user has open now, on every process. */
    openSockets: (usertype: string, userId: number) => Promise<number>;
  },
) {
  const addressOf = clientAddressOf(guard.config);
  const perMinute = guard.config.RATE_LIMIT_CHAT_HANDSHAKE;
  return async (socket: ChatSocket, next: (err?: Error) => void) => {
    // Every handshake counts, good or bad, so tokens cannot be tried in bulk from one address.
    if (perMinute > 0 && !(await guard.limiter.take(`hs:${addressOf(socket.request)}`, perMinute, 60_000))) {
      return next(connectError(429, 'Too many connection attempts. Please try again in a minute'));
    }
    const fields = handshakeFields(socket);
    const parsed = ChatHandshakeAuth.safeParse(fields);
    if (!parsed.success) {
      return next(connectError(401, `Handshake refused: ${zodMessage(parsed.error)}`));
    }
    const { token, username, usertype } = parsed.data;
    try {
      const user = await resolveSession(db, token, usertype === 'ADMIN' ? 'admin' : 'user', clock.now());
      if (!user) {
        return next(connectError(401, 'Invalid or expired token'));
      }
      if (user.username.toLowerCase() !== username.toLowerCase()) {
        return next(connectError(401, 'The username does not match the token'));
      }
      if ((await guard.openSockets(usertype, user.id)) >= MAX_SOCKETS_PER_USER) {
        return next(
          connectError(429, `Too many open chat connections (at most ${MAX_SOCKETS_PER_USER} per account)`),
        );
      }
      socket.data = {
        userId: user.id,
        username: user.username,
        name: user.name,
        avatar: user.avatar,
        usertype,
        token,
        connectedAt: Date.now(),
      };
      next();
    } catch (err) {
      log.error({ err }, 'socket handshake failed');
      next(connectError(500, 'Server Error'));
    }
  };
}

function connectError(code: number, message: string) {
  const err = new Error(message) as Error & { data: { code: number; message: string } };
  err.data = { code, message };
  return err;
}
