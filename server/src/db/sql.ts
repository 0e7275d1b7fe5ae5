/** The SQL floor every service stands on: driver-agnostic rows and (soon) the paged list. */

/** node-postgres answers {rows}, PGlite answers {rows} too; this keeps callers driver-agnostic. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
