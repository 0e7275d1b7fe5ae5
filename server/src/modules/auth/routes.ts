import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { requestReset } from './reset';
import * as auth from './service';

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const pending = new Set<Promise<void>>();
  const authLog = app.log.child({ module: 'auth' });
  const authDeps: auth.AuthDeps = {
    db: deps.db,
    mailer: deps.mailer,
    log: (m: string) => authLog.info(m),
    logCodes: !deps.config.MAIL_URL,
    defer(task) {
      const run = task()
        .catch((err) => authLog.error({ err }, 'deferred sign-in work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  route(app, calls.adminLogin, ({ input, req }) => auth.login(authDeps, input, req.ip));
  route(app, calls.resendOtp, ({ input }) => auth.resendOtp(authDeps, input.key));
  route(app, calls.verifyAuth, ({ input }) => auth.verifyOtp(authDeps, input));
  route(app, calls.getLoginData, ({ user }) => auth.loginData(deps.db, user));
  route(app, calls.logout, ({ user }) => auth.logout(deps.db, user));
  route(app, calls.changePassword, ({ user, input }) => auth.changePassword(deps.db, user, input));
  route(app, calls.resetPassword, ({ input, req }) => requestReset(authDeps, input.email, req.ip));
}
