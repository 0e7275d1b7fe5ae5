/**
 * `npm run bench:pglite`: the list calls of bench/scenarios/lists.ts on the embedded default (PGlite,
 * issue 12): seeds a data directory as a first `npm start` with SEED_USERS does (default 100000;
 * kept in BENCH_PGLITE_DIR, default /tmp/bench-pglite-<users>, and reused), starts the real server on
 * it and times each call over HTTP one at a time and BENCH_CONNECTIONS at once. Prints the absolute
 * table (bench/results/pglite/size-<users>.json) and each p50 against PostgreSQL's at the same size
 * (bench/results/size-<users>.json, from `SEED_USERS=<users> npm run bench -- lists`).
 * BENCH_SEED_ONLY=1 seeds and stops (the seed can run outside the heavy-job lock, the measure in it).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { uncheckedRows } from '../server/src/db/sql';
import { createSession } from '../server/src/modules/auth/bench';
import { ensureSuperAdmin, syncPermissions } from '../server/src/seed/bootstrap';
import { seedDemoOnce } from '../server/src/seed/once';
import { absoluteTable } from './lib/absolute';
import { httpTask, loadTogether } from './lib/measure';
import { startServer, stopServer } from './lib/server';
import type { LoadPair, ScenarioResult } from './lib/types';
import { listScenarios, SEARCHED_DELETED_USER_SQL, SEARCHED_USER_SQL } from './scenarios/lists';

const env = process.env;
const users = Number(env.SEED_USERS || 100_000);
const duration = Number(env.BENCH_DURATION || 3) * 1000;
const connections = Number(env.BENCH_CONNECTIONS || 10);
const dataDir = env.BENCH_PGLITE_DIR || path.join(os.tmpdir(), `bench-pglite-${users}`);
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const RESULTS = path.join(import.meta.dirname, 'results');
const log = (m: string) => console.log(`[pglite] ${m}`);

/** Seeds on the first run (as main.ts does on a first start), then answers what the calls need. */
async function prepare() {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await syncPermissions(database.db);
    await ensureSuperAdmin(database.db, { username: 'admin', email: 'admin@example.com' });
    const started = Date.now();
    const seeded = await seedDemoOnce(database, { users, mediaDir: path.join(dataDir, 'media') });
    log(seeded ? `seeded ${users} users in ${Date.now() - started} ms` : `reusing ${dataDir}`);
    const one = async <T>(text: string) => uncheckedRows<T>(await database.db.execute(sql.raw(text)))[0];
    const admin = await one<{ id: number }>('SELECT id FROM users WHERE is_sup_admin ORDER BY id LIMIT 1');
    const searched = await one<{ username: string }>(SEARCHED_USER_SQL);
    const deleted = await one<{ username: string }>(SEARCHED_DELETED_USER_SQL);
    const popular = await one<{ id: number }>(
      'SELECT id FROM users WHERE NOT is_admin ORDER BY followers_count DESC, id LIMIT 1',
    );
    const token = await createSession(database.db, admin.id, 'admin');
    return {
      token,
      username: searched.username,
      deletedUsername: deleted?.username ?? 'admin',
      popularUserId: popular?.id ?? null,
    };
  } finally {
    await database.close();
  }
}

async function measure(url: string, token: string, concurrency: number): Promise<LoadPair> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const task = httpTask({ url, method: 'GET', token, agent });
    const { http: lat } = await loadTogether({ http: task }, { concurrency, durationMs: duration });
    return { concurrency, http: lat, sql: null, floor: null, ratio: null, floorRatio: null };
  } finally {
    agent.destroy();
  }
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  const { token, username, deletedUsername, popularUserId } = await prepare();
  if (env.BENCH_SEED_ONLY === '1') {
    return;
  }
  // The embedded default: no DATABASE_URL, the data directory just seeded.
  delete env.DATABASE_URL;
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' });
  const results: ScenarioResult[] = [];
  try {
    for (const s of listScenarios(username, popularUserId, deletedUsername)) {
      if (filters.length > 0 && !filters.some((f) => s.name.includes(f))) {
        continue;
      }
      const r: ScenarioResult = { area: 'lists', name: s.name, url: s.url, one: null, loaded: null };
      const probe = await fetch(server.url + s.url, { headers: { authorization: `Bearer ${token}` } });
      if (probe.status >= 300) {
        r.error = `HTTP ${probe.status} ${(await probe.text()).slice(0, 160)}`;
      } else {
        await probe.arrayBuffer();
        r.one = await measure(server.url + s.url, token, 1);
        r.loaded = await measure(server.url + s.url, token, connections);
      }
      log(
        `${s.name}: ${r.error ?? `p50 ${r.one?.http.p50.toFixed(2)} ms, ${r.loaded?.http.perSec.toFixed(0)} req/s`}`,
      );
      results.push(r);
    }
  } finally {
    await stopServer(server.proc);
  }
  console.log(`\nPGlite, load average ${os.loadavg()[0].toFixed(1)}:`);
  console.log(absoluteTable(results, users, path.join(RESULTS, 'pglite'), connections));
  const pgFile = path.join(RESULTS, `size-${users}.json`);
  if (fs.existsSync(pgFile)) {
    const pg: Record<string, { p50: number }> = JSON.parse(fs.readFileSync(pgFile, 'utf8'));
    console.log(`\n| call | PGlite p50 ms | PostgreSQL p50 ms | PGlite / PostgreSQL |\n|---|---:|---:|---:|`);
    for (const r of results) {
      const other = pg[`lists: ${r.name}`];
      if (r.one && other) {
        const p = r.one.http.p50;
        console.log(
          `| ${r.name} | ${p.toFixed(2)} | ${other.p50.toFixed(2)} | ${(p / other.p50).toFixed(2)}x |`,
        );
      }
    }
  }
  process.exit(results.some((r) => r.error) ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
