import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { is, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { SqlQuery } from './types';

const dialect = new PgDialect();

/** A scenario's query as text and values for the pg driver. */
export function toQuery(q: SqlQuery): { text: string; values: unknown[]; name?: string } {
  if (typeof q === 'string') {
    return { text: q, values: [] };
  }
  if (is(q, SQL)) {
    const built = dialect.sqlToQuery(q);
    return { text: built.sql, values: built.params };
  }
  return { text: q.text, values: q.values ?? [], name: q.name };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  /** completed runs per second */
  perSec: number;
  runs: number;
  failures: number;
}

interface Samples {
  times: number[];
  failures: number;
  seconds: number;
}

/**
 * Runs `task` from `concurrency` loops at once for `durationMs` (after a short warm-up), timing every
 * run with performance.now(). A run that throws counts as a failure, not as a latency.
 */
async function sample(
  task: () => Promise<void>,
  opts: { concurrency: number; durationMs: number; maxRuns?: number },
): Promise<Samples> {
  for (let i = 0; i < Math.min(5, opts.concurrency * 2); i++) {
    await task().catch(() => undefined);
  }
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + opts.durationMs;
  const maxRuns = opts.maxRuns ?? Number.POSITIVE_INFINITY;
  const loop = async () => {
    while (performance.now() < deadline && times.length + failures < maxRuns) {
      const t = performance.now();
      try {
        await task();
        times.push(performance.now() - t);
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, loop));
  return { times, failures, seconds: (performance.now() - started) / 1000 };
}

function summarize(s: Samples): Latencies {
  const times = [...s.times].sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSec: times.length / s.seconds,
    runs: times.length,
    failures: s.failures,
  };
}

/**
 * Times several tasks that are to be compared: each gets `durationMs` in all, in `slices` turns
 * taken in rotation, so a slow spell of the machine falls on all of them rather than on one.
 */
export async function loadTogether<K extends string>(
  tasks: Record<K, () => Promise<void>>,
  opts: { concurrency: number; durationMs: number; slices?: number },
): Promise<Record<K, Latencies>> {
  const slices = opts.slices ?? 3;
  const keys = Object.keys(tasks) as K[];
  const all = new Map<K, Samples>(keys.map((k) => [k, { times: [], failures: 0, seconds: 0 }]));
  for (let i = 0; i < slices; i++) {
    for (const k of keys) {
      const s = await sample(tasks[k], {
        concurrency: opts.concurrency,
        durationMs: opts.durationMs / slices,
      });
      const into = all.get(k) as Samples;
      into.times.push(...s.times);
      into.failures += s.failures;
      into.seconds += s.seconds;
    }
  }
  return Object.fromEntries(keys.map((k) => [k, summarize(all.get(k) as Samples)])) as Record<K, Latencies>;
}

/**
 * A call's queries through the driver: `head` one after another (the guard's), then `list` in order
 * or concurrently. Shared by the SQL-alone measure and the floor server.
 */
export async function runQueries(
  pool: pg.Pool,
  head: pg.QueryConfig[],
  list: pg.QueryConfig[],
  parallel: boolean,
): Promise<pg.QueryResult[]> {
  for (const q of head) {
    await pool.query(q);
  }
  if (parallel) {
    return Promise.all(list.map((q) => pool.query(q)));
  }
  const results: pg.QueryResult[] = [];
  for (const q of list) {
    results.push(await pool.query(q));
  }
  return results;
}

/** One run of a call's queries through the driver (see runQueries), as a task to time. */
export function sqlTask(
  pool: pg.Pool,
  queries: SqlQuery[],
  parallel: boolean,
  first: SqlQuery[] = [],
): () => Promise<void> {
  const head = first.map(toQuery);
  const list = queries.map(toQuery);
  return async () => {
    await runQueries(pool, head, list, parallel);
  };
}

/**
 * One request over a keep-alive agent; a non-2xx answer throws. The body is read whole. Several
 * urls are requested in turn, one per run.
 */
export function httpTask(opts: {
  url: string | string[];
  method: string;
  token: string;
  body?: unknown;
  agent: http.Agent;
}): () => Promise<void> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const urls = [opts.url].flat();
  let next = 0;
  return () =>
    new Promise<void>((resolve, reject) => {
      const url = urls[next++ % urls.length];
      const req = http.request(url, { method: opts.method, headers, agent: opts.agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () =>
          (res.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}
