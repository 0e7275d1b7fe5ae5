import { calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import { afterCommit } from '../../db/tx';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { countNotificationDevices, listNotifications, queueNotification } from './service';

export async function notificationsRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.sendNotifications, async ({ input, user }) => {
    const answer = await queueNotification(deps.db, user.id, input);
    // This process's worker picks the job up at once; the others find it at their next poll.
    afterCommit(() => deps.pushWorker.wake());
    return answer;
  });
  route(app, calls.notificationDevices, async ({ input }) => countNotificationDevices(deps.db, input));
  route(app, calls.notificationsList, async ({ input }) => listNotifications(deps.listDb, input));
}
