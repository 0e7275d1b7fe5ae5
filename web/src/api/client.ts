import { API_BASE, type CallDef, inputOf, type RequestOf, type ResponseOf, TEXTS } from '@admin/contract';
import { keepDrafts } from '../auth/drafts';
import { sessionStore } from '../auth/session';
import { connection } from './connection';

/** A failed call. `message` is the spec 01 section 8 alert text. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** A signed-in call answered 401: the session is over and /login says so, no other alert. */
  readonly endedSession: boolean;
  constructor(status: number, message: string, body: unknown, endedSession = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.endedSession = endedSession;
  }
}

/** The record the call asked for is not there (404): the screen says which, with a way back. */
export const isMissing = (err: unknown): boolean => err instanceof ApiError && err.status === 404;

/** Spec 01 section 8: the server's responseMessage, else 401's text, else 'Server Error'. */
export function errorMessage(status: number, body: unknown): string {
  const msg = (body as { responseMessage?: unknown } | null)?.responseMessage;
  if (typeof msg === 'string' && msg.trim()) {
    return msg;
  }
  return status === 401 ? TEXTS.unauthorized : TEXTS.serverError;
}

const SUCCESS = new Set([200, 201, 204]);

/** A call that got no answer (offline, server down): not a 'Server Error', nothing answered. */
const UNREACHABLE_TEXT = 'The server cannot be reached. Check your connection and try again.';

type Scalar = string | number | boolean | null | undefined;

function toQuery(input: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || v === '') {
      continue;
    }
    if (Array.isArray(v)) {
      for (const item of v as Scalar[]) {
        qs.append(k, String(item));
      }
    } else {
      qs.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** Builds the URL and fetch options of a call: `:param` segments from the input, GET (and delete-post, approve-campaign) -> query. */
export function buildRequest(
  call: CallDef,
  input: Record<string, unknown> = {},
): { url: string; init: RequestInit } {
  const rest: Record<string, unknown> = { ...input };
  const path = call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null) {
      throw new Error(`${call.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(String(v));
  });
  // Spec 01 section 7: every call is sent with a JSON content type, GET and query-only calls too.
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const token = sessionStore.token();
  if (token && call.auth !== 'public') {
    headers.Authorization = `Bearer ${token}`;
  }
  let url = `${API_BASE}/${path}`;
  let body: string | undefined;
  if (inputOf(call) === 'query') {
    url += toQuery(rest);
  } else {
    body = JSON.stringify(rest);
  }
  return { url, init: { method: call.method, headers, body } };
}

/**
 * What happens when a signed-in call answers 401: the session is gone, back to /login, where
 * `reason` (the server's message — 'Your session has ended. Sign in again.' — else spec 01 section
 * 8's text) is shown once. The open forms' drafts are kept for the return after signing in.
 */
function sessionExpired(reason: string) {
  if (sessionStore.get()) {
    keepDrafts();
    sessionStore.setReturnTo(window.location.pathname + window.location.search);
    sessionStore.setLoginNotice(reason);
    // RequireAuth sees the cleared session and navigates to /login.
    sessionStore.clear();
  }
}

/**
 * Calls the API as the contract describes `call`. Resolves with the whole answer (envelope and
 * payload) on 200/201/204; otherwise rejects with an ApiError carrying the spec's alert text.
 */
export async function apiCall<C extends CallDef>(
  call: C,
  input?: RequestOf<C>,
  opts: { signal?: AbortSignal } = {},
): Promise<ResponseOf<C>> {
  const { url, init } = buildRequest(call, (input ?? {}) as Record<string, unknown>);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') {
      throw err;
    }
    connection.report(0);
    throw new ApiError(0, UNREACHABLE_TEXT, null);
  }
  connection.report(res.status);
  let body: unknown = null;
  if (res.status !== 204) {
    const text = await res.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
  }
  if (!SUCCESS.has(res.status)) {
    const message = errorMessage(res.status, body);
    const ended = res.status === 401 && call.auth !== 'public';
    if (ended) {
      sessionExpired(message);
    }
    throw new ApiError(res.status, message, body, ended);
  }
  return (body ?? { responseCode: res.status }) as ResponseOf<C>;
}
