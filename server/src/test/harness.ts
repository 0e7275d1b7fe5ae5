import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type CallDef, calls, inputOf } from '@admin/contract';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, type Db, openDatabase } from '../db/client';
import { groups, permissions, userGroups, userPermissions, users } from '../db/schema';
import { createDeps } from '../deps';
import { hashPassword } from '../lib/passwords';
import { createSession } from '../modules/auth';
import type { Clock } from '../providers/clock';
import { createMailer, type Mailer } from '../providers/mail';
import { syncPermissions } from '../seed/bootstrap';
import { withDatabase } from './global-setup';
import { testTempDir } from './temp-dir';

export interface TestEnv {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** the file's own database on the PostgreSQL server (undefined on PGlite) */
  databaseUrl?: string;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

/** A clock a test moves by hand: it starts at the machine's time and stands still until moved. */
export function testClock(): Clock & { advance(ms: number): void } {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}

/**
 * One app per test file on a database of its own, copied from the run's migrated template (see
 * global-setup.ts): PGlite in memory, or with DATABASE_URL a database of its own on the server that
 * is dropped afterwards. Without the template (a runner that skipped the global setup) it migrates.
 */
export async function setupTestApp(
  opts: {
    env?: Record<string, string>;
    logger?: object;
    /** e.g. to hold mails back and see that an answer does not wait for them */
    wrapMailer?: (outbox: Mailer) => Mailer;
    /** the time the app's rules read (default: the system clock), e.g. one the test moves */
    clock?: Clock;
  } = {},
): Promise<TestEnv> {
  const dataDir = testTempDir('admin-test-');
  const { database, url, drop } = await openTestDatabase();
  const config = loadConfig({
    ...process.env,
    // The file's own database: Redis keys (rate limits, chat) are named after it, so runs and files never share counts.
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'none',
    // API-wide rate limits off: a test file sends hundreds of calls from one address (rate-limit.test.ts sets them).
    RATE_LIMIT_SESSION: '0',
    RATE_LIMIT_ADDRESS: '0',
    RATE_LIMIT_SIGN_IN: '0',
    RATE_LIMIT_CHAT_HANDSHAKE: '0',
    RATE_LIMIT_PAGES: '0',
    ...opts.env,
  });
  const outboxDir = path.join(dataDir, 'outbox');
  const outbox = createMailer({ from: 'test@example.com', outboxDir });
  const mailer = opts.wrapMailer ? opts.wrapMailer(outbox) : outbox;
  const deps = await createDeps(config, database, { mailer, clock: opts.clock });
  const app = await buildApp(deps, { logger: opts.logger ?? false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    databaseUrl: url,
    dataDir,
    outboxDir,
    async close() {
      try {
        await app.close();
        await database.close();
      } finally {
        // Also after a test that shut the app down itself (shutdown.test.ts): its database must go.
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A migrated database for one test file, and what drops it. */
async function openTestDatabase(): Promise<{
  database: Database;
  /** the file's own database on the server (undefined on PGlite) */
  url?: string;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  const template = inject('serverTemplate') ?? {};
  if (url) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const run = async (text: string) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(text).finally(() => admin.end());
    };
    await run(
      template.pgTemplate
        ? `CREATE DATABASE ${name} TEMPLATE ${template.pgTemplate}`
        : `CREATE DATABASE ${name}`,
    );
    const ownUrl = withDatabase(url, name);
    const database = await openDatabase({ url: ownUrl });
    await prepare(database, !template.pgTemplate);
    return { database, url: ownUrl, drop: () => run(`DROP DATABASE ${name} WITH (FORCE)`) };
  }
  const loadDataDir = template.pgliteDump ? new Blob([fs.readFileSync(template.pgliteDump)]) : undefined;
  const database = await openDatabase({ dataDir: null, loadDataDir });
  await prepare(database, !loadDataDir);
  return { database, drop: async () => {} };
}

/** migrate() finds nothing to apply in a copy of the template, but the app reads that it ran. */
async function prepare(database: Database, fresh: boolean) {
  await database.migrate();
  if (fresh) {
    await syncPermissions(database.db);
  }
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface MadeUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

/**
 * One argon2 hash per test password and process (hashing is slow on purpose, 50-150 ms): users
 * made with the same password share it, and each still signs in with its own password.
 */
const testHashes = new Map<string, Promise<string>>();
function testHash(password: string): Promise<string> {
  let made = testHashes.get(password);
  if (!made) {
    made = hashPassword(password);
    testHashes.set(password, made);
  }
  return made;
}

/**
 * A user for a test. Staff by default (is_admin) with the given permissions granted directly;
 * `superAdmin` passes every check; `platform` makes an app user (no token).
 */
export async function makeUser(
  db: Db,
  opts: {
    permissions?: string[];
    groupPermissions?: string[];
    superAdmin?: boolean;
    platform?: boolean;
    name?: string;
    password?: string;
    suspended?: boolean;
    values?: Partial<typeof users.$inferInsert>;
  } = {},
): Promise<MadeUser> {
  const id = unique();
  const password = opts.password ?? 'secret-password';
  const username = `user_${id}`;
  const email = `${username}@example.com`;
  const [row] = await db
    .insert(users)
    .values({
      name: opts.name ?? `Test User ${id}`,
      username,
      email,
      passwordHash: opts.platform ? null : await testHash(password),
      isAdmin: !opts.platform,
      isSupAdmin: !!opts.superAdmin,
      isSuspended: !!opts.suspended,
      ...opts.values,
    })
    .returning({ id: users.id });
  if (opts.permissions?.length) {
    const perms = await db.select().from(permissions).where(inArray(permissions.name, opts.permissions));
    await db.insert(userPermissions).values(perms.map((p) => ({ userId: row.id, permissionId: p.id })));
  }
  if (opts.groupPermissions?.length) {
    const [group] = await db
      .insert(groups)
      .values({ name: `Group ${id}` })
      .returning();
    const perms = await db.select().from(permissions).where(inArray(permissions.name, opts.groupPermissions));
    const { groupPermissions } = await import('../db/schema');
    await db.insert(groupPermissions).values(perms.map((p) => ({ groupId: group.id, permissionId: p.id })));
    await db.insert(userGroups).values({ userId: row.id, groupId: group.id });
  }
  const token = opts.platform ? '' : await createSession(db, row.id, 'admin');
  return { id: row.id, username, email, password, token };
}

/** Calls a contract entry through app.inject, placing the input where the contract says. */
export async function callApi<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  input: Record<string, unknown> = {},
  token?: string,
) {
  let url = `/api/v2/${call.path}`;
  const rest = { ...input };
  url = url.replace(/:(\w+)/g, (_, k: string) => {
    const v = rest[k];
    delete rest[k];
    return encodeURIComponent(String(v));
  });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const inQuery = inputOf(call) === 'query';
  const qs = new URLSearchParams(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  const res = await app.inject({
    method: call.method,
    url: inQuery && qs ? `${url}?${qs}` : url,
    headers,
    payload: inQuery ? undefined : rest,
  });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body,
    raw: res,
  };
}

/** The newest mail in the outbox, as text. */
export function lastMail(outboxDir: string): string {
  const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).sort() : [];
  if (files.length === 0) {
    throw new Error('no mail in the outbox');
  }
  return fs.readFileSync(path.join(outboxDir, files[files.length - 1]), 'utf8');
}

/** The sign-in code in the newest mail of the outbox. */
export function lastCode(outboxDir: string): string {
  const match = lastMail(outboxDir).match(/code is (\d{6})/);
  if (!match) {
    throw new Error('no code in the mail');
  }
  return match[1];
}

export { calls, sql };

/** Sets environment variables (e.g. a test file's LIST_TOTAL_CAP); the function returned puts back what was there. */
export function setEnv(values: Record<string, string>): () => void {
  const saved = Object.keys(values).map((k) => [k, process.env[k]] as const);
  Object.assign(process.env, values);
  return () => {
    for (const [k, v] of saved) {
      if (v === undefined) {
        delete process.env[k];
      } else {
        process.env[k] = v;
      }
    }
  };
}

/**
 * A stored mail as a reader sees its lines: quoted-printable soft line breaks (`=` at a line's end,
 * put wherever a line passes 76 characters, so where depends on the names in it) joined.
 */
const unfolded = (mail: string) =>
  /^Content-Transfer-Encoding: quoted-printable/im.test(mail) ? mail.replace(/=\r?\n/g, '') : mail;

/** Waits (polling, up to 60 s: a busy machine is slow, not broken) for a mail in the outbox whose text matches, e.g. one sent after the answer. */
export async function waitForMail(outboxDir: string, match: RegExp): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).sort().reverse() : [];
    for (const f of files) {
      const text = unfolded(fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      if (match.test(text)) {
        return text;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no mail matching ${match} in the outbox`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
