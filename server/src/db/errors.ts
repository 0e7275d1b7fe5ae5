/**
 * What a database error means to the caller. Drizzle wraps the driver's error (its `cause`), so
 * each question walks the error and its causes.
 */

/** The error and its causes, outermost first (at most 5). */
function chain(err: unknown): { code?: unknown; message?: unknown }[] {
  const errors = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    errors.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return errors;
}

/** The SQLSTATE (or the socket's error code) of a failed statement, e.g. '23505'; else undefined. */
export function pgErrorCode(err: unknown): string | undefined {
  return chain(err)
    .map((e) => e.code)
    .find((code): code is string => typeof code === 'string');
}

/** A statement that broke a unique index (unique_violation). */
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** A statement that ran out of time (query_canceled: statement_timeout). */
export const timedOut = (err: unknown) => pgErrorCode(err) === '57014';

/** PostgreSQL error codes meaning "the server is not there right now", not "your query is wrong". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection_exception family
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
  'database is unavailable',
];

/** True when an error is a lost or refused connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return chain(err).some(
    ({ code, message }) =>
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))),
  );
}
