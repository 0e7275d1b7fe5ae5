import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { listNotifications, queueNotification } from './service';
import { createNotificationWorker } from './worker';

export async function notificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  const log = app.log.child({ module: 'notifications' });
  const worker = createNotificationWorker({ db: deps.db, push: deps.push, log, clock: deps.clock });
  // Every server process runs a worker; claims keep them from sending the same job twice.
  // API tests drive workers themselves, so the app does not start one under NODE_ENV=test.
  if (deps.config.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  route(app, calls.sendNotifications, async ({ input, user }) => {
    const answer = await queueNotification(deps.db, user.id, input);
    worker.wake();
    return answer;
  });
  route(app, calls.notificationsList, async ({ input }) => listNotifications(deps.db, input));
}
