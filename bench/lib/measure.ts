import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { is, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { SqlQuery } from './types';

const dialect = new PgDialect();

/** A scenario's query as text and values for the pg driver. */
export function toQuery(q: SqlQuery): { text: string; values: unknown[] } {
  if (typeof q === 'string') {
    return { text: q, values: [] };
  }
  if (is(q, SQL)) {
    const built = dialect.sqlToQuery(q);
    return { text: built.sql, values: built.params };
  }
  return { text: q.text, values: q.values ?? [] };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) {
    return Number.NaN;
  }
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * Times the queries through the driver alone: a few warm-up runs, then up to `runs` timed runs
 * (stopping early after `budgetMs`). One run is all queries, in order or concurrently.
 */
export async function timeSql(
  pool: pg.Pool,
  queries: SqlQuery[],
  opts: { parallel: boolean; runs: number; budgetMs: number },
): Promise<{ p50: number; p99: number; runs: number }> {
  const list = queries.map(toQuery);
  const once = async () => {
    if (opts.parallel) {
      await Promise.all(list.map((q) => pool.query(q.text, q.values)));
    } else {
      for (const q of list) {
        await pool.query(q.text, q.values);
      }
    }
  };
  for (let i = 0; i < 5; i++) {
    await once();
  }
  const times: number[] = [];
  const deadline = performance.now() + opts.budgetMs;
  while (times.length < opts.runs && (times.length < 20 || performance.now() < deadline)) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), runs: times.length };
}

/** Loads one URL with autocannon for `duration` seconds. */
export async function loadUrl(opts: {
  url: string;
  method: string;
  token: string;
  body?: unknown;
  connections: number;
  duration: number;
}) {
  const headers: Record<string, string> = { authorization: `Bearer ${opts.token}` };
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
  }
  const res = await autocannon({
    url: opts.url,
    method: opts.method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    connections: opts.connections,
    duration: opts.duration,
    timeout: 30,
  });
  return {
    p50: res.latency.p50,
    p99: res.latency.p99,
    reqPerSec: res.requests.average,
    requests: res.requests.total,
    non2xx: res.non2xx,
    errors: res.errors + res.timeouts,
  };
}
