/**
 * Write calls one request at a time (issue 30: p50 at most 5 ms each with the trail, audit_log at
 * BENCH_AUDIT entries, 10,000,000 by default): update-profile, group add, group edit,
 * approve-campaign. Two server processes on the bench database, one with the trail and one with
 * AUDIT_TRAIL=off (for information only: a write call keeps its transaction either way), take
 * turns on the same calls in turns of WRITES_BENCH_SLICE (10) requests, WRITES_BENCH_SECONDS (8)
 * per server and call, WRITES_BENCH_ROUNDS (1) fresh pairs of processes.
 *
 * Run: `npm run bench -- writes` (after the scenarios, on BENCH_DB / SEED_USERS like them), or
 * alone: `npx tsx bench/writes-bench.ts`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client';
import { createSession } from '../server/src/modules/auth/bench';
import { percentile } from './lib/measure';
import { ensureBenchDatabase } from './lib/seed';
import { startServer, stopServer } from './lib/server';
import { ensureAuditEntries } from './scenarios/audit';

export interface OverheadRow {
  call: string;
  /** p50 / p99 in ms, with and without the trail */
  on: { p50: number; p99: number; runs: number };
  off: { p50: number; p99: number; runs: number };
}
export interface OverheadResult {
  rows: OverheadRow[];
  auditEntries: number;
  loadAverage: number[];
}

interface WriteCall {
  name: string;
  /** Untimed: puts the data back so the call can run again (e.g. the campaign back to Pending). */
  prepare?: () => Promise<void>;
  request: (n: number) => { method: string; path: string; body?: unknown };
}

function send(base: string, token: string, agent: http.Agent, r: ReturnType<WriteCall['request']>) {
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  return new Promise<void>((resolve, reject) => {
    const req = http.request(`${base}${r.path}`, { method: r.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        (res.statusCode ?? 500) < 300
          ? resolve()
          : reject(new Error(`${r.method} ${r.path}: HTTP ${res.statusCode} ${Buffer.concat(chunks)}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** p50 and p99 of each side. */
function overheadRow(call: string, times: { on: number[]; off: number[] }): OverheadRow {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const stat = (xs: number[]) => ({
    p50: Math.round(percentile(sorted(xs), 50) * 100) / 100,
    p99: Math.round(percentile(sorted(xs), 99) * 100) / 100,
    runs: xs.length,
  });
  return { call, on: stat(times.on), off: stat(times.off) };
}

export async function runOverhead(opts: { log?: (line: string) => void } = {}): Promise<OverheadResult> {
  const log = opts.log ?? console.log;
  const seconds = Number(process.env.WRITES_BENCH_SECONDS ?? 8);
  const pairs = Math.max(1, Number(process.env.WRITES_BENCH_ROUNDS ?? 1));
  const slice = Math.max(1, Number(process.env.WRITES_BENCH_SLICE ?? 10));
  const bench = await ensureBenchDatabase({
    adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    name: process.env.BENCH_DB || 'bench',
    users: Number(process.env.SEED_USERS || 100_000),
    log,
  });
  const pool = new pg.Pool({ connectionString: bench.url, max: 2 });
  await ensureAuditEntries(pool);
  const database = await openDatabase({ url: bench.url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-writes-'));
  const common = { DATABASE_URL: bench.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const token = await createSession(database.db, bench.superAdminId, 'admin');
    const one = async (q: string) => (await pool.query<{ id: number }>(q)).rows[0].id;
    const userId = await one('SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1');
    const campaignId = await one('SELECT id FROM campaigns WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
    const groupId = await one("INSERT INTO groups (name) VALUES ('bench audit overhead') RETURNING id");
    const run = Date.now().toString(36);
    const writes: WriteCall[] = [
      {
        name: 'update-profile (name)',
        request: (n) => ({
          method: 'PUT',
          path: '/api/v2/update-profile',
          body: { id: userId, name: `Bench ${n}` },
        }),
      },
      {
        name: 'group add',
        request: (n) => ({ method: 'POST', path: '/api/v2/group', body: { name: `bench ${run} ${n}` } }),
      },
      {
        name: 'group edit',
        request: (n) => ({
          method: 'PUT',
          path: '/api/v2/group',
          body: { id: groupId, name: `bench edit ${n}` },
        }),
      },
      {
        name: 'approve-campaign',
        prepare: async () => {
          await pool.query("UPDATE campaigns SET is_approved = false, status = 'Pending' WHERE id = $1", [
            campaignId,
          ]);
        },
        request: () => ({ method: 'PATCH', path: `/api/v2/approve-campaign?id=${campaignId}` }),
      },
    ];
    let n = 0;
    const pooled = writes.map(() => ({ on: [] as number[], off: [] as number[] }));
    for (let pair = 0; pair < pairs; pair++) {
      const servers = {
        on: await startServer(common),
        off: await startServer({ ...common, AUDIT_TRAIL: 'off' }),
      };
      try {
        for (const [i, w] of writes.entries()) {
          // What autovacuum does in production (this machine's PostgreSQL runs without it): the rows
          // earlier calls and runs left dead would otherwise slow whichever server meets them.
          await pool.query('VACUUM (ANALYZE) groups, campaigns, users');
          const times = { on: [] as number[], off: [] as number[] };
          // Short turns of SLICE requests each, the servers' order flipping every turn: a slow spell
          // of the shared machine falls on both, and each turn's first request (the server's caches
          // cold from the other's work) is left out.
          const deadline = performance.now() + seconds * 2000;
          for (let turn = 0; performance.now() < deadline; turn++) {
            for (const mode of turn % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
              for (let r = 0; r <= slice; r++) {
                await w.prepare?.();
                const t = performance.now();
                await send(servers[mode].url, token, agent, w.request(n++));
                if (r > 0) {
                  times[mode].push(performance.now() - t);
                }
              }
            }
          }
          const row = overheadRow(w.name, times);
          log(`pair ${pair + 1}/${pairs}: ${JSON.stringify(row)}`);
          pooled[i].on.push(...times.on);
          pooled[i].off.push(...times.off);
        }
      } finally {
        await Promise.all([stopServer(servers.on.proc), stopServer(servers.off.proc)]);
      }
    }
    const rows = writes.map((w, i) => overheadRow(w.name, pooled[i]));
    await pool.query("DELETE FROM groups WHERE name LIKE 'bench %'");
    // Thousands of groups added and deleted a run: without this each run would meet the bloat of
    // the ones before (this machine's PostgreSQL runs without autovacuum), and group add slows.
    await pool.query('VACUUM (FULL) groups, campaigns');
    const auditEntries = Number(
      (await pool.query<{ n: string }>('SELECT count(*) AS n FROM audit_log')).rows[0].n,
    );
    return { rows, auditEntries, loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) };
  } finally {
    agent.destroy();
    await pool.end();
    await database.close();
    await bench.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function overheadReport(r: OverheadResult): string {
  return [
    `Write calls, one request at a time (audit_log ~${r.auditEntries.toLocaleString('en-US')} entries; load average ${r.loadAverage.join(' / ')}; budget: p50 <= 5 ms with the trail)`,
    '| call | p50 ms with trail | within budget | p99 ms with trail | p50 / p99 ms without (information) | runs with / without |',
    '|---|---:|---|---:|---:|---:|',
    ...r.rows.map(
      (x) =>
        `| ${x.call} | ${x.on.p50} | ${x.on.p50 <= 5 ? 'yes' : 'NO'} | ${x.on.p99} | ${x.off.p50} / ${x.off.p99} | ${x.on.runs} / ${x.off.runs} |`,
    ),
  ].join('\n');
}

export default { name: 'writes', run: runOverhead, report: overheadReport };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(overheadReport(await runOverhead()));
  process.exit(0);
}
