import { calls } from '@admin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import type { SecurityDeps } from './deps';
import {
  listPasskeys,
  type RelyingParty,
  registerOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from './passkeys';
import { factorsOf, policyCovers, secondFactorPolicy, setSecondFactorPolicy } from './policy';
import { recoveryCodesLeft } from './recovery';
import { endMySessions, endUserSessions, mySessions } from './sessions';
import { resetUserSecondFactors, userSecurity } from './staff-factors';
import { confirmTotp, removeTotp, setupTotp } from './totp';

/** WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN, or the host the request reached (the page's own origin). */
export function relyingParty(deps: AppDeps, req: FastifyRequest): RelyingParty {
  return {
    rpID: deps.config.WEBAUTHN_RP_ID ?? req.hostname,
    origin: deps.config.WEBAUTHN_ORIGIN ?? `${req.protocol}://${req.host}`,
  };
}

export async function securityRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const securityDeps = (req: FastifyRequest): SecurityDeps => ({
    db,
    mailer: deps.mailer,
    log: req.log.child({ module: 'security' }),
  });
  route(app, calls.mySecurity, async ({ user }) => {
    const policy = await secondFactorPolicy(db);
    return {
      data: {
        ...(await factorsOf(db, user.id)),
        recovery_codes_left: await recoveryCodesLeft(db, user.id),
        policy,
        must_enrol: !!user.mustEnrol,
        policy_covers_me: policyCovers(policy, user.is_sup_admin === 1),
      },
    };
  });
  route(app, calls.mySessions, ({ user }) => mySessions(db, user, clock.now()));
  route(app, calls.endMySessions, ({ user, input }) => endMySessions(db, user, input, clock.now()));
  route(app, calls.endUserSessions, ({ user, input }) =>
    endUserSessions(db, user, input.user_id, clock.now()),
  );
  route(app, calls.userSecurity, ({ user, input, req }) =>
    userSecurity(securityDeps(req), user, input.user_id, clock.now()),
  );
  route(app, calls.resetUserSecondFactors, ({ user, input, req }) =>
    resetUserSecondFactors(securityDeps(req), user, input.user_id, clock.now()),
  );
  route(app, calls.totpSetup, ({ user }) => setupTotp(db, user));
  route(app, calls.totpConfirm, ({ user, input }) => confirmTotp(db, user, input.otp, clock.now()));
  route(app, calls.totpRemove, ({ user, input, req }) =>
    removeTotp(securityDeps(req), user, input.otp, clock.now()),
  );
  route(app, calls.passkeyRegisterOptions, ({ user, req }) =>
    registerOptions(db, user, relyingParty(deps, req)),
  );
  route(app, calls.passkeyRegister, ({ user, input, req }) =>
    registerPasskey(db, user, input, relyingParty(deps, req)),
  );
  route(app, calls.passkeys, async ({ user }) => ({ data: await listPasskeys(db, user.id) }));
  route(app, calls.passkeyRename, ({ user, input }) => renamePasskey(db, user, input.id, input.name));
  route(app, calls.passkeyRemove, ({ user, input }) => removePasskey(db, user, input.id));
  route(app, calls.secondFactorPolicy, async () => ({ data: { policy: await secondFactorPolicy(db) } }));
  route(app, calls.setSecondFactorPolicy, ({ user, input }) =>
    setSecondFactorPolicy(db, user, input.policy, clock.now()),
  );
}
