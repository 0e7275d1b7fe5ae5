import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { uncheckedRows } from '../db/sql';
import { testTempDir } from '../test/temp-dir';
import { seedDemoOnce } from './once';

// Two processes on one server need a server: PGlite has one process per data directory.
const url = process.env.DATABASE_URL;
if (!url) {
  console.warn('[skipped] seeding once across processes needs DATABASE_URL (a PostgreSQL server)');
}

describe.skipIf(!url)('the demo seed of two first starts at once on one PostgreSQL', () => {
  const schemaName = `t_${randomBytes(6).toString('hex')}`;
  const mediaDir = testTempDir('seed-once-');
  let a: Database;
  let b: Database;
  const admin = () => new pg.Client({ connectionString: url });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE SCHEMA ${schemaName}`);
    await c.end();
    // Two pools, as two server processes would have.
    [a, b] = await Promise.all([openDatabase({ url, schemaName }), openDatabase({ url, schemaName })]);
    await Promise.all([a.migrate(), b.migrate()]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const c = admin();
    await c.connect();
    await c.query(`DROP SCHEMA ${schemaName} CASCADE`);
    await c.end();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('seeds once: one process seeds, the other finds the data', async () => {
    const opts = { users: 20, mediaDir };
    const results = await Promise.all([seedDemoOnce(a, opts), seedDemoOnce(b, opts)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const seeded = results.find((r) => r !== null);
    expect(seeded?.staffAccounts.length).toBeGreaterThan(0);
    const counts = uncheckedRows<{ platform: number; staff: number; staff_names: number }>(
      await a.db.execute(sql`
        SELECT count(*) FILTER (WHERE NOT is_admin)::int AS platform,
               count(*) FILTER (WHERE is_admin)::int AS staff,
               count(DISTINCT name) FILTER (WHERE is_admin)::int AS staff_names
          FROM users`),
    )[0];
    // One set of demo rows: the users asked for, and every demo staff member once.
    expect(counts.platform).toBe(20);
    expect(counts.staff).toBe(seeded?.staffAccounts.length);
    expect(counts.staff_names).toBe(counts.staff);
    // A later start finds the data too.
    expect(await seedDemoOnce(b, opts)).toBeNull();
  }, 300_000);
});
