import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: the single source of truth the server validates with, the OpenAPI document is
 * generated from, and the web client is typed by.
 */
export interface CallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path under /api/v2, without a leading slash; `:id` segments are path parameters. */
  path: string;
  /** Where the request fields travel: the query string (GET default) or the JSON body. */
  input?: 'query' | 'body';
  /**
   * A body call that also reads the query string (body fields win), for clients written before it
   * took a body. Spec 01 section 7: non-GET parameters are the body; only the calls the spec says
   * take a query (delete-post, approve-campaign) are `input: 'query'`.
   */
  alsoQuery?: true;
  /** `public` needs no session; otherwise a session and, when given, any one of these permissions. */
  auth?: 'public' | 'session';
  permission?: string | readonly string[];
  /**
   * What a write call acts on, for its audit entry: the target's type and the input (or path)
   * field holding its id; 'self' is the caller, null a row the call creates (the answer's data.id
   * or the service names it). Every non-GET call has one (a server test checks).
   */
  audit?: { target: string; id: string | null };
  summary: string;
  request: Req;
  response: Res;
  /** Other success statuses besides 200 (e.g. text/csv streams) described for the document. */
  produces?: readonly string[];
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export function inputOf(call: CallDef): 'query' | 'body' {
  return call.input ?? (call.method === 'GET' ? 'query' : 'body');
}

export function permissionsOf(call: CallDef): readonly string[] {
  if (!call.permission) {
    return [];
  }
  return typeof call.permission === 'string' ? [call.permission] : call.permission;
}

/** A call's input as the server's handler receives it: the request schema's output (defaults filled). */
export type InputOf<C> = C extends CallDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type RequestOf<C> = C extends CallDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type ResponseOf<C> = C extends CallDef<z.ZodType, infer Res> ? z.output<Res> : never;
