import { type CallDef, calls, hasPermission, permissionsOf, TEXTS } from '@admin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Clock } from '../providers/clock';
import { resolveSession, type SessionUser } from '../sessions/resolver';
import { withAuditScope } from '../trail/record';
import { AppError, forbidden, sessionRefused } from './errors';

/** The signed-in staff member of a request. */
export type AuthUser = SessionUser;

/** What a session that must change its password may still call. */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<CallDef> = new Set([
  calls.changePassword,
  calls.getLoginData,
  calls.logout,
]);

/** What a session held to enrolling a second factor (the policy) may still call. */
const OPEN_BEFORE_ENROLLING: ReadonlySet<CallDef> = new Set([
  calls.getLoginData,
  calls.logout,
  calls.mySecurity,
  calls.totpSetup,
  calls.totpConfirm,
  calls.passkeyRegisterOptions,
  calls.passkeyRegister,
  calls.passkeys,
  calls.secondFactorPolicy,
]);

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
  interface FastifyContextConfig {
    call?: CallDef;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) {
    return null;
  }
  return header.slice(7).trim() || null;
}

/**
 * The single guard of the API: every contract call that is not public needs a live staff session,
 * and its permissions (any one of them) read fresh from the grants on every request.
 */
export function registerAuth(app: FastifyInstance, db: Db, clock: Clock): void {
  app.addHook('preHandler', async (req) => {
    const call = req.routeOptions.config?.call;
    if (!call || call.auth === 'public') {
      return;
    }
    const token = bearerToken(req);
    const user = token
      ? await withAuditScope(req, null, () =>
          resolveSession(db, token, 'admin', clock.now(), { allowMustChange: true }),
        )
      : null;
    if (!user) {
      throw sessionRefused(token);
    }
    if (user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(call)) {
      throw new AppError('forbidden', TEXTS.mustChangePassword);
    }
    if (user.mustEnrol && !user.mustChangePassword && !OPEN_BEFORE_ENROLLING.has(call)) {
      throw new AppError('forbidden', TEXTS.mustEnrol);
    }
    req.authUser = user;
    const needed = permissionsOf(call);
    if (needed.length > 0 && !hasPermission(user, ...needed)) {
      throw forbidden();
    }
  });
}
