import type { AUDIT_SIGNIN_ACTIONS, CallDef } from '@admin/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { auditLog, users } from '../db/schema';
import { currentScope, runInScope, type Scope } from '../db/tx';

const REDACTED = '[redacted]';
/**
 * Field names whose values never reach the trail: passwords, tokens, codes, keys. A passkey's name
 * (`passkey`, `passkeys`) is no secret: its key material is never in a field of that name.
 */
const SECRET = /pass(?!keys?$)|token|secret|otp|code|(^|_)key$/i;

/** A copy of value with every secret field's value replaced by "[redacted]", at any depth. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(redact);
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET.test(k) ? REDACTED : redact(v)]),
    );
  }
  return value;
}

type Fields = Record<string, unknown>;

/** Only the fields that differ, as { before, after }; secrets redacted. */
function diff(before: Fields | null | undefined, after: Fields | null | undefined) {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const b: Fields = {};
  const a: Fields = {};
  for (const k of keys) {
    const x = before?.[k];
    const y = after?.[k];
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      b[k] = x ?? null;
      a[k] = y ?? null;
    }
  }
  return {
    before: before ? (redact(b) as Fields) : null,
    after: after ? (redact(a) as Fields) : null,
  };
}

export interface Actor {
  id: number | null;
  username: string | null;
}

/** What one write call reports about itself; the route layer writes it in the call's transaction. */
export interface CallAudit {
  action: string;
  targetType: string | null;
  targetId: string | null;
  changes: unknown;
  /** Set by calls that record their own entries instead (sign-in events). */
  skip?: boolean;
}

/** A call's scope (db/tx.ts) with what the trail keeps there. */
interface AuditScope extends Scope {
  req: FastifyRequest;
  call: CallAudit | null;
}

const auditScope = () => currentScope<AuditScope>();

/** Runs a contract call's handler with its request known to the recording helpers below. */
export function withAuditScope<T>(req: FastifyRequest, call: CallAudit | null, fn: () => Promise<T>) {
  return runInScope<AuditScope, Promise<T>>({ req, call, tx: null, effects: null }, fn);
}

/** The current write call's changed fields, from the row before and after. */
export function auditChanges(before: Fields | null | undefined, after: Fields | null | undefined) {
  const call = auditScope()?.call;
  if (call) {
    call.changes = diff(before, after);
  }
}

/** Names the row a create call made as its entry's target (when its answer does not carry data.id). */
export function auditTarget(id: number | string) {
  const call = auditScope()?.call;
  if (call) {
    call.targetId ??= String(id);
  }
}

/** Where the request came from, as the trail keeps it. */
function origin(req: FastifyRequest | undefined) {
  return {
    ip: req?.ip ?? null,
    userAgent: (req?.headers['user-agent'] as string | undefined)?.slice(0, 500) ?? null,
    requestId: req ? String(req.id) : null,
  };
}

export interface Entry {
  actor: Actor;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  changes?: unknown;
}

/** The row of one entry, its values redacted and trimmed as the trail keeps it. */
function entryRow(entry: Entry, req: FastifyRequest | undefined): typeof auditLog.$inferInsert {
  const from = origin(req);
  return {
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    changes: entry.changes == null ? null : redact(entry.changes),
    ip: from.ip,
    userAgent: from.userAgent,
    requestId: from.requestId,
  };
}

/**
 * Inserts one entry with db: inside a write call (db scoped to its transaction) it commits or rolls
 * back with the change; events and denied calls pass the plain database and are kept at once.
 */
export async function writeEntry(db: Db, entry: Entry, req = auditScope()?.req) {
  await db.insert(auditLog).values(entryRow(entry, req));
}

/**
 * A write call that changes many targets (a bulk action): one entry per target, written in the
 * call's transaction with `db` (the scoped db), in place of the call's own single entry.
 */
export async function auditEach(db: Db, entries: Omit<Entry, 'actor'>[]) {
  const s = auditScope();
  if (!s?.call) {
    return;
  }
  s.call.skip = true;
  for (const entry of entries) {
    await writeEntry(db, { ...entry, actor: actorOf(s.req) }, s.req);
  }
}

/** Sign-in events (the contract's list): each its own entry, kept whether the call then succeeds or fails. */
export type SigninEvent = (typeof AUDIT_SIGNIN_ACTIONS)[number];

/**
 * Records a sign-in event at once with the database (never inside a call's transaction, so a
 * refusal that fails the call is still kept). The user is the account tried, when known.
 */
export async function recordSignin(
  db: Db,
  event: SigninEvent,
  who: { username: string | null; userId?: number | null },
  details?: Fields,
) {
  const s = auditScope();
  if (s?.call) {
    s.call.skip = true;
  }
  let username = who.username;
  if (username === null && who.userId) {
    [{ username } = { username: null }] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, who.userId));
  }
  await writeEntry(
    db,
    {
      actor: { id: who.userId ?? null, username },
      action: event,
      targetType: who.userId ? 'user' : null,
      targetId: who.userId ?? null,
      changes: details ? { ...details } : undefined,
    },
    s?.req,
  );
}

const WRITE_PATH_COUNT = new Map<string, number>();

/** The action a call is recorded under: its path, with the method when several calls share it. */
export function actionOf(call: CallDef, all: readonly CallDef[]): string {
  if (WRITE_PATH_COUNT.size === 0) {
    for (const c of all) {
      if (c.method !== 'GET') {
        WRITE_PATH_COUNT.set(c.path, (WRITE_PATH_COUNT.get(c.path) ?? 0) + 1);
      }
    }
  }
  return (WRITE_PATH_COUNT.get(call.path) ?? 0) > 1 ? `${call.method} ${call.path}` : call.path;
}

/** The actor of a request, when signed in. */
export function actorOf(req: FastifyRequest): Actor {
  return { id: req.authUser?.id ?? null, username: req.authUser?.username ?? null };
}
