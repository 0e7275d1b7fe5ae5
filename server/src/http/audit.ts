import type { AUDIT_SIGNIN_ACTIONS, CallDef } from '@admin/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { asSql, currentScope, runInScope, type Scope, type Statement } from '../db/tx';

const REDACTED = '[redacted]';
/** Field names whose values never reach the trail: passwords, tokens, codes, keys. */
const SECRET = /pass(word)?|token|secret|otp|code|(^|_)key$/i;

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
  /** Commits the call's changes with its entry now, if it can (set by the route layer). */
  commitEarly?: () => void;
}

/** A call's scope (db/tx.ts) with what the trail keeps there. */
interface AuditScope extends Scope {
  req: FastifyRequest;
  call: CallAudit | null;
}

const auditScope = () => currentScope<AuditScope>();

/** Runs a contract call's handler with its request known to the recording helpers below. */
export function withAuditScope<T>(req: FastifyRequest, call: CallAudit | null, fn: () => Promise<T>) {
  return runInScope<AuditScope, Promise<T>>({ req, call, tx: null, send: null, commit: null }, fn);
}

/** The current write call's changed fields, from the row before and after. */
export function auditChanges(before: Fields | null | undefined, after: Fields | null | undefined) {
  const call = auditScope()?.call;
  if (call) {
    call.changes = diff(before, after);
  }
}

/**
 * The end of a write call whose changes are all made: on PostgreSQL they commit now, with the
 * call's entry, and `read` (the call's answer, read back) runs after the COMMIT in the same round
 * trip. Nothing may change after this. `createdId` is the row a create made, the entry's target.
 * Without a trail, or on PGlite, it simply runs `read` inside the call as before.
 */
export function readAfterCommit<T>(read: () => Promise<T>, createdId?: number): Promise<T> {
  const call = auditScope()?.call;
  if (call) {
    call.targetId ??= createdId === undefined ? null : String(createdId);
    call.commitEarly?.();
  }
  return read();
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

// Into the inbox: audit_log's indexes are kept off the call's path (see db/schema/audit.ts).
const ENTRY_INSERT = `INSERT INTO audit_inbox
  (actor_id, actor_username, action, target_type, target_id, changes, ip, user_agent, request_id)
  VALUES ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8, $9)`;

/**
 * The INSERT of one entry, its values redacted and trimmed as the trail keeps it. Plain text, not
 * a query builder: it is on every write call's path (sent with COMMIT, see db/tx.ts).
 */
export function entryStatement(entry: Entry, req = auditScope()?.req): Statement {
  const from = origin(req);
  return {
    name: 'audit_entry_insert',
    text: ENTRY_INSERT,
    values: [
      entry.actor.id,
      entry.actor.username,
      entry.action,
      entry.targetType ?? null,
      entry.targetId == null ? null : String(entry.targetId),
      entry.changes == null ? null : JSON.stringify(redact(entry.changes)),
      from.ip,
      from.userAgent,
      from.requestId,
    ],
  };
}

/** Inserts one entry with db at once (events and denied calls, outside any call's transaction). */
export async function writeEntry(db: Db, entry: Entry, req = auditScope()?.req) {
  await db.execute(asSql(entryStatement(entry, req)));
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
