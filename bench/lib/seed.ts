import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/client';
import { seedRichDemo, seedScale } from '../../server/src/seed';
import { ensureSuperAdmin, syncPermissions } from '../../server/src/seed/bootstrap';
import { printLog } from './print-log';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/drizzle');

/** Rows the bench database holds for N users. */
function benchSizes(users: number) {
  const rich = Math.min(300, users);
  const extra = users - rich;
  return {
    users,
    richUsers: rich,
    searches: users,
    campaigns: Math.ceil(users / 100),
    campaignEvents: users,
    transactions: Math.ceil(users / 4),
    followersOfOneUser: Math.max(0, Math.min(extra - 1, 50_000)),
  };
}

export interface BenchDatabase {
  url: string;
  /** Ends the run's hold on the database (other runs on it wait until then). */
  release: () => Promise<void>;
  reused: boolean;
  seedMs: number;
  superAdminId: number;
  popularUserId: number | null;
  sizes: Record<string, number>;
  seedTimings: Record<string, number>;
}

/** A hash of the migrations: a bench database seeded under another schema is seeded again. */
function migrationsHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const f of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, f);
      if (fs.statSync(p).isDirectory()) {
        walk(p);
      } else {
        h.update(f).update(fs.readFileSync(p));
      }
    }
  };
  walk(MIGRATIONS);
  return h.digest('hex').slice(0, 16);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

interface Marker {
  sizes: Record<string, number>;
  migrations: string;
  super_admin_id: number;
  popular_user_id: number | null;
  seed_ms: number;
  seed_timings: Record<string, number>;
}

async function readMarker(url: string): Promise<Marker | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const res = await client.query<Marker>(
      'SELECT sizes, migrations, super_admin_id, popular_user_id, seed_ms, seed_timings FROM bench_seed_marker LIMIT 1',
    );
    return res.rows[0] ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * The database `name` on the server of `adminUrl`, seeded with `users` platform users: reused when
 * a marker says it already holds that size (migrated forward when migrations were added since),
 * else dropped and seeded anew.
 */
export async function ensureBenchDatabase(opts: {
  adminUrl: string;
  name: string;
  users: number;
  log: (m: string) => void;
}): Promise<BenchDatabase> {
  const url = withDatabase(opts.adminUrl, opts.name);
  // Runs on the same database take turns: one could otherwise drop it under another's feet.
  const lock = new pg.Client({ connectionString: opts.adminUrl });
  lock.on('error', (err) => opts.log(`lock connection: ${err.message}`));
  await lock.connect();
  const key = [`bench:${opts.name}`];
  const got = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', key);
  if (!got.rows[0].ok) {
    opts.log(`another bench run is using database ${opts.name}; waiting for it to finish...`);
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', key);
  }
  const release = async () => {
    await lock.end().catch(() => {});
  };
  try {
    return { ...(await prepare(opts, url, benchSizes(opts.users))), release };
  } catch (err) {
    await release();
    throw err;
  }
}

async function prepare(
  opts: { adminUrl: string; name: string; users: number; log: (m: string) => void },
  url: string,
  sizes: ReturnType<typeof benchSizes>,
): Promise<Omit<BenchDatabase, 'release'>> {
  const migrations = migrationsHash();
  const marker = await readMarker(url);
  if (marker && sameSizes(marker.sizes, sizes)) {
    if (marker.migrations !== migrations) {
      // Seeding millions of rows again for each new migration costs hours: migrations only add,
      // so the seeded database is migrated forward instead (and its counters recounted).
      opts.log(`migrating database ${opts.name} forward to the current migrations...`);
      const database = await openDatabase({ url });
      try {
        await database.migrate();
        await database.pool!.query('SELECT list_counts_refresh()');
        await database.pool!.query('ANALYZE');
        await database.pool!.query('UPDATE bench_seed_marker SET migrations = $1', [migrations]);
      } finally {
        await database.close();
      }
    }
    opts.log(`reusing database ${opts.name} (seeded with ${opts.users} users in ${marker.seed_ms} ms)`);
    return {
      url,
      reused: true,
      seedMs: marker.seed_ms,
      superAdminId: marker.super_admin_id,
      popularUserId: marker.popular_user_id,
      sizes,
      seedTimings: marker.seed_timings,
    };
  }
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${opts.name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${opts.name}"`);
  await admin.end();

  const started = Date.now();
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const db = database.db;
    await syncPermissions(db);
    await ensureSuperAdmin(db, {
      username: 'admin',
      email: 'admin@example.com',
      password: randomBytes(12).toString('base64url'),
    });
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'));
    opts.log(`seeding ${sizes.richUsers} demo users (posts, chats, campaigns, settings)...`);
    const demo = await db.transaction((tx) =>
      seedRichDemo(tx as unknown as typeof db, { users: sizes.richUsers, mediaDir }),
    );
    fs.rmSync(mediaDir, { recursive: true, force: true });
    const demoMs = Date.now() - started;
    opts.log(`seeding ${opts.users - sizes.richUsers} more users and the rest at scale (generate_series)...`);
    const scale = await seedScale(db, {
      users: opts.users - sizes.richUsers,
      searches: sizes.searches,
      campaigns: sizes.campaigns,
      campaignEvents: sizes.campaignEvents,
      transactions: sizes.transactions,
      followersOfOneUser: sizes.followersOfOneUser,
      log: printLog(opts.log),
    });
    // The demo's small tables (user_reports: 48 rows) stay below autovacuum's analyze threshold;
    // unanalyzed, the planner takes them for 1,000 rows and hashes a whole users index to join them.
    await database.pool!.query('ANALYZE');
    const seedMs = Date.now() - started;
    const seedTimings = { demo: demoMs, ...scale.timings };
    await database.pool!.query(`
      CREATE TABLE bench_seed_marker (sizes jsonb NOT NULL, migrations text NOT NULL, super_admin_id int NOT NULL,
        popular_user_id int, seed_ms int NOT NULL, seed_timings jsonb NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now())`);
    await database.pool!.query(
      `INSERT INTO bench_seed_marker (sizes, migrations, super_admin_id, popular_user_id, seed_ms, seed_timings)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        JSON.stringify(sizes),
        migrations,
        demo.superAdminId,
        scale.popularUserId,
        seedMs,
        JSON.stringify(seedTimings),
      ],
    );
    opts.log(`seeded ${opts.users} users in ${(seedMs / 1000).toFixed(1)} s`);
    return {
      url,
      reused: false,
      seedMs,
      superAdminId: demo.superAdminId!,
      popularUserId: scale.popularUserId,
      sizes,
      seedTimings,
    };
  } finally {
    await database.close();
  }
}

/** jsonb reorders keys, so compare the sizes key by key rather than as JSON text. */
function sameSizes(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}
