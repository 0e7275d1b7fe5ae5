/**
 * Soak (`npm run bench -- soak`, or alone: `npx tsx bench/soak-bench.ts`): two server processes on
 * a private PostgreSQL and Redis (faults/lib/processes.ts), SOAK_RATE operations a second (default
 * 40) for SOAK_MINUTES (default 10): 70 % reads (users-list over HTTP), 30 % writes (a staff chat
 * message over the socket, acknowledged), alternating between the nodes. Reports per minute: calls,
 * errors, p99 of reads and writes, and each node's resident memory; the run passes with 0 errors
 * and memory growth under 10 % after the first minute.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { chatClient } from '../faults/lib/chat';
import { startNode, startPostgres, startRedis, stopNode, tempDir } from '../faults/lib/processes';
import { openDatabase } from '../server/src/db/client';
import { createSession } from '../server/src/modules/auth/bench';
import { makeUser } from '../server/src/test/harness';

export interface SoakMinute {
  minute: number;
  calls: number;
  /** Operations issued per second (the schedule's rate unless the client fell behind). */
  ratePerS: number;
  /** How late the latest operation started against its schedule. */
  scheduleLagMaxMs: number;
  errors: number;
  readP99: number;
  writeP99: number;
  rssMb: number[];
  /** The machine's 1-minute load average at the end of the minute (the VM is shared). */
  loadAvg: number;
  /** Each error's message (first 60 characters) and how often it came. */
  errorKinds: Record<string, number>;
}
export interface SoakResult {
  rate: number;
  socketsPerNode: number;
  minutes: SoakMinute[];
  errors: number;
  memoryGrowthPct: number[];
  passed: boolean;
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(0.99 * s.length))] : 0;
};

async function rssMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = /^process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text);
  return m ? Math.round(Number(m[1]) / 1e5) / 10 : 0;
}

/** `perNode` staff chat sockets on each node, connected, into `clients[node]`. */
async function connectStaff(
  nodes: { url: string }[],
  admin: { token: string; username: string },
  clients: ReturnType<typeof chatClient>[][],
  perNode: number,
) {
  for (const [n, node] of nodes.entries()) {
    for (let k = 0; k < perNode; k++) {
      const c = chatClient(node.url, { token: admin.token, username: admin.username, usertype: 'ADMIN' });
      await c.connected();
      clients[n].push(c);
    }
  }
}

export async function runSoak(opts: { log?: (line: string) => void } = {}): Promise<SoakResult> {
  const log = opts.log ?? console.log;
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  const rate = Number(process.env.SOAK_RATE ?? 40);
  const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  const dataDir = tempDir('soak-');
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    WEB_DIST: `${dataDir}/no-web`,
  };
  const nodes = await Promise.all([startNode(env), startNode(env)]);
  const database = await openDatabase({ url: pg.url });
  // Several sockets per node: with `retries` socket.io sends one packet at a time per socket, so
  // one socket would queue the writes in the client and time that queue instead of the server.
  const socketsPerNode = Number(process.env.SOAK_SOCKETS ?? 6);
  const clients: ReturnType<typeof chatClient>[][] = [[], []];
  try {
    const admin = await makeUser(database.db, { superAdmin: true });
    const users = [];
    for (let i = 0; i < 20; i++) {
      const u = await makeUser(database.db, { platform: true });
      await createSession(database.db, u.id, 'user');
      users.push(u);
    }
    await connectStaff(nodes, admin, clients, socketsPerNode);
    log(`${minutes} min at ${rate} operations/s on two nodes`);
    const result: SoakMinute[] = [];
    let totalErrors = 0;
    for (let minute = 1; minute <= minutes; minute++) {
      const reads: number[] = [];
      const writes: number[] = [];
      let errors = 0;
      const errorKinds = new Map<string, number>();
      let calls = 0;
      const pending: Promise<void>[] = [];
      const begin = performance.now();
      let lagMax = 0;
      // Open loop: operation i is due at begin + i / rate, whatever the earlier ones take; a late
      // start (the client itself starved of CPU) is counted as lag, not silently skipped.
      for (let i = 0; i < rate * 60; i++) {
        const due = begin + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) {
          await new Promise((r) => setTimeout(r, wait));
        }
        lagMax = Math.max(lagMax, performance.now() - due);
        const node = i % 2;
        const t0 = performance.now();
        calls += 1;
        const op =
          i % 10 < 7
            ? fetch(`${nodes[node].url}/api/v2/users-list?page=1&limit=10`, {
                headers: { authorization: `Bearer ${admin.token}` },
                signal: AbortSignal.timeout(10_000),
              }).then(async (res) => {
                await res.arrayBuffer();
                if (res.status !== 200) {
                  throw new Error(`HTTP ${res.status}`);
                }
                reads.push(performance.now() - t0);
              })
            : clients[node][Math.floor(i / 2) % socketsPerNode]
                .send(users[i % users.length].id, `soak ${minute}-${i}`)
                .then(() => void writes.push(performance.now() - t0));
        pending.push(
          op.catch((e: unknown) => {
            errors += 1;
            const kind = e instanceof Error ? e.message.slice(0, 60) : String(e);
            errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
          }),
        );
      }
      const issuedInMs = performance.now() - begin;
      await Promise.all(pending);
      // Only the last minute's received messages matter; drop the rest so the client stays small.
      for (const c of clients.flat()) {
        c.received.length = 0;
      }
      const rss = await Promise.all(nodes.map((n) => rssMb(n.url)));
      totalErrors += errors;
      const m = {
        minute,
        calls,
        ratePerS: Math.round((calls / issuedInMs) * 10000) / 10,
        scheduleLagMaxMs: Math.round(lagMax),
        errors,
        readP99: Math.round(p99(reads)),
        writeP99: Math.round(p99(writes)),
        rssMb: rss,
        loadAvg: Math.round(os.loadavg()[0] * 10) / 10,
        errorKinds: Object.fromEntries(errorKinds),
      };
      result.push(m);
      log(JSON.stringify(m));
    }
    const first = result[0].rssMb;
    const last = result[result.length - 1].rssMb;
    const growth = first.map((f, i) => Math.round(((last[i] - f) / f) * 1000) / 10);
    return {
      rate,
      socketsPerNode,
      minutes: result,
      errors: totalErrors,
      memoryGrowthPct: growth,
      passed: totalErrors === 0 && growth.every((g) => g < 10),
    };
  } finally {
    for (const c of clients.flat()) {
      c.close();
    }
    await Promise.all(nodes.map(stopNode));
    await database.close();
    await redis.stop();
    pg.destroy();
  }
}

export function soakReport(r: SoakResult): string {
  const lines = [
    `Soak: ${r.minutes.length} min at ${r.rate} operations/s (70 % users-list reads, 30 % chat writes over ${r.socketsPerNode} sockets per node) on two nodes`,
    '| minute | calls | ops/s | max lag ms | errors | read p99 ms | write p99 ms | RSS node A / B MB | load avg |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.minutes.map(
      (m) =>
        `| ${m.minute} | ${m.calls} | ${m.ratePerS} | ${m.scheduleLagMaxMs} | ${m.errors} | ${m.readP99} | ${m.writeP99} | ${m.rssMb.join(' / ')} | ${m.loadAvg} |`,
    ),
    ...r.minutes
      .filter((m) => m.errors > 0)
      .map((m) => `minute ${m.minute} errors: ${JSON.stringify(m.errorKinds)}`),
    `errors: ${r.errors}; memory growth after minute 1: ${r.memoryGrowthPct.join(' % / ')} %; ${r.passed ? 'PASS' : 'FAIL'}`,
  ];
  return lines.join('\n');
}

export default { name: 'soak', run: runSoak, report: soakReport };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runSoak();
  console.log(soakReport(r));
  process.exit(r.passed ? 0 : 1);
}
