/**
 * Chat gateway load benchmark (issue 5):
 *  1. one server process holding N (default 5,000) connected platform-user sockets: memory per
 *     connection, and delivery latency admin -> user at R (default 100) messages a second;
 *  2. two server processes on one PostgreSQL and one Redis: users on process A, staff on process B,
 *     the same latency measure across the Redis adapter.
 * Latency is send (staff socket emits send_message) -> receipt (the user's socket gets TEXT): it
 * includes the session check and the INSERT, since messages are stored before they are delivered.
 *
 * Run: `npx tsx bench/chat-bench.ts` (or through `npm run bench`). Needs PostgreSQL (BENCH_PG, default
 * postgres://postgres@127.0.0.1:5432) and, for part 2, Redis (BENCH_REDIS, default redis://127.0.0.1:6379).
 * Knobs: CHAT_BENCH_SOCKETS, CHAT_BENCH_RATE, CHAT_BENCH_SECONDS.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  type Client,
  connect,
  connectUsers,
  type LatencyStats,
  makeAccounts,
  measureLatency,
} from './lib/chat-clients';
import { startServer, stopServer as stop } from './lib/server';
import { runWhenStarted } from './lib/standalone';

/** The server of BENCH_PG, else of DATABASE_URL (as the bench runner uses), without a database name. */
function pgBase(): string {
  const url = new URL(
    process.env.BENCH_PG || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432',
  );
  url.pathname = '';
  url.search = '';
  return url.toString().replace(/\/$/, '');
}
const PG_BASE = pgBase();
const REDIS_URL = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379';

export type { LatencyStats };

export interface ChatBenchOptions {
  sockets?: number;
  rate?: number;
  seconds?: number;
  log?: (line: string) => void;
}

export interface ChatBenchResult {
  sockets: number;
  rate: number;
  seconds: number;
  connectSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerConnection: number;
  single: LatencyStats;
  /** Server CPU (user + system) spent per message during the one-process latency run, ms. */
  cpuMsPerMessage: number;
  /** Machine load average (1 min) when the latency runs started: the figures depend on it. */
  loadAverage: number;
  twoProcesses: LatencyStats | { skipped: string };
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** CPU time (user + system) a process has used so far, in ms (from /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function redisAnswers(): Promise<string | null> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `Redis at ${REDIS_URL} does not answer (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

export async function runChatBench(opts: ChatBenchOptions = {}): Promise<ChatBenchResult> {
  const n = opts.sockets ?? Number(process.env.CHAT_BENCH_SOCKETS ?? 5000);
  const rate = opts.rate ?? Number(process.env.CHAT_BENCH_RATE ?? 100);
  const seconds = opts.seconds ?? Number(process.env.CHAT_BENCH_SECONDS ?? 20);
  const log = opts.log ?? ((line: string) => console.log(line));
  const dbName = `chat_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = `${PG_BASE}/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  const baseEnv = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    SEED: 'none',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'bench-admin-password',
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    REDIS_URL: '',
  };
  const procs: ChildProcess[] = [];
  const sockets: Client[] = [];
  try {
    // ---- 1. one process
    log(`chat: starting one server process on PostgreSQL (${dbName})`);
    const one = await startServer(baseEnv);
    procs.push(one.proc);
    const accounts = await makeAccounts(dbUrl, n);
    await new Promise((r) => setTimeout(r, 1000));
    const pid = one.proc.pid as number;
    const rssBefore = rssKb(pid);
    const t0 = performance.now();
    const userSockets = await connectUsers(one.url, accounts.users);
    sockets.push(...userSockets);
    const connectSeconds = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssKb(pid);
    log(
      `chat: ${userSockets.length} sockets connected in ${connectSeconds.toFixed(1)} s; server RSS ` +
        `${(rssBefore / 1024).toFixed(0)} MB -> ${(rssAfter / 1024).toFixed(0)} MB`,
    );
    const staff = await connect(one.url, {
      token: accounts.staff.token,
      username: accounts.staff.username,
      usertype: 'ADMIN',
    });
    sockets.push(staff);
    const loadAverage = Math.round(os.loadavg()[0] * 10) / 10;
    const cpuBefore = cpuMs(pid);
    const single = await measureLatency(staff, accounts.users, userSockets, rate, seconds);
    const cpuMsPerMessage = Math.round(((cpuMs(pid) - cpuBefore) / Math.max(1, single.received)) * 100) / 100;
    log(
      `chat: one process, ${n} connected, ${rate} msg/s (load ${loadAverage}, server CPU ${cpuMsPerMessage} ms/msg): p50 ${single.p50} ms, p99 ${single.p99} ms ` +
        `(stored: p50 ${single.ackP50} ms, p99 ${single.ackP99} ms)`,
    );
    for (const s of sockets.splice(0)) {
      s.disconnect();
    }
    await stop(one.proc);

    // ---- 2. two processes through Redis
    let twoProcesses: ChatBenchResult['twoProcesses'];
    const redisMissing = await redisAnswers();
    if (redisMissing) {
      twoProcesses = { skipped: redisMissing };
      log(`chat: two-process run skipped: ${redisMissing}`);
    } else {
      const env = { ...baseEnv, REDIS_URL };
      const a = await startServer(env);
      procs.push(a.proc);
      const b = await startServer(env);
      procs.push(b.proc);
      const onA = await connectUsers(a.url, accounts.users);
      sockets.push(...onA);
      const staffB = await connect(b.url, {
        token: accounts.staff.token,
        username: accounts.staff.username,
        usertype: 'ADMIN',
      });
      sockets.push(staffB);
      twoProcesses = await measureLatency(staffB, accounts.users, onA, rate, seconds);
      log(
        `chat: two processes via Redis (users on A, staff on B), ${rate} msg/s: ` +
          `p50 ${twoProcesses.p50} ms, p99 ${twoProcesses.p99} ms ` +
          `(stored: p50 ${twoProcesses.ackP50} ms, p99 ${twoProcesses.ackP99} ms)`,
      );
    }
    return {
      sockets: userSockets.length,
      rate,
      seconds,
      connectSeconds: Math.round(connectSeconds * 10) / 10,
      rssBeforeMb: Math.round(rssBefore / 1024),
      rssAfterMb: Math.round(rssAfter / 1024),
      kbPerConnection: Math.round(((rssAfter - rssBefore) / userSockets.length) * 10) / 10,
      single,
      cpuMsPerMessage,
      loadAverage,
      twoProcesses,
    };
  } finally {
    log('chat: cleaning up (sockets, server processes, database)');
    for (const s of sockets) {
      s.disconnect();
    }
    await Promise.all(procs.map(stop));
    const cleanup = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await cleanup.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Markdown lines for the bench report. */
export function chatReport(r: ChatBenchResult): string {
  const row = (label: string, s: LatencyStats) =>
    `| ${label} | ${s.sent} | ${s.received} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} | ${s.ackP50} / ${s.ackP99} |`;
  const lines = [
    '## Chat gateway',
    '',
    `- ${r.sockets} platform-user sockets held by one server process (connected in ${r.connectSeconds} s)`,
    `- server RSS ${r.rssBeforeMb} MB idle -> ${r.rssAfterMb} MB connected: about ${r.kbPerConnection} KB per connection`,
    `- server CPU per message (session check, insert, emit, and the ${r.sockets} idle sockets' heartbeats): ${r.cpuMsPerMessage} ms`,
    `- machine load average when measuring: ${r.loadAverage} (on ${os.cpus().length} CPUs)`,
    `- staff -> user messages at ${r.rate}/s for ${r.seconds} s, latency send -> TEXT received (stored first), ms:`,
    '',
    '| setup | sent | received | p50 | p95 | p99 | max | stored (ack) p50 / p99 |',
    '|---|---|---|---|---|---|---|---|',
    row(`one process, ${r.sockets} connected`, r.single),
  ];
  if ('skipped' in r.twoProcesses) {
    lines.push('', `Two processes: skipped (${r.twoProcesses.skipped}).`);
  } else {
    lines.splice(lines.length, 0, row('two processes via Redis (user on A, staff on B)', r.twoProcesses));
  }
  return lines.join('\n');
}

/** The bench runner's scenario entry. */
const standalone = { name: 'chat', run: runChatBench, report: chatReport };
export default standalone;

runWhenStarted(import.meta.filename, standalone);
