/**
 * `npm run bench [-- filter...]`: seeds a PostgreSQL database `bench` with SEED_USERS platform users
 * (reused while its size and the migrations are unchanged), starts the real server in its own
 * process, and for each scenario of bench/scenarios/<area>.ts times the call over HTTP, the same
 * SQL through the pg driver alone, and that SQL behind a bare node:http server (the floor): one at a
 * time, then BENCH_CONNECTIONS at once. Prints the table and writes bench/results/latest.json. Then
 * runs the standalone benches (bench/*-bench.ts exporting {name, run, report}).
 *
 * Knobs: DATABASE_URL (server to use), SEED_USERS (100000), BENCH_DB (bench), BENCH_DURATION (s per
 * measure, 3; a scenario takes six: three at each concurrency), BENCH_CONNECTIONS (10),
 * BENCH_EXTRAS (1; 0 skips the standalone benches), BENCH_SEED_ONLY (1: seeds and builds the kept
 * areas' scenario lists, which top their tables up, and measures nothing: a long seed can run
 * outside the machine's heavy-job lock, the measure under it). Filters (arguments) keep the areas whose name
 * contains one (or, when none names an area, the scenarios whose name contains one), and the
 * standalone benches whose name contains one.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { createSession, sessionQuery } from '../server/src/modules/auth/bench';
import { absoluteTable } from './lib/absolute';
import { type FloorServer, startFloorServer } from './lib/floor-server';
import { httpTask, type Latencies, loadTogether, sqlTask, toQuery } from './lib/measure';
import { ensureBenchDatabase } from './lib/seed';
import { startServer, stopServer } from './lib/server';
import type { BenchContext, LoadPair, Scenario, ScenarioList, ScenarioResult } from './lib/types';

const BENCH_DIR = import.meta.dirname;
const env = process.env;
const num = (name: string, fallback: number) => {
  const v = Number(env[name]);
  return env[name] && Number.isFinite(v) ? v : fallback;
};
const settings = {
  adminUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  database: env.BENCH_DB || 'bench',
  users: num('SEED_USERS', 100_000),
  duration: num('BENCH_DURATION', 3),
  connections: num('BENCH_CONNECTIONS', 10),
  extras: env.BENCH_EXTRAS !== '0',
  seedOnly: env.BENCH_SEED_ONLY === '1',
  filters: process.argv.slice(2).filter((a) => !a.startsWith('-')),
};
const log = (m: string) => console.log(`[bench] ${m}`);
const wanted = (...names: string[]) =>
  settings.filters.length === 0 || settings.filters.some((f) => names.some((n) => n.includes(f)));

interface Extra {
  name: string;
  run: (opts?: { log?: (line: string) => void }) => Promise<unknown>;
  report: (r: never) => string;
}

/** bench/scenarios/<area>.ts files, auth and users first. */
async function loadScenarioFiles(): Promise<{ area: string; list: ScenarioList }[]> {
  const dir = path.join(BENCH_DIR, 'scenarios');
  const order = (f: string) => (f.startsWith('auth.') ? 0 : f.startsWith('users.') ? 1 : 2);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const out: { area: string; list: ScenarioList }[] = [];
  for (const f of files) {
    let mod: { scenarios?: ScenarioList };
    try {
      mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { scenarios?: ScenarioList };
    } catch (err) {
      // One broken area must not stop the others: it shows as a failed row.
      const msg = err instanceof Error ? err.message : String(err);
      out.push({
        area: f.replace(/\.ts$/, ''),
        list: () => {
          throw new Error(`cannot load bench/scenarios/${f}: ${msg}`);
        },
      });
      continue;
    }
    if (mod.scenarios) {
      out.push({ area: f.replace(/\.ts$/, ''), list: mod.scenarios });
    } else {
      log(`bench/scenarios/${f} exports no 'scenarios': skipped`);
    }
  }
  return out;
}

async function loadExtras(): Promise<{ file: string; extra: Extra }[]> {
  const files = fs.readdirSync(BENCH_DIR).filter((f) => f.endsWith('-bench.ts'));
  const out: { file: string; extra: Extra }[] = [];
  for (const f of files) {
    try {
      const mod = (await import(pathToFileURL(path.join(BENCH_DIR, f)).href)) as { default?: Extra };
      if (mod.default && typeof mod.default.run === 'function') {
        out.push({ file: f, extra: mod.default });
      }
    } catch (err) {
      log(`cannot load bench/${f}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out;
}

const fmt = (v: number | null, digits = 1) => (v === null || !Number.isFinite(v) ? '-' : v.toFixed(digits));

function row(r: ScenarioResult): string {
  if (r.error) {
    const reason = r.error.replace(/\s+/g, ' ').replace(/\|/g, '/').slice(0, 140);
    return `| ${r.area}: ${r.name} | failed: ${reason} |${' |'.repeat(11)}`;
  }
  const cells = (pair: LoadPair | null, loaded: boolean) => {
    const head = loaded
      ? [fmt(pair?.http.p50 ?? null, 2), fmt(pair?.http.p99 ?? null, 1), fmt(pair?.http.perSec ?? null, 0)]
      : [fmt(pair?.http.p50 ?? null, 2)];
    const p50 = (l: Latencies | null | undefined) => fmt(l?.p50 ?? null, 2);
    return [
      ...head,
      p50(pair?.floor),
      p50(pair?.sql),
      fmt(pair?.ratio ?? null, 2),
      fmt(pair?.floorRatio ?? null, 2),
    ];
  };
  const failures = (r.one?.http.failures ?? 0) + (r.loaded?.http.failures ?? 0);
  const bad = failures > 0 ? ` (${failures} failed requests)` : '';
  return `| ${r.area}: ${r.name}${bad} | ${[...cells(r.one, false), ...cells(r.loaded, true)].join(' | ')} |`;
}

function table(results: ScenarioResult[]): string {
  const n = settings.connections;
  const tail = 'floor p50 ms | SQL p50 ms | ratio | floor ratio';
  return [
    `| call | 1 at a time: HTTP p50 ms | ${tail} | ${n} at once: HTTP p50 ms | HTTP p99 ms | req/s | ${tail} |`,
    `|---|${'---:|'.repeat(12)}`,
    ...results.map(row),
  ].join('\n');
}

/** Where a scenario's three measures go. */
interface Targets {
  /** The real server. */
  base: string;
  token: string;
  sqlPool: pg.Pool;
  floor: FloorServer;
}

/**
 * The call, its SQL alone and the floor server running that SQL, at one concurrency, measured in
 * rotation (loadTogether) so the machine's slow spells do not favour one of them.
 */
async function measurePair(s: Scenario, { base, token, sqlPool, floor }: Targets, concurrency: number) {
  const durationMs = settings.duration * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const urls = (s.urls ?? [s.url]).map((u) => base + u);
    const call = httpTask({ url: urls, method: s.method ?? 'GET', token, body: s.body, agent });
    if (!s.sql) {
      const { http: only } = await loadTogether({ http: call }, { concurrency, durationMs });
      return { concurrency, http: only, sql: null, floor: null, ratio: null, floorRatio: null };
    }
    const queries = Array.isArray(s.sql) ? s.sql : [s.sql];
    // Every staff call runs the guard's session query first (a prepared statement, as the server does).
    const guard = { ...toQuery(sessionQuery(token, 'admin')), name: 'session_of_token' };
    const floorUrl = await floor.register({
      head: [guard],
      list: queries.map(toQuery),
      parallel: !!s.sqlParallel,
    });
    const lat = await loadTogether(
      {
        http: call,
        sql: sqlTask(sqlPool, queries, !!s.sqlParallel, [guard]),
        floor: httpTask({ url: floorUrl, method: 'GET', token, agent }),
      },
      { concurrency, durationMs },
    );
    const per = (l: Latencies) => (lat.sql.p50 > 0 && l.runs > 0 ? l.p50 / lat.sql.p50 : null);
    return { concurrency, ...lat, ratio: per(lat.http), floorRatio: per(lat.floor) } satisfies LoadPair;
  } finally {
    agent.destroy();
  }
}

async function runScenario(area: string, s: Scenario, targets: Targets): Promise<ScenarioResult> {
  const { base, token, sqlPool } = targets;
  const result: ScenarioResult = { area, name: s.name, url: s.url, one: null, loaded: null };
  // One checked request first: a scenario that answers an error is reported, not benchmarked.
  const probe = await fetch(base + s.url, {
    method: s.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(s.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
  });
  if (probe.status >= 300) {
    const text = (await probe.text()).slice(0, 160).replace(/\|/g, '/');
    result.error = `HTTP ${probe.status} ${text}`;
    return result;
  }
  await probe.arrayBuffer();
  if (s.sql) {
    // The queries must run as written before anything is timed.
    await sqlTask(sqlPool, Array.isArray(s.sql) ? s.sql : [s.sql], false)();
  }
  result.one = await measurePair(s, targets, 1);
  result.loaded = await measurePair(s, targets, s.connections ?? settings.connections);
  if (result.one.http.runs === 0) {
    result.error = `no answer within ${settings.duration} s`;
  }
  return result;
}

/** The standalone benches the filters ask for, one after another, each report printed. */
async function runExtras(loaded: { file: string; extra: Extra }[]) {
  const extras: { name: string; result?: unknown; report?: string; error?: string }[] = [];
  for (const { file, extra } of loaded) {
    if (!wanted(extra.name, file)) {
      continue;
    }
    log(`standalone bench ${file}`);
    try {
      const r = await extra.run({ log: (line: string) => log(`${extra.name}: ${line}`) });
      const report = extra.report(r as never);
      extras.push({ name: extra.name, result: r, report });
      console.log(`\n${report}\n`);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      extras.push({ name: extra.name, error: msg });
      log(`${extra.name} failed: ${msg}`);
    }
  }
  return extras;
}

async function main() {
  const loaded = settings.extras ? await loadExtras() : [];
  // Filters that each name a standalone bench and no area (`npm run bench -- soak`; `audit` names
  // an area): no bench database, server or scenario lists (which could top
  // tables up with millions of rows) are needed.
  const areas = fs.readdirSync(path.join(BENCH_DIR, 'scenarios')).map((f) => f.replace(/\.ts$/, ''));
  if (
    settings.filters.length > 0 &&
    settings.filters.every((f) =>
      loaded.some(({ file, extra }) => extra.name.includes(f) || file.includes(f)),
    ) &&
    !settings.filters.some((f) => areas.some((a) => a.includes(f)))
  ) {
    const failed = (await runExtras(loaded)).filter((e) => e.error).length;
    process.exit(failed > 0 ? 1 : 0);
  }
  const started = Date.now();
  log(`database server ${new URL(settings.adminUrl).host}, ${settings.users} users`);
  const bench = await ensureBenchDatabase({
    adminUrl: settings.adminUrl,
    name: settings.database,
    users: settings.users,
    log,
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  const server = await startServer({
    DATABASE_URL: bench.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED: 'none',
  });
  const base = server.url;
  const database = await openDatabase({ url: bench.url });
  // As many connections as the server's own pool, so the SQL alone meets the same limits.
  const sqlPool = new pg.Pool({ connectionString: bench.url, max: 20 });
  const floor = await startFloorServer(bench.url);
  sqlPool.on('error', (err) => log(`pg pool: ${err.message}`));
  const results: ScenarioResult[] = [];
  const extras: { name: string; result?: unknown; report?: string; error?: string }[] = [];
  let pgVersion = '';
  try {
    pgVersion = (await sqlPool.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]
      .v;
    const token = await createSession(database.db, bench.superAdminId, 'admin');
    const ctx: BenchContext = {
      users: settings.users,
      sizes: bench.sizes,
      superAdminId: bench.superAdminId,
      popularUserId: bench.popularUserId,
      token,
      pool: sqlPool,
    };
    const targets: Targets = { base, token, sqlPool, floor };
    results.push(...(await measureScenarios(ctx, targets)));
  } finally {
    await sqlPool.end();
    floor.stop();
    await stopServer(server.proc);
    await database.close();
    await bench.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const header = [
    '',
    `Benchmark: ${settings.users} users (seed ${bench.reused ? 'reused, took' : 'took'} ${(bench.seedMs / 1000).toFixed(1)} s),`,
    `${settings.duration} s per measure; PostgreSQL ${pgVersion}, Node ${process.version},`,
    `${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? 'unknown'}), load average ${os.loadavg()[0].toFixed(1)}.`,
    'HTTP: the call to the server (its own process) over keep-alive connections; SQL: the same queries through',
    "the pg driver alone (a pool as large as the server's); floor: a bare node:http server running that SQL",
    `(bench/lib/floor-server.ts). Each runs one at a time, then ${settings.connections} at once, the three in turns;`,
    'ratio: HTTP p50 / SQL p50, floor ratio: floor p50 / SQL p50, at the same concurrency.',
    '',
  ].join('\n');
  console.log(`${header}\n${table(results)}\n`);
  console.log(
    `Absolute figures (HTTP):\n${absoluteTable(results, settings.users, path.join(BENCH_DIR, 'results'), settings.connections)}\n`,
  );

  if (settings.extras && !settings.seedOnly) {
    extras.push(...(await runExtras(loaded)));
  }

  const out = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(out, { recursive: true });
  const json = {
    date: new Date().toISOString(),
    users: settings.users,
    sizes: bench.sizes,
    seed: { reused: bench.reused, ms: bench.seedMs, timings: bench.seedTimings },
    settings: { duration: settings.duration, connections: settings.connections },
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim(),
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      loadAverage: os.loadavg()[0],
      node: process.version,
      postgres: pgVersion,
    },
    results,
    table: table(results),
    extras,
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  fs.writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  log(`wrote bench/results/latest.json (${json.totalSeconds} s in all)`);
  const failed = results.filter((r) => r.error).length;
  process.exit(failed > 0 ? 1 : 0);
}

/** Every wanted scenario of every area file, measured one after another. */
async function measureScenarios(ctx: BenchContext, targets: Targets): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  const files = await loadScenarioFiles();
  // Filters naming an area skip the other areas whole: their scenario lists may top tables up.
  const areaFilter = settings.filters.some((f) => files.some((file) => file.area.includes(f)));
  for (const file of files) {
    if (areaFilter && !settings.filters.some((f) => file.area.includes(f))) {
      continue;
    }
    let list: Scenario[];
    try {
      list = typeof file.list === 'function' ? await file.list(ctx) : file.list;
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      results.push({ ...emptyResult(file.area, '(scenarios)'), error: msg });
      continue;
    }
    if (settings.seedOnly) {
      log(`${file.area}: ${list.length} scenarios built (BENCH_SEED_ONLY: not measured)`);
      continue;
    }
    for (const s of list) {
      if (!areaFilter && !wanted(file.area, s.name)) {
        continue;
      }
      log(`${file.area}: ${s.name}`);
      try {
        results.push(await runScenario(file.area, s, targets));
        log(row(results[results.length - 1]));
      } catch (err) {
        results.push({
          ...emptyResult(file.area, s.name, s.url),
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }
  }
  return results;
}

function emptyResult(area: string, name: string, url = ''): ScenarioResult {
  return { area, name, url, one: null, loaded: null };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
