import { type CallDef, inputOf, permissionsOf } from '@admin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from './auth';
import { AppError, zodMessage } from './errors';

export interface Ctx<Req> {
  input: Req;
  /** The signed-in staff member; always present on calls that are not public. */
  user: AuthUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Handler<C extends CallDef> = (
  ctx: Ctx<z.output<C['request']>>,
) => Promise<(Omit<z.input<C['response']>, 'responseCode'> & { responseCode?: number }) | FastifyReply>;

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
      const raw =
        inputOf(call) === 'query' ? req.query : { ...(req.query as object), ...((req.body as object) ?? {}) };
      const parsed = call.request.safeParse({ ...(raw as object), ...((req.params as object) ?? {}) });
      if (!parsed.success) {
        throw new AppError('bad_request', zodMessage(parsed.error));
      }
      const result = await handler({
        input: parsed.data as z.output<C['request']>,
        user: req.authUser as AuthUser,
        req,
        reply,
      });
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

export { permissionsOf };
