import { type CallDef, Id, inputOf } from '@admin/contract';
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
  if (body) {
    refuseTextNumbers(call, body as Record<string, unknown>);
  }
  return call.alsoQuery ? { ...(req.query as object), ...body } : (body ?? {});
}

interface Def {
  type: string;
  innerType?: unknown;
  in?: unknown;
  element?: unknown;
  shape?: Record<string, unknown>;
  transform?: unknown;
}
const defOf = (s: unknown) => (s as { _zod?: { def: Def } })?._zod?.def;

/** Whether a schema is the contract's Id (query strings may give it as text), or an array of Ids. */
function idSchema(schema: unknown): 'id' | 'array' | null {
  let def = defOf(schema);
  while (def && ['optional', 'nullable', 'default', 'prefault'].includes(def.type)) {
    def = defOf(def.innerType);
  }
  if (def?.type === 'array') {
    return idSchema(def.element) ? 'array' : null;
  }
  // Id or a copy of it (.describe() copies): they share its decimal-text step.
  return def?.type === 'pipe' && def.in === defOf(Id)?.in ? 'id' : null;
}

/**
 * Ids in a JSON body are JSON integers: "01", " 1 " or "1.0" are text, a 400 (issue 32). Only
 * query strings and paths carry ids as text.
 */
function refuseTextNumbers(call: CallDef, body: Record<string, unknown>) {
  const shape = defOf(call.request)?.shape ?? {};
  for (const [key, value] of Object.entries(body)) {
    const kind = shape[key] ? idSchema(shape[key]) : null;
    const text =
      kind === 'array'
        ? Array.isArray(value) && value.some((v) => typeof v === 'string')
        : typeof value === 'string';
    if (kind && text) {
      throw new AppError('bad_request', `${key}: must be a JSON number, not text`);
    }
  }
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
