import type { FastifyInstance } from 'fastify';
import type { Background } from './background';
import type { Database } from './db/client';

export interface SignalSource {
  on(signal: NodeJS.Signals, handler: (signal: NodeJS.Signals) => void): unknown;
}

/**
 * SIGTERM/SIGINT: /readyz turns 503 at once; for `delayMs` (SHUTDOWN_DELAY) everything else is
 * still served, so a load balancer polling /readyz takes the node out before it stops accepting;
 * then the server stops accepting, requests in flight finish (up to `timeoutMs`), sockets are told
 * to reconnect (the app's close hooks), the background work stops (the push worker hands its job
 * back), and the process
 * exits 0. A second signal, or the timeout, exits 1 at once.
 */
export function handleSignals(
  app: FastifyInstance,
  database: Database,
  opts: {
    /** The background work main.ts started: stopped once requests have finished. */
    background?: Background;
    timeoutMs: number;
    delayMs: number;
    signals?: SignalSource;
    exit?: (code: number) => void;
  },
): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    app.readiness.shuttingDown = true;
    const { timeoutMs, delayMs } = opts;
    app.log.info({ signal, delayMs, timeoutMs }, 'shutting down: /readyz answers 503');
    if (delayMs > 0) {
      // unref: the listening server keeps the process alive meanwhile, nothing else needs to.
      await new Promise((r) => setTimeout(r, delayMs).unref());
    }
    app.log.info({ timeoutMs }, 'shutting down: no new connections, finishing requests in flight');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'requests still running after the shutdown timeout: exiting');
      exit(1);
    }, timeoutMs).unref();
    try {
      await app.close();
      await opts.background?.stop();
      await database.close();
      app.log.info('shut down cleanly');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    }
  };
  const signals = opts.signals ?? process;
  signals.on('SIGINT', stop);
  signals.on('SIGTERM', stop);
}
