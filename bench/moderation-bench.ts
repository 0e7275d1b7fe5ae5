/**
 * Moderation desk benchmark (issue 36): the queue (`GET moderation-cases` page 0, oldest first, and
 * filtered by type) and decisions (`POST moderation-decision`: dismiss, and remove the post) on a
 * PostgreSQL server holding 1,000,000 reports (MODERATION_BENCH_REPORTS) in 150,000 cases, a
 * quarter of them open. Its own database `bench_moderation`, loaded with generate_series the first
 * time and reused after; the cases it decides are put back in the queue at the end.
 * One request at a time through the real server (its own process), timed in this process.
 *
 * Run: `npx tsx bench/moderation-bench.ts` (or `npm run bench -- moderation-bench`).
 * Targets: queue page 0 p50 <= 10 ms, a decision p50 <= 20 ms.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../server/src/db/client';
import { benchSession, loadModerationReports, reopenCases } from '../server/src/modules/moderation/bench';
import { percentile } from './lib/measure';
import { startServer, stopServer } from './lib/server';
import { runWhenStarted } from './lib/standalone';

const DB_NAME = 'bench_moderation';
const REPORTS = Number(process.env.MODERATION_BENCH_REPORTS ?? 1_000_000);
const RUNS = Number(process.env.MODERATION_BENCH_RUNS ?? 300);

function pgBase(): string {
  const url = new URL(
    process.env.BENCH_PG || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432',
  );
  url.pathname = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}

interface Stat {
  p50: number;
  p99: number;
  n: number;
}
export interface ModerationBenchResult {
  reports: number;
  openCases: number;
  queue: Stat;
  queuePosts: Stat;
  dismiss: Stat;
  remove: Stat;
}

const stat = (ms: number[]): Stat => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), n: s.length };
};

function request(
  base: string,
  token: string,
  agent: http.Agent,
  method: string,
  url: string,
  body?: unknown,
) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<number>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (data) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(data));
    }
    const req = http.request(`${base}${url}`, { method, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 500));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Times `n` requests one after another (after 10 untimed); a non-2xx answer fails the bench. */
async function timed(n: number, send: (i: number) => Promise<number>): Promise<Stat> {
  const ms: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const t0 = performance.now();
    const status = await send(i);
    if (status >= 300) {
      throw new Error(`HTTP ${status}`);
    }
    if (i >= 10) {
      ms.push(performance.now() - t0);
    }
  }
  return stat(ms);
}

async function ensureDatabase(log: (m: string) => void): Promise<string> {
  const admin = new pg.Client({ connectionString: `${pgBase()}/postgres` });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])).rowCount;
  if (!exists) {
    log(`moderation: creating database ${DB_NAME}`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  }
  await admin.end();
  return `${pgBase()}/${DB_NAME}`;
}

export async function runModerationBench(
  opts: { log?: (m: string) => void } = {},
): Promise<ModerationBenchResult> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const url = await ensureDatabase(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-bench-'));
  const server = await startServer({
    DATABASE_URL: url,
    SEED: 'none',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    REDIS_URL: '',
  });
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = drizzle(pool) as unknown as Db;
  const decided: number[] = [];
  try {
    const { rows: admins } = await pool.query<{ id: number }>(
      'SELECT id FROM users WHERE is_sup_admin LIMIT 1',
    );
    const adminId = admins[0].id;
    const have = Number(
      (
        await pool.query(
          'SELECT (SELECT count(*) FROM post_reports) + (SELECT count(*) FROM user_reports) AS n',
        )
      ).rows[0].n,
    );
    if (have < REPORTS) {
      const t0 = Date.now();
      log(`moderation: loading ${REPORTS.toLocaleString('en-US')} reports…`);
      await loadModerationReports(db, {
        users: Math.round(REPORTS * 0.1),
        posts: Math.round(REPORTS * 0.04),
        perPost: 10,
        perUser: 6,
        deciderId: adminId,
      });
      log(`moderation: loaded in ${Date.now() - t0} ms`);
    }
    const reports = Number(
      (
        await pool.query(
          'SELECT (SELECT count(*) FROM post_reports) + (SELECT count(*) FROM user_reports) AS n',
        )
      ).rows[0].n,
    );
    const openCases = Number(
      (await pool.query(`SELECT count(*) AS n FROM moderation_cases WHERE status <> 'decided'`)).rows[0].n,
    );
    const token = await benchSession(db, adminId);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (u: string) => () => request(server.url, token, agent, 'GET', u);
    log(
      `moderation: ${reports.toLocaleString('en-US')} reports, ${openCases.toLocaleString('en-US')} open cases; timing…`,
    );
    const queue = await timed(RUNS, get('/api/v2/moderation-cases?page=0&page_limit=10'));
    const queuePosts = await timed(
      RUNS,
      get('/api/v2/moderation-cases?page=0&page_limit=10&target_type=post'),
    );
    const { rows: open } = await pool.query<{ id: number }>(
      `SELECT id FROM moderation_cases WHERE status <> 'decided' AND target_type = 'post' ORDER BY random() LIMIT $1`,
      [2 * (RUNS + 10)],
    );
    const ids = open.map((r) => r.id);
    if (ids.length < 2 * RUNS + 10) {
      throw new Error(
        `moderation: ${ids.length} open post cases, the decisions need ${2 * RUNS + 10} (more MODERATION_BENCH_REPORTS or fewer MODERATION_BENCH_RUNS)`,
      );
    }
    const decide = (decision: string, offset: number) => (i: number) => {
      const id = ids[offset + i];
      decided.push(id);
      return request(server.url, token, agent, 'POST', '/api/v2/moderation-decision', {
        id,
        decision,
        reason: 'spam',
      });
    };
    const dismiss = await timed(RUNS, decide('dismiss', 0));
    const remove = await timed(RUNS, decide('remove_post', RUNS + 10));
    agent.destroy();
    return { reports, openCases, queue, queuePosts, dismiss, remove };
  } finally {
    await reopenCases(db, decided).catch((err) => log(`moderation: reopening failed: ${String(err)}`));
    await pool.end();
    await stopServer(server.proc);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function moderationReport(r: ModerationBenchResult): string {
  const line = (name: string, s: Stat, target: string) =>
    `| ${name} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.n} | ${target} |`;
  return [
    `Moderation desk: ${r.reports.toLocaleString('en-US')} reports, ${r.openCases.toLocaleString('en-US')} open cases (PostgreSQL, one request at a time)`,
    '| call | p50 ms | p99 ms | n | target p50 |',
    '|---|---:|---:|---:|---|',
    line('moderation-cases page 0 (queue, oldest first)', r.queue, '10 ms'),
    line('moderation-cases page 0, posts', r.queuePosts, '10 ms'),
    line('moderation-decision dismiss', r.dismiss, '20 ms'),
    line('moderation-decision remove_post', r.remove, '20 ms'),
  ].join('\n');
}

const standalone = { name: 'moderation', run: runModerationBench, report: moderationReport };
export default standalone;

runWhenStarted(import.meta.filename, standalone);
