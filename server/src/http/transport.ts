import type { FastifyInstance } from 'fastify';

/**
 * How requests arrive and answers leave, for every call in one place.
 *
 * - Spec 01 section 7: every call is sent with a JSON content type, also when it has no payload
 *   (`DELETE delete-post?id=`, `PATCH enable-advertise/{id}`, logout). An empty body with that
 *   type is no body, never a 400.
 * - Every `/api/v2` answer (errors too) carries `Cache-Control: no-store`: answers hold personal
 *   data and must not stay in a browser or proxy cache.
 */
export function registerTransport(app: FastifyInstance): void {
  // Fastify's own parser (it refuses __proto__ and constructor poisoning), minus the empty-body 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/v2/') || req.url === '/api/v2') {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
