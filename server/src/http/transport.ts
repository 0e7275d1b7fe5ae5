import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { duplicateKey } from './json-keys';

/**
 * How requests arrive and answers leave, for every call in one place.
 *
 * - Spec 01 section 7: every call is sent with a JSON content type, also when it has no payload
 *   (`DELETE delete-post?id=`, `PATCH enable-advertise/{id}`, logout). An empty body with that
 *   type is no body, never a 400.
 * - Every `/api/v2` answer (errors too) carries `Cache-Control: no-store`: answers hold personal
 *   data and must not stay in a browser or proxy cache.
 * - No answer is larger than MAX_ANSWER_BYTES.
 */
/**
 * The last guard on the size of an answer (issue 32): every list is paged and every range bounded,
 * so an answer this large means a bound is missing; it is refused rather than sent.
 */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

export function registerTransport(app: FastifyInstance, opts: { maxAnswerBytes?: number } = {}): void {
  const maxAnswerBytes = opts.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  // Fastify's own parser (it refuses __proto__ and constructor poisoning), minus the empty-body 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, (err, value) => {
      // Only a text that parsed is walked for duplicate keys.
      const key = err ? null : duplicateKey(body as string);
      if (key !== null) {
        done(new AppError('bad_request', `The request body has the key "${key}" twice`), undefined);
        return;
      }
      done(err, value);
    });
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/v2/') || req.url === '/api/v2') {
      reply.header('cache-control', 'no-store');
    }
    if (
      (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
      Buffer.byteLength(payload) > maxAnswerBytes
    ) {
      req.log.error({ bytes: Buffer.byteLength(payload), url: req.url }, 'answer over the size ceiling');
      reply.code(500).header('content-type', 'application/json; charset=utf-8');
      done(
        null,
        JSON.stringify({ responseCode: 500, responseMessage: 'The answer is too large; narrow the request' }),
      );
      return;
    }
    done(null, payload);
  });
}
