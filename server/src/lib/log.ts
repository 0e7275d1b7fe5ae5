/**
 * What modules log through: a pino logger (Fastify's `app.log.child({ module })`, or `req.log.child`
 * inside a request so the line carries the request id), called with fields and a fixed message,
 * never a message with the values formatted into it.
 */
export interface Log {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

/** For tests and benches that do not read the log. */
export const silentLog: Log = { info() {}, warn() {}, error() {} };
