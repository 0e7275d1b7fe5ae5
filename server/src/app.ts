import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { scopedDb } from './db/tx';
import type { AppDeps } from './deps';
import { registerAudit } from './http/audit-call';
import { registerAuth } from './http/auth';
import { registerErrorHandler } from './http/error-handler';
import { registerOperations } from './http/operations';
import { registerRateLimits } from './http/rate-limit';
import { registerRequestId, requestIdOptions } from './http/request-id';
import { registerSecurityHeaders } from './http/security-headers';
import { registerTransport } from './http/transport';
import { moduleRoutes } from './modules';
import { attachRealtime } from './realtime/gateway';

/** Builds the whole HTTP app; main.ts listens on it, tests call app.inject on it. */
export async function buildApp(
  deps: AppDeps,
  opts: {
    /** Fastify logger options in place of deps.log (tests: false, or a stream to read). */
    logger?: boolean | object;
    /** the socket.io chat gateway on app.server (default on) */
    realtime?: boolean;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger === undefined ? { loggerInstance: deps.log } : { logger: opts.logger }),
    bodyLimit: 1024 * 1024,
    // request.ip comes from X-Forwarded-For only when the peer is one of these proxies.
    trustProxy: deps.config.TRUST_PROXY ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    ...requestIdOptions,
  });
  registerRequestId(app);
  registerOperations(app, { database: deps.database, metricsToken: deps.config.METRICS_TOKEN });
  const hasWebApp = fs.existsSync(path.join(deps.config.webDist, 'index.html'));
  registerErrorHandler(app, { notFound: !hasWebApp });
  registerSecurityHeaders(app, { tileUrl: deps.config.TILE_URL, origins: deps.config.CORS_ORIGINS });
  registerTransport(app);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await registerRateLimits(app, deps.config, deps.redis);
  // The outside clients deps.ts built close with the app, after the hooks that use them.
  app.addHook('onClose', async () => deps.redis?.close());
  registerAuth(app, deps.db, deps.clock);
  // Modules query through the scoped db: inside a write call's transaction it is that transaction.
  const scoped = { ...deps, db: scopedDb(deps.db) };
  registerAudit(app, deps.db, scoped.db, {
    trail: deps.config.AUDIT_TRAIL === 'on',
    writeTimeout: deps.config.WRITE_STATEMENT_TIMEOUT,
  });
  if (opts.realtime !== false) {
    await attachRealtime(app, scoped);
  }
  for (const register of moduleRoutes) {
    await register(app, scoped);
  }
  const mediaDir = path.join(deps.config.dataDir, 'media');
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
  });
  await serveWebApp(app, deps.config.webDist);
  return app;
}

/** The built SPA: hashed assets cached for a year, everything else falls back to index.html. */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    return;
  }
  // The one 404 handler of the app (registerErrorHandler leaves it to us when the SPA is built).
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    preCompressed: false,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (
      req.method !== 'GET' ||
      url.startsWith('/api/') ||
      url.startsWith('/socket.io') ||
      path.extname(url)
    ) {
      return reply
        .status(404)
        .send({ responseCode: 404, responseMessage: `No such call: ${req.method} ${url}` });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
