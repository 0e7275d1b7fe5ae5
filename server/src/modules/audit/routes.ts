import { Readable } from 'node:stream';
import { AUDIT_SIGNIN_ACTIONS, type CallDef, calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actionOf } from '../../http/audit';
import { route } from '../../http/route';
import { auditCsv, listAudit, pruneAudit } from './service';

const ALL_CALLS = Object.values(calls as Record<string, CallDef>);
/** Every action the trail records: each write call, denied, and the sign-in events. */
const ACTIONS = [
  ...new Set(ALL_CALLS.filter((c) => c.method !== 'GET').map((c) => actionOf(c, ALL_CALLS))),
  'denied',
  ...AUDIT_SIGNIN_ACTIONS,
].sort();

const DAY_MS = 24 * 60 * 60 * 1000;

export async function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, calls.auditLog, async ({ input, reply }) => {
    if (input.format === 'csv') {
      const stream = Readable.from(auditCsv(deps.db, input));
      reply.raw.on('close', () => stream.destroy());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(stream);
    }
    return { ...(await listAudit(deps.db, input)), actions: ACTIONS };
  });

  // Retention: entries older than AUDIT_RETENTION_DAYS go, once at start and then daily.
  const prune = () =>
    pruneAudit(deps.db, deps.config.AUDIT_RETENTION_DAYS).catch((err) =>
      app.log.error({ err }, 'audit retention prune failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(prune, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
