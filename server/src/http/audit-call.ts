import { type CallDef, calls } from '@admin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { commitWith, inTransaction, sendWithCommit } from '../db/tx';
import { actionOf, actorOf, type CallAudit, entryStatement, withAuditScope, writeEntry } from './audit';
import { AUDIT_TARGETS } from './audit-targets';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    auditDb?: { raw: Db; scoped: Db };
  }
}

const ALL_CALLS = Object.values(calls as Record<string, CallDef>);

/**
 * The trail's two hooks into the HTTP layer: write calls run in a transaction that ends with their
 * entry (see runCall), and every 403 of a contract call, from the guard or a service, records a
 * `denied` entry. AUDIT_TRAIL=off (the bench's comparison only) turns both off.
 */
export function registerAudit(app: FastifyInstance, db: Db, scoped: Db) {
  if (process.env.AUDIT_TRAIL === 'off') {
    return;
  }
  app.decorate('auditDb', { raw: db, scoped });
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
  const [type, field] = AUDIT_TARGETS[call.path] ?? [null, null];
  const params = (req.params ?? {}) as Record<string, unknown>;
  const raw = field === 'self' ? req.authUser?.id : field ? (params[field] ?? input?.[field]) : null;
  const id = raw == null || typeof raw === 'object' ? null : String(raw);
  return [type, id] as const;
}

/**
 * Runs a contract call's handler. A write call by a signed-in user runs in one transaction that
 * also inserts its entry: the change and its record commit together or not at all (on PostgreSQL
 * BEGIN travels with the first write and the entry with COMMIT, see db/tx.ts). Sign-in calls
 * (public) record their own events, which must outlive a refusal, so they run without one.
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
  // The entry's INSERT travels with COMMIT (db/tx.ts): it costs no round trip of its own, and a
  // failed insert rolls the change back with it. A service that ends with readAfterCommit commits
  // before its read-back; otherwise the entry goes after the service's last statement.
  const insert = (created?: unknown) =>
    entryStatement({
      actor: actorOf(req),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? (typeof created === 'number' ? created : null),
      changes: entry.changes === undefined ? defaultChanges(input, call) : entry.changes,
    });
  let written = false;
  entry.commitEarly = () => {
    written = !entry.skip && commitWith(insert());
  };
  return withAuditScope(req, entry, () =>
    inTransaction(dbs.raw, async () => {
      const result = await run();
      if (!entry.skip && !written) {
        await sendWithCommit(
          dbs.scoped,
          insert((result as { data?: { id?: unknown } } | undefined)?.data?.id),
        );
      }
      return result;
    }),
  );
}

/** The input as the default 'after' when the service reports nothing finer (the id field left out). */
function defaultChanges(input: Record<string, unknown>, call: CallDef) {
  const field = AUDIT_TARGETS[call.path]?.[1];
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => k !== field));
  return Object.keys(rest).length > 0 ? { before: null, after: rest } : null;
}
