import { USER_LOOKUP_LIMIT, UserLookupRow } from '@admin/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern, rowsOf } from '../../db/sql';

/** How many matches are ranked before the best few are kept: bounds the work on a common term. */
const CANDIDATES = 50;

/**
 * Platform users (not deleted) whose name, username or email contains `query`, for the command
 * palette. The trigram indexes answer each ILIKE; the first matches are ranked (exact username,
 * then prefixes, then name) without sorting every match of a common term.
 */
export async function lookupUsers(db: Db, query: string): Promise<UserLookupRow[]> {
  const like = likePattern(query);
  const prefix = `${like.slice(1)}`;
  const exact = query.toLowerCase();
  return rowsOf(
    UserLookupRow,
    await db.execute(sql`
      SELECT id, name, username, email, avatar FROM (
        SELECT u.id, u.name, u.username, u.email, u.avatar FROM users u
         WHERE u.deleted_at IS NULL AND NOT u.is_admin
           AND (u.name ILIKE ${like} OR u.username ILIKE ${like} OR u.email ILIKE ${like})
         LIMIT ${CANDIDATES}
      ) m
      ORDER BY lower(username) = ${exact} DESC, lower(email) = ${exact} DESC,
        username ILIKE ${prefix} DESC, name ILIKE ${prefix} DESC, name, id
      LIMIT ${USER_LOOKUP_LIMIT}`),
  );
}
