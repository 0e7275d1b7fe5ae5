import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once here: @fastify/helmet
 * rebuilt it (parsing every CSP directive) on each request, about 25 µs and two hooks per call.
 */
/**
 * The origin map tiles come from, for img-src: TILE_URL's scheme and host, a `{s}` subdomain
 * placeholder as `*` (https://{s}.tile.example.org/{z}/{x}/{y}.png gives https://*.tile.example.org).
 */
export function tileSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/]+)/.exec(tileUrl);
  if (!match) {
    return null;
  }
  const host = match[2].replace(/^\{s\}\./, '*.');
  return /^[\w*.-]+(:\d+)?$/.test(host) ? `${match[1]}://${host}` : null;
}

/**
 * `connect-src` is the app's own origin (its API and chat socket: CSP's 'self' covers ws/wss to it)
 * plus CORS_ORIGINS; `img-src` the app's own images, data: and blob: (previews made in the page)
 * and the map tile host.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { tileUrl?: string; origins?: readonly string[] } = {},
): void {
  const tiles = opts.tileUrl ? tileSource(opts.tileUrl) : null;
  const secure = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", ...(opts.origins ?? [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    secure(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
