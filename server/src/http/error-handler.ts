import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { AppError } from './errors';

/**
 * Maps every failure to the envelope; 5xx details stay in the log with the request id.
 * `notFound: false` leaves the 404 handler to the caller (the SPA fallback sets its own: Fastify
 * allows one per prefix).
 */
export function registerErrorHandler(app: FastifyInstance, opts: { notFound?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ responseCode: error.status, responseMessage: error.message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ responseCode: 413, responseMessage: 'Request body is too large (limit 1 MB)' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ responseCode: 429, responseMessage: 'Too many requests. Please slow down' });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code?.startsWith('FST_ERR_CTP_INVALID_JSON') || error instanceof SyntaxError
          ? 'Request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ responseCode: status, responseMessage: message });
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send({ responseCode: 503, responseMessage: 'Service temporarily unavailable. Please retry' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ responseCode: 500, responseMessage: 'Server Error' });
  });
  if (opts.notFound === false) {
    return;
  }
  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ responseCode: 404, responseMessage: `No such call: ${req.method} ${req.url.split('?')[0]}` });
  });
}
