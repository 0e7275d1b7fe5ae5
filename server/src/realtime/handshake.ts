// Who may open a socket: the page's origin, then a live session whose user matches the handshake.
import type { IncomingMessage } from 'node:http';
import { ChatHandshakeAuth } from '@admin/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { zodMessage } from '../http/errors';
import type { Clock } from '../providers/clock';
import { resolveSession } from '../sessions/resolver';
import type { ChatSocket } from './context';

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
export function authenticate(db: Db, log: FastifyBaseLogger, clock: Clock) {
  return async (socket: ChatSocket, next: (err?: Error) => void) => {
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
  };
}

function connectError(code: number, message: string) {
  const err = new Error(message) as Error & { data: { code: number; message: string } };
  err.data = { code, message };
  return err;
}
