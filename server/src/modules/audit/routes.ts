import { Readable } from 'node:stream';
import { AUDIT_SIGNIN_ACTIONS, type CallDef, calls } from '@admin/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { actionOf } from '../../trail/record';
import { auditCsv, listAudit } from './service';

const ALL_CALLS = Object.values(calls as Record<string, CallDef>);
/** Every action the trail records: each write call, denied, and the sign-in events. */
const ACTIONS = [
  ...new Set(ALL_CALLS.filter((c) => c.method !== 'GET').map((c) => actionOf(c, ALL_CALLS))),
  'denied',
  ...AUDIT_SIGNIN_ACTIONS,
].sort();

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
    return { ...(await listAudit(deps.listDb, input)), actions: ACTIONS };
  });
}
