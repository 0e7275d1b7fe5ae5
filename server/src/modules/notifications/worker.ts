import { OCCUPANTS } from '@admin/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf, sqlTime } from '../../db/sql';
import type { Log } from '../../lib/log';
import { pushDevices, pushJobProgress } from '../../lib/metrics';
import { type Clock, systemClock } from '../../providers/clock';
import type { PushProvider } from '../../providers/push';

export interface NotificationWorkerOptions {
  db: Db;
  push: PushProvider;
  log: Log;
  /** The time leases are taken and compared by (the app passes deps.clock; default the system's). */
  clock?: Clock;
  /** Device tokens per push call (capped by the provider's own limit). */
  batchSize?: number;
  /** How long a claim lasts without progress before another worker may take the job over. */
  lockMs?: number;
  /** Wait between looks for new jobs when idle. */
  pollMs?: number;
  /** Consecutive provider errors after which a job is marked failed. */
  maxErrors?: number;
}

export interface NotificationWorker {
  start(): void;
  /** Finishes the current batch, releases the job for the next worker, and resolves. */
  stop(): Promise<void>;
  /** Look for work now instead of at the next poll. */
  wake(): void;
  /** Claims one job and delivers it to the end; false when there was nothing to do. */
  runOnce(): Promise<boolean>;
}

const ClaimedJob = z.object({
  id: z.number(),
  occupants: z.enum(OCCUPANTS),
  message: z.string(),
  cursor: z.number(),
  total: z.number(),
  started: z.boolean(),
});
type ClaimedJob = z.infer<typeof ClaimedJob>;

const tokenFilter = (occupants: ClaimedJob['occupants']) =>
  occupants === 'ALL' ? sql`` : sql`AND device_type = ${occupants}`;

/** What delivering one job needs from its worker. */
interface DeliveryContext {
  db: Db;
  push: PushProvider;
  log: Log;
  batchSize: number;
  maxErrors: number;
  /** The claim's next expiry (a fence: compared for equality). */
  lease: () => Date;
  /** The worker is stopping: hand the job back. */
  stopping: () => boolean;
}

/**
 * Delivers queued notifications. A job is claimed with `locked_until` (FOR UPDATE SKIP LOCKED), so
 * several processes never deliver the same job at once; devices are walked in id order from
 * `cursor`, which is saved with the counts after every batch, so a restarted worker resumes after
 * the last saved batch (at-least-once: a batch in flight during a crash is sent again).
 */
export function createNotificationWorker(opts: NotificationWorkerOptions): NotificationWorker {
  const { db, push, log } = opts;
  const clock = opts.clock ?? systemClock;
  const batchSize = Math.min(opts.batchSize ?? 1000, push.maxBatch);
  const lockMs = opts.lockMs ?? 30_000;
  const pollMs = opts.pollMs ?? 2000;
  const maxErrors = opts.maxErrors ?? 5;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  // Millisecond precision on purpose: the value is compared for equality as the claim's fence.
  const lease = (from = clock.now()) => new Date(from.getTime() + lockMs);
  const ctx: DeliveryContext = { db, push, log, batchSize, maxErrors, lease, stopping: () => stopping };

  async function runOnce(): Promise<boolean> {
    const now = clock.now();
    const lock = lease(now);
    const job = await claim(db, lock, now);
    if (!job) {
      return false;
    }
    log.info({ job: job.id, cursor: job.cursor }, 'delivering notification');
    await deliver(ctx, job, lock);
    return true;
  }

  async function run() {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (err) {
        log.error({ err }, 'notification worker error');
      }
      if (!worked && !stopping) {
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, pollMs);
        });
        wakeUp = null;
      }
    }
  }

  return {
    start() {
      if (!loop) {
        stopping = false;
        loop = run();
      }
    },
    async stop() {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
      }
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() {
      if (timer) {
        clearTimeout(timer);
      }
      wakeUp?.();
    },
    runOnce,
  };
}

/** Takes the first job that is free or whose claim ended before `now`, until `lock`. */
async function claim(db: Db, lock: Date, now: Date): Promise<ClaimedJob | null> {
  const rows = rowsOf(
    ClaimedJob,
    await db.execute(sql`
      UPDATE notifications n
         SET status = 'running', locked_until = ${lock}, started_at = coalesce(n.started_at, now())
       WHERE n.id = (
         SELECT id FROM notifications
          WHERE status IN ('queued', 'running') AND (locked_until IS NULL OR locked_until < ${sqlTime(now)})
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING n.id, n.occupants, n.message, n.cursor, n.total,
                (n.cursor > 0 OR n.delivered + n.failed > 0) AS started`),
  );
  return rows[0] ?? null;
}

/** Saves progress if this worker still holds the job; false when it was taken over. */
async function save(
  db: Db,
  job: ClaimedJob,
  lock: Date,
  next: Date,
  set: {
    cursor?: number;
    delivered?: number;
    failed?: number;
    total?: number;
    done?: boolean;
    failedJob?: boolean;
  },
): Promise<boolean> {
  const status = set.done ? sql`'done'` : set.failedJob ? sql`'failed'` : sql`status`;
  const finished = set.done || set.failedJob;
  const rows = rowsOf(
    z.object({ id: z.number(), done: z.number(), total: z.number() }),
    await db.execute(sql`
      UPDATE notifications
         SET cursor = ${set.cursor ?? job.cursor},
             delivered = delivered + ${set.delivered ?? 0},
             failed = failed + ${set.failed ?? 0},
             total = ${set.total ?? sql`total`},
             status = ${status},
             finished_at = ${finished ? sql`now()` : sql`finished_at`},
             locked_until = ${finished ? null : next}
       WHERE id = ${job.id} AND locked_until = ${lock}
      RETURNING id, delivered + failed AS done, total`),
  );
  const row = rows[0];
  pushJobProgress.set(row && !finished && row.total ? row.done / row.total : 0);
  return rows.length === 1;
}

async function deliver(ctx: DeliveryContext, job: ClaimedJob, firstLock: Date): Promise<void> {
  const { db, push, log, batchSize, maxErrors, lease } = ctx;
  let lock = firstLock;
  if (!job.started) {
    // The total is counted once, when delivery begins.
    const [{ n }] = rowsOf(
      z.object({ n: z.number() }),
      await db.execute(sql`
        SELECT count(*)::int AS n FROM devices WHERE push_token IS NOT NULL ${tokenFilter(job.occupants)}`),
    );
    const next = lease();
    if (!(await save(db, job, lock, next, { total: n }))) {
      return;
    }
    lock = next;
    job.total = n;
  }
  let errors = 0;
  for (;;) {
    if (ctx.stopping()) {
      // Hand the job back at once so the next process resumes without waiting for the lease.
      await db.execute(sql`
        UPDATE notifications SET locked_until = NULL WHERE id = ${job.id} AND locked_until = ${lock}`);
      pushJobProgress.set(0);
      return;
    }
    const devices = rowsOf(
      z.object({ id: z.number(), push_token: z.string() }),
      await db.execute(sql`
        SELECT id, push_token FROM devices
         WHERE id > ${job.cursor} AND push_token IS NOT NULL ${tokenFilter(job.occupants)}
         ORDER BY id LIMIT ${batchSize}`),
    );
    if (devices.length === 0) {
      await save(db, job, lock, lock, { done: true });
      log.info({ job: job.id }, 'notification delivered to every device');
      return;
    }
    let result: Awaited<ReturnType<PushProvider['send']>>;
    try {
      result = await push.send(
        devices.map((d) => d.push_token),
        { title: '', body: job.message },
      );
      errors = 0;
    } catch (err) {
      errors += 1;
      log.warn({ job: job.id, err, errors, maxErrors }, 'push provider error');
      if (errors >= maxErrors) {
        await save(db, job, lock, lock, { failedJob: true });
        return;
      }
      const next = lease();
      if (!(await save(db, job, lock, next, {}))) {
        return;
      }
      lock = next;
      await new Promise((r) => setTimeout(r, Math.min(200 * 2 ** errors, 5000)));
      continue;
    }
    if (result.invalidTokens.length > 0) {
      // Tokens of uninstalled apps: forget them so later jobs do not count them.
      await db.execute(sql`
        UPDATE devices SET push_token = NULL
         WHERE push_token IN (${sql.join(
           result.invalidTokens.map((t) => sql`${t}`),
           sql`, `,
         )})`);
    }
    pushDevices.inc({ result: 'delivered' }, result.delivered);
    pushDevices.inc({ result: 'failed' }, result.failed);
    const cursor = devices[devices.length - 1].id;
    const next = lease();
    if (!(await save(db, job, lock, next, { cursor, delivered: result.delivered, failed: result.failed }))) {
      log.warn({ job: job.id }, 'notification taken over by another worker');
      return;
    }
    lock = next;
    job.cursor = cursor;
  }
}
