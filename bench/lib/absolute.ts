// The absolute figures (issue 12): p50, p99 and req/s per call at this size, and the growth against
// the same call measured at a smaller size (bench/results/size-<users>.json, kept between runs).
import fs from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './types';

interface Figures {
  p50: number;
  p99: number;
  p50Loaded: number;
  p95Loaded: number;
  p99Loaded: number;
  perSec: number;
}

type SizeFile = Record<string, Figures>;

const file = (dir: string, users: number) => path.join(dir, `size-${users}.json`);
const key = (r: ScenarioResult) => `${r.area}: ${r.name}`;

function figures(r: ScenarioResult): Figures | null {
  if (r.error || !r.one || !r.loaded) {
    return null;
  }
  return {
    p50: r.one.http.p50,
    p99: r.one.http.p99,
    p50Loaded: r.loaded.http.p50,
    p95Loaded: r.loaded.http.p95,
    p99Loaded: r.loaded.http.p99,
    perSec: r.loaded.http.perSec,
  };
}

/** Stores this run's figures (merged with earlier runs at the same size) and prints the table. */
export function absoluteTable(
  results: ScenarioResult[],
  users: number,
  dir: string,
  connections: number,
): string {
  fs.mkdirSync(dir, { recursive: true });
  const mine: SizeFile = fs.existsSync(file(dir, users))
    ? JSON.parse(fs.readFileSync(file(dir, users), 'utf8'))
    : {};
  for (const r of results) {
    const f = figures(r);
    if (f) {
      mine[key(r)] = f;
    }
  }
  fs.writeFileSync(file(dir, users), `${JSON.stringify(mine, null, 2)}\n`);
  // The growth is against the largest smaller size measured.
  const smaller = fs
    .readdirSync(dir)
    .map((f) => /^size-(\d+)\.json$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[1]) < users)
    .map((m) => Number(m[1]))
    .sort((a, b) => b - a)[0];
  const base: SizeFile = smaller ? JSON.parse(fs.readFileSync(file(dir, smaller), 'utf8')) : {};
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const lines = [
    `| call (${users.toLocaleString('en-US')} users) | p50 ms | p99 ms | ${connections} at once: p50 ms | p95 ms | p99 ms | req/s | growth p50${smaller ? ` vs ${smaller.toLocaleString('en-US')}` : ''} |`,
    `|---|${'---:|'.repeat(7)}`,
  ];
  for (const r of results) {
    const f = figures(r);
    if (!f) {
      continue;
    }
    const b = base[key(r)];
    const growth = b ? `${(f.p50 / b.p50).toFixed(2)}x` : '-';
    lines.push(
      `| ${key(r)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.p50Loaded)} | ${ms(f.p95Loaded)} | ${ms(f.p99Loaded)} | ${Math.round(f.perSec)} | ${growth} |`,
    );
  }
  return lines.join('\n');
}
