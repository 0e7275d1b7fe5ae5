import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uncheckedRows } from '../db/sql';
import { type Log, silentLog } from '../lib/log';
import { seedAuditDemo } from './audit';
import { seedRichDemo } from './demo';
import type { DemoAccount } from './demo-accounts';
import { seedScale } from './scale';

export { seedRichDemo } from './demo';
export { type DemoAccount, writeDemoAccounts } from './demo-accounts';
export { seedScale } from './scale';

export interface SeedOptions {
  /** Platform users to create (the demo default is a few hundred). */
  users: number;
  /** Where generated images are written (served under /media/). */
  mediaDir: string;
  log?: Log;
}

/**
 * Users drawn one by one in JavaScript with everything around them (posts, chats, campaigns...).
 * Users beyond this are added by the SQL scale seed, with devices, follows and searches.
 */
const RICH_DEMO_USERS = 1000;

/** Fills an empty database with believable demo data for every screen; answers the staff accounts. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ staffAccounts: DemoAccount[] }> {
  const log = opts.log ?? silentLog;
  const started = Date.now();
  log.info({ users: opts.users }, 'seeding demo data (first start)');
  const rich = Math.min(opts.users, RICH_DEMO_USERS);
  const staffAccounts = await db.transaction(async (tx) => {
    const summary = await seedRichDemo(tx as unknown as Db, { users: rich, mediaDir: opts.mediaDir });
    log.info({ ms: summary.timings }, 'demo seed steps');
    await seedAuditDemo(tx as unknown as Db);
    return summary.staffPasswords;
  });
  log.info({ users: rich, ms: Date.now() - started }, 'demo seed: users with posts, chats and campaigns');
  const extra = opts.users - rich;
  if (extra > 0) {
    await seedScale(db, { users: extra, searches: extra * 3, followsPerUser: 3, log });
    log.info({ users: extra, totalMs: Date.now() - started }, 'demo seed: more users (scale seed)');
  }
  // Planner statistics for every table now: PGlite has no autovacuum to gather them, and without
  // them a small table (the demo's 48 user reports) can be joined by hashing all of users
  // (reported users 24 ms instead of ~1 ms at 100,000 users).
  await analyzeSchema(db);
  log.info({ staff: staffAccounts.map((s) => s.username) }, 'demo staff accounts (generated passwords)');
  return { staffAccounts };
}

/** ANALYZE every table of the current schema (only ours: tests share a server, one schema each). */
async function analyzeSchema(db: Db) {
  const tables = uncheckedRows<{ t: string }>(
    await db.execute(
      sql`SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = current_schema()`,
    ),
  ).map((r) => r.t);
  if (tables.length > 0) {
    await db.execute(sql.raw(`ANALYZE ${tables.join(', ')}`));
  }
}
