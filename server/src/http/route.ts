import { type CallDef, inputOf } from '@admin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { runCall } from './audit-call';
import type { AuthUser } from './auth';
import { AppError, zodMessage } from './errors';

interface Ctx<Req> {
  input: Req;
  /** The signed-in staff member; always present on calls that are not public. */
  user: AuthUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallDef> = (
  ctx: Ctx<z.output<C['request']>>,
) => Promise<(Omit<z.input<C['response']>, 'responseCode'> & { responseCode?: number }) | FastifyReply>;

/**
 * Spec 01 section 7: GET (and the calls the spec says take a query) read the query string; every
 * other call reads its JSON body only, so `DELETE group?id=1` with no body deletes nothing.
 */
function inputFields(call: CallDef, req: FastifyRequest): object {
  if (inputOf(call) === 'query') {
    return req.query as object;
  }
  const body = req.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new AppError('bad_request', 'The request body must be a JSON object');
  }
  return call.alsoQuery ? { ...(req.query as object), ...body } : (body ?? {});
}

const validateResponses = process.env.NODE_ENV === 'test';

/**
 * Registers one contract call: validates its input with the contract schema, checks the session
 * and permission (see auth.ts), runs the handler and wraps the answer in the envelope.
 * A handler that streams (e.g. CSV) sends the reply itself and returns nothing.
 */
export function route<C extends CallDef>(app: FastifyInstance, call: C, handler: Handler<C>): void {
  const url = `/api/v2/${call.path}`;
  app.route({
    method: call.method,
    url,
    config: { call },
    handler: async (req, reply) => {
      const parsed = call.request.safeParse({ ...inputFields(call, req), ...(req.params as object) });
      if (!parsed.success) {
        throw new AppError('bad_request', zodMessage(parsed.error));
      }
      const input = parsed.data as z.output<C['request']>;
      const result = await runCall(app, call, req, input as Record<string, unknown>, () =>
        handler({ input, user: req.authUser as AuthUser, req, reply }),
      );
      if ((result as unknown) === reply || reply.sent) {
        return reply;
      }
      const status = (result as { responseCode?: number } | undefined)?.responseCode ?? 200;
      const body = { responseCode: status, ...(result ?? {}) };
      if (validateResponses) {
        const check = call.response.safeParse(body);
        if (!check.success) {
          throw new Error(
            `Response of ${call.method} ${call.path} breaks its contract: ${zodMessage(check.error)}`,
          );
        }
      }
      return reply.status(status).send(body);
    },
  });
}
