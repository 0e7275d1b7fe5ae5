import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** A caller's id is kept when it is short and plain (no spaces, quotes or control characters). */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when sane, else a fresh UUID. */
function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Fastify options that make `request.id` the request id (Fastify logs it as `reqId` on every line). */
export const requestIdOptions = {
  genReqId: requestIdFor,
  // The header is read by requestIdFor (with the sanity check), not by Fastify as-is.
  requestIdHeader: false as const,
};

/** Returns the id on every answer, so a caller can quote it when reporting a failure. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
}
