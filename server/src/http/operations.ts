import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { httpRequestDuration, httpRequestsInFlight, registry, watchPool } from '../lib/metrics';

/** What /readyz asks; parts of the server (the Redis adapter) add their own checks. */
interface Readiness {
  /** Set when a shutdown starts: /readyz answers 503 from then on. */
  shuttingDown: boolean;
  add(name: string, check: () => Promise<void>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const CHECK_TIMEOUT_MS = 2000;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function withTimeout(check: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A direct connection from this machine (not forwarded by a proxy), or the metrics token. */
function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7).trim());
    const wanted = Buffer.from(token);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) {
      return true;
    }
  }
  // Any proxy header means the request came through a proxy on this machine: not a local scrape.
  const forwarded =
    req.headers['x-forwarded-for'] !== undefined ||
    req.headers['x-real-ip'] !== undefined ||
    req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/**
 * GET /healthz (the process runs), GET /readyz (database, migrations, Redis; 503 while shutting
 * down) and GET /metrics (Prometheus), plus the request metrics every route reports. None of
 * these needs a session; probes log only at warn level so they do not drown the log.
 */
export function registerOperations(
  app: FastifyInstance,
  deps: { database: Database; metricsToken?: string },
): void {
  const checks = new Map<string, () => Promise<void>>();
  checks.set('database', () => deps.database.ping());
  checks.set('migrations', async () => {
    if (!deps.database.migrated) {
      throw new Error('not applied yet');
    }
  });
  const readiness: Readiness = {
    shuttingDown: false,
    add: (name, check) => checks.set(name, check),
  };
  app.decorate('readiness', readiness);
  for (const pool of [deps.database.pool, deps.database.listPool]) {
    if (pool) {
      const unwatch = watchPool(pool);
      app.addHook('onClose', async () => {
        unwatch();
      });
    }
  }

  const started = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', (req, _reply, done) => {
    started.add(req);
    httpRequestsInFlight.inc();
    done();
  });
  const finish = (req: FastifyRequest, reply?: FastifyReply) => {
    if (!started.delete(req)) {
      return;
    }
    httpRequestsInFlight.dec();
    httpRequestDuration.observe(
      {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status: reply ? String(reply.statusCode) : 'aborted',
      },
      (reply?.elapsedTime ?? 0) / 1000,
    );
  };
  app.addHook('onResponse', (req, reply, done) => {
    finish(req, reply);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    finish(req);
    done();
  });

  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async () => ({ status: 'ok' }));

  app.get('/readyz', quiet, async (_req, reply) => {
    if (readiness.shuttingDown) {
      return reply.status(503).send({ status: 'unavailable', failing: ['shutdown'] });
    }
    const names = [...checks.keys()];
    const results = await Promise.allSettled([...checks.values()].map(withTimeout));
    const parts: Record<string, string> = {};
    const failing: string[] = [];
    results.forEach((r, i) => {
      parts[names[i]] = r.status === 'fulfilled' ? 'ok' : String(r.reason?.message ?? r.reason);
      if (r.status === 'rejected') {
        failing.push(names[i]);
      }
    });
    if (failing.length > 0) {
      return reply.status(503).send({ status: 'unavailable', failing, checks: parts });
    }
    return { status: 'ok', checks: parts };
  });

  app.get('/metrics', quiet, async (req, reply) => {
    if (!mayReadMetrics(req, deps.metricsToken)) {
      return reply.status(403).send({
        responseCode: 403,
        responseMessage: 'Metrics are answered to this machine or with the metrics token',
      });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
