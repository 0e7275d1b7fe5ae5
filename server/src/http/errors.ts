import { TEXTS } from '@admin/contract';
import type { ZodError } from 'zod';

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (m: string) => new AppError('bad_request', m);
export const notFound = (m = 'Not found') => new AppError('not_found', m);
/** The 404 of every call about a user id that names nobody. */
export const userNotFound = () => notFound('User not found');
export const conflict = (m: string) => new AppError('conflict', m);
export const forbidden = (m = 'You do not have permission to perform this action') =>
  new AppError('forbidden', m);
/**
 * The 403 of the ranks rule (docs/security.md, "Ranks: who may act on whom"): the caller holds the
 * call's permission but may not use it on this account or group. `rule` tells it from a missing
 * permission, for the audit trail.
 */
export const outranked = (m: string) =>
  Object.assign(new AppError('forbidden', m), { rule: 'rank' as const });
export const unauthorized = (m = 'You are not authorized to perform this action') =>
  new AppError('unauthorized', m);
/**
 * The 401 of a signed-in call refused by the guard: without a token the spec's text; with one that
 * names no live session (expired, revoked, signed out elsewhere, or pruned since) 'Your session has
 * ended. Sign in again.', which the web app shows on /login. An unknown token gets the same text: a
 * session pruned a day after it ended cannot be told from one that never existed.
 */
export const sessionRefused = (token: string | null) =>
  token ? unauthorized(TEXTS.sessionEnded) : unauthorized();

/** 'field: rule' for the first issues, so the message names what to fix. */
export function zodMessage(error: ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const field = i.path.join('.');
      // Required-field messages of the spec already name the field ('Name is required').
      if (!field || /is required$/.test(i.message)) {
        return i.message;
      }
      return `${field}: ${i.message}`;
    })
    .join('; ');
}
