import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { pruneExpired } from './service';

const EVERY_MS = 60 * 60 * 1000;
const FIRST_AFTER_MS = 60 * 1000;

/** Prunes expired sign-in data a minute after start, then hourly (not under NODE_ENV=test). */
export async function housekeepingRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.NODE_ENV === 'test') {
    return;
  }
  const log = app.log.child({ module: 'housekeeping' });
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const removed = await pruneExpired(deps.db, deps.clock.now());
      log.info({ removed }, 'pruned expired sign-in data');
    } catch (err) {
      log.warn({ err }, 'pruning expired sign-in data failed; will retry');
    }
    timer = setTimeout(run, EVERY_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(run, FIRST_AFTER_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
