import { Readable } from 'node:stream';
import { AUDIT_SIGNIN_ACTIONS, type CallDef, calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actionOf } from '../../http/audit';
import { route } from '../../http/route';
import { auditCsv, listAudit, moveAuditInbox, pruneAudit, vacuumAuditInbox } from './service';

const ALL_CALLS = Object.values(calls as Record<string, CallDef>);
/** Every action the trail records: each write call, denied, and the sign-in events. */
const ACTIONS = [
  ...new Set(ALL_CALLS.filter((c) => c.method !== 'GET').map((c) => actionOf(c, ALL_CALLS))),
  'denied',
  ...AUDIT_SIGNIN_ACTIONS,
].sort();

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the entries calls wrote move from audit_inbox to audit_log (reads move them first too). */
const INBOX_MOVE_MS = 1000;
/** Every so many moves, the inbox is vacuumed. */
const INBOX_VACUUM_EVERY = 60;

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
  // The inbox: one move at a time in this process; a failed one leaves the entries for the next.
  let moving: Promise<void> | null = null;
  let moves = 0;
  const move = () => {
    moving ??= moveAuditInbox(deps.db)
      .then(() => (++moves % INBOX_VACUUM_EVERY === 0 ? vacuumAuditInbox(deps.db) : undefined))
      .catch((err) => app.log.error({ err }, 'moving audit entries from the inbox failed'))
      .finally(() => {
        moving = null;
      });
    return moving;
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    void prune();
    timers.push(setInterval(prune, DAY_MS), setInterval(move, INBOX_MOVE_MS));
    for (const t of timers) {
      t.unref();
    }
  });
  app.addHook('onClose', async () => {
    for (const t of timers) {
      clearInterval(t);
    }
    await move();
  });
}
