import { calls } from '@admin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { relyingParty } from '../security';
import { loginOptions, passkeyLogin } from './passkey-login';
import { requestReset } from './reset';
import * as auth from './service';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const pending = new Set<Promise<void>>();
  // Per request: the services log through the request's logger, so every line has its id.
  const authDeps = (req: FastifyRequest): auth.AuthDeps => {
    const log = req.log.child({ module: 'auth' });
    return {
      db: deps.db,
      mailer: deps.mailer,
      clock: deps.clock,
      log,
      logCodes: !deps.config.MAIL_URL,
      client: { ip: req.ip, userAgent: (req.headers['user-agent'] as string | undefined) ?? null },
      defer(task) {
        const run = task()
          .catch((err) => log.error({ err }, 'deferred sign-in work failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
    };
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  route(app, calls.adminLogin, ({ input, req }) => auth.login(authDeps(req), input, req.ip));
  route(app, calls.resendOtp, ({ input, req }) => auth.resendOtp(authDeps(req), input.key));
  route(app, calls.verifyAuth, ({ input, req }) => auth.verifyOtp(authDeps(req), input));
  route(app, calls.getLoginData, ({ user }) => auth.loginData(deps.db, user));
  route(app, calls.logout, ({ user }) => auth.logout(deps.db, user, deps.clock.now()));
  route(app, calls.changePassword, ({ user, input, req }) => auth.changePassword(authDeps(req), user, input));
  route(app, calls.passkeyLoginOptions, ({ input, req }) =>
    loginOptions(authDeps(req), input.key, relyingParty(deps, req)),
  );
  route(app, calls.passkeyLogin, ({ input, req }) =>
    passkeyLogin(authDeps(req), input, relyingParty(deps, req)),
  );
  route(app, calls.resetPassword, ({ input, req }) => requestReset(authDeps(req), input.email, req.ip));
}
