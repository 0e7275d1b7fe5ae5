/**
 * Notifications at scale (issue 7): one job to every device token of the bench database (about
 * 1,150,000 with SEED_USERS=1000000) delivered by the real worker through the `log` provider (a
 * counting logger, nothing printed per batch), in batches of 1000. Reports the time, the rate and
 * the process memory sampled every 250 ms, to show it stays flat however many tokens there are.
 *
 * Run: through `npm run bench` (after the HTTP scenarios) or `npx tsx bench/notifications-bench.ts`.
 * Uses DATABASE_URL's server and BENCH_DB (default bench), the database `npm run bench` seeded.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client';
import { uncheckedRows } from '../server/src/db/sql';
import { silentLog } from '../server/src/lib/log';
import { createNotificationWorker } from '../server/src/modules/notifications/bench';
import { createLogPush } from '../server/src/providers/push';

export interface NotificationsBenchResult {
  tokens: number;
  delivered: number;
  failed: number;
  seconds: number;
  perSecond: number;
  heapMb: { min: number; max: number; end: number };
  rssMb: { min: number; max: number; end: number };
  samples: number;
}

function benchUrl(): string {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${process.env.BENCH_DB || 'bench'}`;
  return url.toString();
}

const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

async function run(opts: { log?: (line: string) => void } = {}): Promise<NotificationsBenchResult> {
  const log = opts.log ?? console.log;
  const database = await openDatabase({ url: benchUrl() });
  const db = database.db;
  try {
    const [{ n }] = uncheckedRows<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM devices WHERE push_token IS NOT NULL`),
    );
    log(`${n.toLocaleString('en-US')} device tokens`);
    const [job] = uncheckedRows<{ id: number }>(
      await db.execute(sql`
        INSERT INTO notifications (occupants, message) VALUES ('ALL', 'Benchmark: hello everyone') RETURNING id`),
    );
    let batches = 0;
    const push = createLogPush({
      ...silentLog,
      info: () => {
        batches += 1;
      },
    });
    const worker = createNotificationWorker({ db, push, log: silentLog, batchSize: 1000 });
    const heap: number[] = [];
    const rss: number[] = [];
    const sample = () => {
      const m = process.memoryUsage();
      heap.push(m.heapUsed);
      rss.push(m.rss);
    };
    sample();
    const timer = setInterval(sample, 250);
    const started = Date.now();
    // Queued jobs of other runs would be taken first; loop until ours is done.
    for (;;) {
      const worked = await worker.runOnce();
      const [row] = uncheckedRows<{ status: string }>(
        await db.execute(sql`SELECT status FROM notifications WHERE id = ${job.id}`),
      );
      if (row.status === 'done' || row.status === 'failed' || !worked) {
        break;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    clearInterval(timer);
    sample();
    const [done] = uncheckedRows<{ total: number; delivered: number; failed: number }>(
      await db.execute(sql`SELECT total, delivered, failed FROM notifications WHERE id = ${job.id}`),
    );
    log(`${batches} batches`);
    return {
      tokens: done.total,
      delivered: done.delivered,
      failed: done.failed,
      seconds,
      perSecond: Math.round(done.total / seconds),
      heapMb: { min: mb(Math.min(...heap)), max: mb(Math.max(...heap)), end: mb(heap[heap.length - 1]) },
      rssMb: { min: mb(Math.min(...rss)), max: mb(Math.max(...rss)), end: mb(rss[rss.length - 1]) },
      samples: heap.length,
    };
  } finally {
    await database.close();
  }
}

function report(r: NotificationsBenchResult): string {
  return [
    `notifications: ${r.tokens.toLocaleString('en-US')} tokens, ${r.delivered.toLocaleString('en-US')} delivered, ${r.failed} failed`,
    `  ${r.seconds.toFixed(1)} s, ${r.perSecond.toLocaleString('en-US')} tokens/s`,
    `  heap used MB min/max/end ${r.heapMb.min}/${r.heapMb.max}/${r.heapMb.end}; rss MB ${r.rssMb.min}/${r.rssMb.max}/${r.rssMb.end} (${r.samples} samples)`,
  ].join('\n');
}

export default { name: 'notifications', run, report };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run()
    .then((r) => console.log(report(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
