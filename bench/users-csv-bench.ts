/**
 * The users CSV at scale (issue 3): GET users-list?format=csv of every active user through the real
 * server (a separate process, so its memory can be watched), against PostgreSQL's own
 * COPY (same SELECT) TO STDOUT CSV through the driver, and a plain COPY of the columns as a floor.
 * Runs on the bench database that `npm run bench` seeded (BENCH_DB, default bench).
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineSql, usersCsvSelect } from '../server/src/modules/users/bench';
import { startServer, stopServer } from './lib/server';

interface Pass {
  seconds: number;
  bytes: number;
  rows: number;
  mbPerSecond: number;
  rowsPerSecond: number;
}

export interface UsersCsvResult {
  users: number;
  copySameSelect: Pass;
  copyPlain: Pass;
  http: Pass;
  httpGzip: Pass;
  /** http speed / COPY-of-the-same-SELECT speed (target >= 0.5). */
  ratio: number;
  serverRssBeforeMb: number;
  serverPeakRssMb: number;
  serverPeakRssGzipMb: number;
}

function benchUrl(): string {
  const u = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/${process.env.BENCH_DB || 'bench'}`;
  return u.toString();
}

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const pass = (seconds: number, bytes: number, rows: number): Pass => ({
  seconds,
  bytes,
  rows,
  mbPerSecond: bytes / 2 ** 20 / seconds,
  rowsPerSecond: rows / seconds,
});

/** Drains a stream counting bytes and newlines. */
async function drain(stream: AsyncIterable<Uint8Array>): Promise<{ bytes: number; rows: number }> {
  let bytes = 0;
  let rows = 0;
  for await (const chunk of stream) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
      rows++;
    }
  }
  return { bytes, rows };
}

async function copyPass(pool: pg.Pool, text: string): Promise<Pass> {
  const client = await pool.connect();
  try {
    const t0 = performance.now();
    const r = await drain(client.query(copyTo(text)) as unknown as Readable);
    return pass((performance.now() - t0) / 1000, r.bytes, r.rows);
  } finally {
    client.release();
  }
}

/** Downloads the CSV over HTTP while sampling the server's resident memory every 50 ms. */
async function httpPass(url: string, token: string, pid: number, encoding: string) {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 50);
  try {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/v2/users-list?format=csv`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    });
    if (res.status !== 200 || !res.body) {
      throw new Error(`users-list?format=csv answered ${res.status}`);
    }
    // fetch inflates gzip itself: bytes and rows are those of the CSV either way.
    const r = await drain(res.body as unknown as AsyncIterable<Uint8Array>);
    return { pass: pass((performance.now() - t0) / 1000, r.bytes, r.rows), peakKb: peak };
  } finally {
    clearInterval(timer);
  }
}

export async function runUsersCsvBench(opts: { log?: (line: string) => void } = {}): Promise<UsersCsvResult> {
  const log = opts.log ?? console.log;
  const url = benchUrl();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'users-csv-bench-'));
  let proc: ChildProcess | null = null;
  let tokenHash: string | null = null;
  try {
    const users = Number(
      (await pool.query('SELECT count(*) AS n FROM users WHERE deleted_at IS NULL AND NOT is_admin')).rows[0]
        .n,
    );
    const [admin] = (await pool.query('SELECT id FROM users WHERE is_sup_admin LIMIT 1')).rows;
    const token = randomBytes(32).toString('base64url');
    tokenHash = createHash('sha256').update(token).digest('hex');
    await pool.query(
      `INSERT INTO sessions (user_id, kind, token_hash, expires_at) VALUES ($1, 'admin', $2, now() + interval '1 hour')`,
      [admin.id, tokenHash],
    );
    log(`${users} active users; warming the cache with one COPY`);
    const sameSelect = `COPY (${inlineSql(usersCsvSelect('active', undefined))}) TO STDOUT WITH (FORMAT csv)`;
    await copyPass(pool, sameSelect);
    const copySameSelect = await copyPass(pool, sameSelect);
    log(`COPY of the same SELECT: ${copySameSelect.seconds.toFixed(2)} s`);
    const copyPlain = await copyPass(
      pool,
      `COPY (SELECT id, name, username, email, phone, last_interacted, created_at FROM users
        WHERE deleted_at IS NULL AND NOT is_admin) TO STDOUT WITH (FORMAT csv)`,
    );
    log(`plain COPY of the users columns: ${copyPlain.seconds.toFixed(2)} s`);

    const server = await startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SEED: 'none',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      REDIS_URL: '',
    });
    proc = server.proc;
    const pid = proc.pid as number;
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssKb(pid);
    const http = await httpPass(server.url, token, pid, 'identity');
    log(`HTTP CSV: ${http.pass.seconds.toFixed(2)} s, peak RSS ${(http.peakKb / 1024).toFixed(0)} MB`);
    const gz = await httpPass(server.url, token, pid, 'gzip');
    log(`HTTP CSV gzip: ${gz.pass.seconds.toFixed(2)} s, peak RSS ${(gz.peakKb / 1024).toFixed(0)} MB`);
    return {
      users,
      copySameSelect,
      copyPlain,
      http: http.pass,
      httpGzip: gz.pass,
      ratio: copySameSelect.seconds / http.pass.seconds,
      serverRssBeforeMb: before / 1024,
      serverPeakRssMb: http.peakKb / 1024,
      serverPeakRssGzipMb: gz.peakKb / 1024,
    };
  } finally {
    if (proc) {
      await stopServer(proc);
    }
    if (tokenHash) {
      await pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    }
    await pool.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function usersCsvReport(r: UsersCsvResult): string {
  const row = (name: string, p: Pass) =>
    `| ${name} | ${p.seconds.toFixed(2)} | ${(p.rows - (name.startsWith('HTTP') ? 1 : 0)).toLocaleString()} | ${(p.bytes / 2 ** 20).toFixed(1)} | ${p.mbPerSecond.toFixed(1)} | ${Math.round(p.rowsPerSecond).toLocaleString()} |`;
  return [
    `Users CSV of ${r.users.toLocaleString()} active users (users-list?format=csv):`,
    '| stream | seconds | rows | MB | MB/s | rows/s |',
    '|---|---:|---:|---:|---:|---:|',
    row('COPY (same SELECT) TO STDOUT CSV, driver only', r.copySameSelect),
    row('COPY (plain users columns) TO STDOUT CSV', r.copyPlain),
    row('HTTP users-list?format=csv (identity)', r.http),
    row('HTTP users-list?format=csv (gzip)', r.httpGzip),
    '',
    `HTTP speed / COPY speed: ${r.ratio.toFixed(2)} (target >= 0.5).`,
    `Server RSS: ${r.serverRssBeforeMb.toFixed(0)} MB idle, peak ${r.serverPeakRssMb.toFixed(0)} MB while streaming, ${r.serverPeakRssGzipMb.toFixed(0)} MB with gzip (target < 300 MB).`,
  ].join('\n');
}

export default { name: 'users-csv', run: runUsersCsvBench, report: usersCsvReport };
