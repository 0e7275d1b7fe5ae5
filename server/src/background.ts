import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps';
import { pruneAudit } from './modules/audit';
import { pruneExpired } from './modules/housekeeping';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface Background {
  /** Stops the timers and waits for work in flight (the push worker hands its job back). */
  stop(): Promise<void>;
}

/**
 * The process's background work, started once at boot by main.ts: the push worker (every process
 * runs one; claims keep two from sending one job), the audit retention (at start, then daily) and
 * the pruning of expired sign-in data (a minute after start, then hourly). Each is idempotent, so
 * every process may run it. Nothing starts under NODE_ENV=test: tests drive each piece themselves.
 */
export function startBackground(deps: AppDeps, log: FastifyBaseLogger): Background {
  if (deps.config.NODE_ENV === 'test') {
    return { stop: async () => undefined };
  }
  const jobs = [
    repeat(0, DAY_MS, async () => {
      const removed = await pruneAudit(deps.db, deps.config.AUDIT_RETENTION_DAYS);
      // Quiet when there was nothing to do: the start banner stays the last line a start prints.
      log[removed > 0 ? 'info' : 'debug'](
        { module: 'audit', removed },
        'pruned audit entries past the retention',
      );
    }),
    repeat(MINUTE_MS, HOUR_MS, async () => {
      const removed = await pruneExpired(deps.db, deps.clock.now());
      const any = Object.values(removed).some((n) => n > 0);
      log[any ? 'info' : 'debug']({ module: 'housekeeping', removed }, 'pruned expired sign-in data');
    }),
  ];
  deps.pushWorker.start();
  return {
    async stop() {
      await Promise.all([...jobs.map((job) => job.stop()), deps.pushWorker.stop()]);
    },
  };

  /** Runs task after firstMs, then every everyMs after each run ends; a failure waits for the next. */
  function repeat(firstMs: number, everyMs: number, task: () => Promise<void>) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let stopped = false;
    const run = () => {
      running = task()
        .catch((err) => log.warn({ err }, 'background work failed; will retry'))
        .finally(() => {
          running = undefined;
          if (!stopped) {
            timer = setTimeout(run, everyMs).unref();
          }
        });
    };
    timer = setTimeout(run, firstMs).unref();
    return {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }
}
