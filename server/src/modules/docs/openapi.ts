import * as contract from '@admin/contract';
import { ADMIN_API_VERSION, API_BASE, type CallDef, calls, inputOf, permissionsOf } from '@admin/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const SAFE_INT = Number.MAX_SAFE_INTEGER;

/** Drops the ±MAX_SAFE_INTEGER bounds zod puts on every integer: noise in a document. */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(tidy);
  }
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'minimum' && v === -SAFE_INT) || (k === 'maximum' && v === SAFE_INT) || k === '$schema') {
        continue;
      }
      out[k] = tidy(v);
    }
    return out;
  }
  return node;
}

// OpenAPI 3.0 schemas: Swagger UI renders 3.0 documents far faster than 3.1 ones (its 3.1 path
// parses the whole document with ApiDOM first).
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' })) as JsonSchema;
}

const ERROR_RESPONSE = {
  description: 'Error: responseMessage says what went wrong',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { responseCode: { type: 'integer' }, responseMessage: { type: 'string' } },
        required: ['responseCode', 'responseMessage'],
      },
    },
  },
};

function operation(name: string, call: CallDef) {
  const perms = permissionsOf(call);
  const isPublic = call.auth === 'public';
  const pathParams = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const input = jsonSchema(call.request, 'input');
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required as string[] | undefined) ?? []);
  const parameters: JsonSchema[] = pathParams.map((p) => ({
    name: p,
    in: 'path',
    required: true,
    schema: props[p] ?? { type: 'string' },
  }));
  const op: JsonSchema = {
    operationId: name,
    summary: call.summary,
    description: [
      call.summary,
      isPublic
        ? 'Public: no session needed.'
        : perms.length
          ? `Needs a session and any one of these permissions: ${perms.join(', ')} (a super admin passes every check).`
          : 'Needs a session; no particular permission.',
    ].join('\n\n'),
    tags: [tagOf(name)],
    'x-permissions': perms,
    security: isPublic ? [] : [{ bearerAuth: [] }],
    responses: {
      200: {
        description: 'Success',
        content: Object.fromEntries(
          (call.produces ?? ['application/json']).map((type) => [
            type,
            {
              schema: type === 'application/json' ? jsonSchema(call.response, 'output') : { type: 'string' },
            },
          ]),
        ),
      },
      400: ERROR_RESPONSE,
      ...(isPublic ? {} : { 401: ERROR_RESPONSE, 403: ERROR_RESPONSE }),
      404: ERROR_RESPONSE,
    },
  };
  const rest = Object.fromEntries(Object.entries(props).filter(([k]) => !pathParams.includes(k)));
  if (inputOf(call) === 'query') {
    for (const [key, schema] of Object.entries(rest)) {
      parameters.push({
        name: key,
        in: 'query',
        required: required.has(key) && !('default' in schema),
        description: schema.description,
        schema,
      });
    }
  } else if (Object.keys(rest).length > 0) {
    op.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: { ...input, properties: rest, required: [...required].filter((k) => k in rest) },
        },
      },
    };
  }
  if (parameters.length > 0) {
    op.parameters = parameters;
  }
  return op;
}

/** Call name -> its area ('Signup Codes'), from the contract's per-area `<area>Calls` objects. */
const AREA_OF: Map<string, string> = new Map(
  Object.entries(contract as Record<string, unknown>)
    .filter(([key, value]) => key.endsWith('Calls') && key !== 'calls' && value && typeof value === 'object')
    .flatMap(([key, value]) => {
      const area = key
        .slice(0, -'Calls'.length)
        .replace(/([A-Z])/g, ' $1')
        .replace(/^./, (c) => c.toUpperCase());
      return Object.keys(value as object).map((name) => [name, area] as [string, string]);
    }),
);

/** Operations are grouped by the contract area they belong to. */
function tagOf(name: string): string {
  return AREA_OF.get(name) ?? 'Other';
}

/** The admin API's OpenAPI 3.0 document, generated from every call of the contract. */
export function adminOpenApi(all: Record<string, CallDef> = calls): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(all)) {
    const p = `${API_BASE}/${call.path.replace(/:(\w+)/g, '{$1}')}`;
    paths[p] ??= {};
    paths[p][call.method.toLowerCase()] = operation(name, call);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Admin API',
      version: ADMIN_API_VERSION,
      description:
        'The admin back-office API. Every answer is JSON {responseCode, responseMessage?, ...payload}; ' +
        'HTTP status and responseCode agree. GET calls take their parameters in the query string, ' +
        'others in a JSON body. Sign in with admin-login and verify-auth, then send ' +
        '`Authorization: Bearer <api_token>`. Each operation names the permission it needs (x-permissions).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearerAuth: [] }],
    tags: [...new Set(Object.keys(all).map(tagOf))].sort().map((name) => ({ name })),
    paths,
  };
}
