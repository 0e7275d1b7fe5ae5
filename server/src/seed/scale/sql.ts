// SQL text helpers of the scale seed. "Random" values come from hashtext() of the row number and
// a salt: deterministic, no setseed() needed.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uncheckedRows } from '../../db/sql';

export const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const arr = (list: readonly (string | number)[]) =>
  `ARRAY[${list.map((v) => (typeof v === 'number' ? String(v) : q(v))).join(',')}]`;

/** A number in [0, 1) drawn from `expr` and a salt. */
export const rnd = (expr: string, salt: string) =>
  `((hashtext((${expr})::text || ${q(`:${salt}`)}) & 2147483647)::float8 / 2147483648.0)`;
/** An integer in [0, n). */
export const ri = (expr: string, salt: string, n: number) =>
  `((hashtext((${expr})::text || ${q(`:${salt}`)}) & 2147483647) % ${n})`;
/** One element of a literal array. */
export const pickSql = (list: readonly (string | number)[], expr: string, salt: string) =>
  `(${arr(list)})[1 + ${ri(expr, salt, list.length)}]`;

/** Expands weights into a list, so a uniform pick is a weighted pick. */
export function expand<T>(entries: readonly (readonly [T, number])[]): T[] {
  return entries.flatMap(([v, w]) => Array<T>(w).fill(v));
}

export async function exec(db: Db, text: string): Promise<number> {
  const res = (await db.execute(sql.raw(text))) as { rowCount?: number | null; affectedRows?: number };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

export async function one<T>(db: Db, text: string): Promise<T> {
  return uncheckedRows<T>(await db.execute(sql.raw(text)))[0];
}

/** Lowest and highest id of the platform users (null when there are none). */
export function platformUserRange(db: Db) {
  return one<{ lo: number | null; hi: number | null }>(
    db,
    'SELECT min(id)::int AS lo, max(id)::int AS hi FROM users WHERE NOT is_admin',
  );
}
