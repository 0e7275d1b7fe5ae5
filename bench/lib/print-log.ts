import type { Log } from '../../server/src/lib/log';

/** The server's structured log as plain lines for the bench's console: `message {fields}`. */
export function printLog(print: (line: string) => void): Log {
  const line = (fields: object, msg: string) => print(`${msg} ${JSON.stringify(fields)}`);
  return { info: line, warn: line, error: line };
}
