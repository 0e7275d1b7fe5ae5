import { type CallDef, calls } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { timedOut } from '../db/errors';
import { inTransaction } from '../db/tx';
import { actionOf, actorOf, type CallAudit, withAuditScope, writeEntry } from '../trail/record';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    auditDb?: { raw: Db; scoped: Db; trail: boolean; writeTimeout: number };
  }
}

const ALL_CALLS = Object.values(calls as Record<string, CallDef>);

/**
 * The trail's two hooks into the HTTP layer: write calls run in a transaction that ends with their
 * entry (see runCall), and every 403 of a contract call, from the guard or a service, records a
 * `denied` entry. With `trail` false (AUDIT_TRAIL=off, the bench's comparison only) write calls
 * keep their transaction and nothing is recorded. `writeTimeout`: WRITE_STATEMENT_TIMEOUT.
 */
export function registerAudit(
  app: FastifyInstance,
  db: Db,
  scoped: Db,
  opts: { trail: boolean; writeTimeout: number },
) {
  const { trail } = opts;
  app.decorate('auditDb', { raw: db, scoped, ...opts });
  if (!trail) {
    return;
  }
  app.addHook('onError', async (req, _reply, error) => {
    const call = req.routeOptions.config?.call;
    if (!call || !req.authUser || !(error instanceof AppError) || error.status !== 403) {
      return;
    }
    const [targetType, targetId] = targetOf(call, (req.body ?? req.query) as Record<string, unknown>, req);
    await writeEntry(
      db,
      {
        actor: actorOf(req),
        action: 'denied',
        targetType,
        targetId,
        changes: { call: actionOf(call, ALL_CALLS), reason: error.message },
      },
      req,
    );
  });
}

function targetOf(call: CallDef, input: Record<string, unknown> | undefined, req: FastifyRequest) {
  const { target: type = null, id: field = null } = call.audit ?? {};
  const params = (req.params ?? {}) as Record<string, unknown>;
  const raw = field === 'self' ? req.authUser?.id : field ? (params[field] ?? input?.[field]) : null;
  const id = raw == null || typeof raw === 'object' ? null : String(raw);
  return [type, id] as const;
}

/**
 * Runs a contract call's handler. A write call by a signed-in user runs in one transaction that
 * ends with the INSERT of its entry: the change and its record commit together or not at all, and
 * effects queued with afterCommit run after COMMIT. Sign-in calls (public) record their own
 * events, which must outlive a refusal, so they run without one.
 */
export async function runCall<T>(
  app: FastifyInstance,
  call: CallDef,
  req: FastifyRequest,
  input: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const dbs = app.auditDb;
  if (!dbs || call.method === 'GET' || call.auth === 'public') {
    return withAuditScope(req, null, run);
  }
  const [targetType, targetId] = targetOf(call, input, req);
  const entry: CallAudit = {
    action: actionOf(call, ALL_CALLS),
    targetType,
    targetId,
    changes: undefined,
  };
  // The entry is the transaction's last statement (see inTransaction).
  const writeCallEntry = async (result: T) => {
    if (!dbs.trail || entry.skip) {
      return false;
    }
    const created = (result as { data?: { id?: unknown } } | undefined)?.data?.id;
    await writeEntry(dbs.scoped, {
      actor: actorOf(req),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? (typeof created === 'number' ? created : null),
      changes: entry.changes === undefined ? defaultChanges(input, call) : entry.changes,
    });
    return true;
  };
  // Every statement of the call, COMMIT included, stops after WRITE_STATEMENT_TIMEOUT ms: a
  // setting of this transaction (set_config(…, true)), so one pooled connection (or PgBouncer's, in
  // transaction mode) keeps no ceiling for whatever it runs next.
  const limited = async () => {
    await dbs.scoped.execute(sql`SELECT set_config('statement_timeout', ${String(dbs.writeTimeout)}, true)`);
    return run();
  };
  try {
    return await withAuditScope(req, entry, () => inTransaction(dbs.raw, limited, writeCallEntry));
  } catch (err) {
    // A statement ran out of time: the whole call rolled back, its change and its entry.
    throw timedOut(err) ? new AppError('unavailable', WRITE_TIMED_OUT) : err;
  }
}

/** The 503 of a write call whose statement ran out of time. */
export const WRITE_TIMED_OUT = 'This change took too long and was not saved. Please try again';

/** The input as the default 'after' when the service reports nothing finer (the id field left out). */
function defaultChanges(input: Record<string, unknown>, call: CallDef) {
  const field = call.audit?.id;
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => k !== field));
  return Object.keys(rest).length > 0 ? { before: null, after: rest } : null;
}
