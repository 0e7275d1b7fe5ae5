import {
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFollowRequest,
  type ProfileUpdateRequest,
  type profileCalls,
} from '@admin/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type ListTotal, likePattern, orderBy, pagedList, rowsOf, searchMatch } from '../../db/sql';
import { type SubsetSearch, subsetSearchTotal } from '../../db/subset-search';
import { auditChanges, readAfterCommit } from '../../http/audit';
import type { AuthUser } from '../../http/auth';
import { conflict, userNotFound } from '../../http/errors';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { revokeOtherSessions } from '../auth/sessions';
import { SELECT_FOLLOW, walkedPage } from './follows-walk';
import {
  type BookmarkDbRow,
  type DetailsDbRow,
  type FollowDbRow,
  presentBookmark,
  presentDetails,
  presentFollow,
} from './presenters';

type FollowInput = z.output<typeof ProfileFollowRequest>;
type FavouritesInput = z.output<(typeof profileCalls)['favourites']['request']>;
type UpdateInput = z.output<typeof ProfileUpdateRequest>;

/** The profile of one user with their most recently used device, or a 404. */
export async function getDetails(db: Db, id: number) {
  const [row] = rowsOf<DetailsDbRow>(
    await db.execute(sql`
      SELECT u.id, u.name, u.gender, u.email, u.username, u.phone, to_char(u.dob, 'YYYY-MM-DD') AS dob,
             u.address, u.current_location, u.last_interacted, u.avatar, u.is_suspended,
             u.is_advertise_enabled, u.auto_follow, u.latitude, u.longitude, u.deleted_at, u.is_admin, u.is_sup_admin,
             d.app_version AS device_app_version, d.device_type, d.device_os
        FROM users u
        LEFT JOIN LATERAL (
          SELECT app_version, device_type, device_os FROM devices
           WHERE user_id = u.id ORDER BY last_used_at DESC, id DESC LIMIT 1
        ) d ON true
       WHERE u.id = ${id}`),
  );
  if (!row) {
    throw userNotFound();
  }
  return { userdetails: presentDetails(row) };
}

/** A profile write's answer: its message and the user's details, read back once committed. */
function detailsAfterCommit(db: Db, id: number, responseMessage: string) {
  return readAfterCommit(async () => ({ responseMessage, ...(await getDetails(db, id)) }));
}

async function userFlags(db: Db, id: number) {
  const [row] = rowsOf<{ id: number; is_suspended: boolean; is_sup_admin: boolean }>(
    await db.execute(sql`SELECT id, is_suspended, is_sup_admin FROM users WHERE id = ${id}`),
  );
  if (!row) {
    throw userNotFound();
  }
  return row;
}

const FOLLOW_ORDER: Record<FollowInput['order_by'], SQL> = {
  created_at: sql`f.created_at`,
  name: sql`u.name`,
  username: sql`u.username`,
  email: sql`u.email`,
  phone: sql`u.phone`,
  id: sql`u.id`,
};
// Only these may be null; NULLS LAST on a NOT NULL column would stop PostgreSQL using its index.
const NULLABLE = new Set<FollowInput['order_by']>(['email', 'phone']);

/**
 * The queries of one page of a user's followers (who follow them) or followings (whom they follow).
 * `user` answers the user's existence and, from the counter kept beside the user, the unfiltered
 * total; with a keyword, `search` is what subsetSearchTotal counts the total from. The default
 * newest-first order pages the (following_id, created_at, follower_id) or (follower_id,
 * created_at, following_id) index and joins users for the ten rows only; pages in the far half are
 * read from the other end of the index, so the last page costs what the first does. Exported so
 * the benchmark times exactly these through the driver.
 */
export function followsQueries(side: 'followers' | 'following', input: FollowInput, knownTotal?: number) {
  // followers: rows of follows pointing at the user; the other end is the follower.
  const [own, other, counter] =
    side === 'followers'
      ? [sql`f.following_id`, sql`f.follower_id`, sql`followers_count`]
      : [sql`f.follower_id`, sql`f.following_id`, sql`followings_count`];
  // This user's follows rows.
  const mine = sql`${own} = ${input.user_id}`;
  const keyword = input.keyword || input.query;
  const user = sql`SELECT id, ${counter} AS total FROM users WHERE id = ${input.user_id}`;
  const limit = input.page_limit;
  const offset = input.page * limit;

  if (!keyword && input.order_by === 'created_at') {
    // Newest first is (created_at, other id) descending; its mirror reads the same rows from the end.
    let dir = input.direction === 'asc' ? sql`ASC` : sql`DESC`;
    let skip = offset;
    let take = limit;
    let reversed = false;
    if (knownTotal !== undefined && offset > knownTotal / 2) {
      reversed = true;
      dir = input.direction === 'asc' ? sql`DESC` : sql`ASC`;
      take = Math.max(0, Math.min(limit, knownTotal - offset));
      skip = Math.max(0, knownTotal - offset - take);
    }
    const page = sql`
      SELECT ${SELECT_FOLLOW} FROM (
        SELECT ${other} AS other_id, f.created_at FROM follows f
         WHERE ${mine}
         ORDER BY f.created_at ${dir}, ${other} ${dir}
         LIMIT ${take} OFFSET ${skip}
      ) f JOIN users u ON u.id = f.other_id
      ORDER BY f.created_at ${dir}, f.other_id ${dir}`;
    return { user, page, walk: null, search: null, reversed };
  }

  const parts: SQL[] = [mine];
  const columns = [sql`u.name`, sql`u.username`, sql`u.email`];
  const match = keyword ? searchMatch(keyword, columns) : null;
  if (match) {
    parts.push(match);
  }
  const where = sql.join(parts, sql` AND `);
  const order = orderBy(FOLLOW_ORDER[input.order_by], other, input.direction, {
    nullable: NULLABLE.has(input.order_by),
  });
  const page = sql`
    SELECT ${SELECT_FOLLOW}
      FROM follows f JOIN users u ON u.id = ${other}
     WHERE ${where}
     ORDER BY ${order}
     LIMIT ${limit} OFFSET ${offset}`;
  // The keyword's total among this user's follows rows (db/subset-search.ts).
  const search: SubsetSearch | null = keyword
    ? {
        members: sql`SELECT ${other} AS id FROM follows f WHERE ${mine}`,
        order: sql`f.created_at, ${other}`,
        table: sql`users u`,
        key: sql`u.id`,
        term: keyword,
        columns,
      }
    : null;
  return {
    user,
    page,
    walk: keyword ? walkedPage(keyword, input, mine, other, columns) : null,
    search,
    reversed: false,
  };
}

/**
 * The page: from the walk when it fills the page (its matches are then the first ones in order),
 * else from `page`'s plan (a rare term, a deep page, or a short last page).
 */
async function followPage(db: Db, q: ReturnType<typeof followsQueries>, limit: number) {
  if (q.walk) {
    const walked = await db.execute(q.walk);
    if (rowsOf(walked).length === limit) {
      return walked;
    }
  }
  return db.execute(q.page);
}

/** Offsets below this are read forwards at once; deeper pages first learn the total. */
const FORWARD_ONLY_OFFSET = 1000;

/** One page of followers or followings and the total; 404 when the user does not exist. */
export async function listFollows(db: Db, side: 'followers' | 'following', input: FollowInput) {
  const keyword = input.keyword || input.query;
  const offset = input.page * input.page_limit;
  let owner: { id: number; total: number } | undefined;
  let q = followsQueries(side, input);
  let pending: Promise<[unknown, ListTotal | null]> | null = null;
  if (keyword || offset < FORWARD_ONLY_OFFSET) {
    // Shallow pages and searches: the owner, the page and the count go together.
    pending = Promise.all([
      followPage(db, q, input.page_limit),
      q.search ? subsetSearchTotal(db, q.search) : null,
    ]);
    // Handled below; this keeps a failure from being reported as unhandled while the owner loads.
    pending.catch(() => undefined);
    [owner] = rowsOf<{ id: number; total: number }>(await db.execute(q.user));
  } else {
    [owner] = rowsOf<{ id: number; total: number }>(await db.execute(q.user));
    if (owner) {
      q = followsQueries(side, input, Number(owner.total));
      pending = Promise.all([db.execute(q.page), null]);
    }
  }
  const results = await pending;
  if (!owner || !results) {
    throw userNotFound();
  }
  const rows = rowsOf<FollowDbRow>(results[0]).map(presentFollow);
  return {
    data: q.reversed ? rows.reverse() : rows,
    ...(results[1] ?? { total: Number(owner.total), total_is_lower_bound: false }),
  };
}

const BOOKMARK_ORDER: Record<FavouritesInput['order_by'], SQL> = {
  id: sql`b.id`,
  created_at: sql`b.created_at`,
  title: sql`p.title`,
  type: sql`p.type`,
  search_term: sql`p.search_term`,
};

/** A user's bookmarked posts with the post's first image. */
export async function listFavourites(db: Db, input: FavouritesInput) {
  const [, list] = await Promise.all([
    userFlags(db, input.userId),
    pagedList<BookmarkDbRow>(db, {
      select: sql`b.id, p.search_term, p.type, p.title, p.description,
        (SELECT m.image FROM post_media m WHERE m.post_id = p.id ORDER BY m.position, m.id LIMIT 1) AS image`,
      from: sql`bookmarks b JOIN posts p ON p.id = b.post_id`,
      where: [sql`b.user_id = ${input.userId}`],
      filters: [
        input.query &&
          sql`(p.title ILIKE ${likePattern(input.query)} OR p.search_term ILIKE ${likePattern(input.query)}
            OR p.description ILIKE ${likePattern(input.query)})`,
      ],
      order: orderBy(BOOKMARK_ORDER[input.order_by], sql`b.id`, input.direction, { nullable: true }),
      input,
    }),
  ]);
  const { rows, ...total } = list;
  return { data: rows.map(presentBookmark), ...total };
}

/** Suspends a user and signs them out everywhere; a suspended user cannot sign in. */
export async function suspend(db: Db, actor: AuthUser, userId: number, now: Date) {
  const target = await userFlags(db, userId);
  if (target.id === actor.id) {
    throw conflict('You cannot suspend your own account');
  }
  const updated = rowsOf(
    await db.execute(sql`
      UPDATE users SET is_suspended = true, updated_at = now()
       WHERE id = ${userId} AND NOT is_suspended RETURNING id`),
  );
  if (updated.length === 0) {
    throw conflict('This account is already suspended');
  }
  await revokeOtherSessions(db, userId, null, now);
  auditChanges({ is_suspended: false }, { is_suspended: true });
  return detailsAfterCommit(db, userId, 'Account has been suspended successfully');
}

export async function unsuspend(db: Db, userId: number) {
  await userFlags(db, userId);
  const updated = rowsOf(
    await db.execute(sql`
      UPDATE users SET is_suspended = false, updated_at = now()
       WHERE id = ${userId} AND is_suspended RETURNING id`),
  );
  if (updated.length === 0) {
    throw conflict('This account is not suspended');
  }
  auditChanges({ is_suspended: true }, { is_suspended: false });
  return detailsAfterCommit(db, userId, 'Account suspension has been revoked successfully');
}

const COLUMN: Record<ProfileField, SQL> = {
  name: sql`name`,
  gender: sql`gender`,
  email: sql`email`,
  username: sql`username`,
  phone: sql`phone`,
  dob: sql`dob`,
  address: sql`address`,
  current_location: sql`current_location`,
};

const TAKEN: Partial<Record<ProfileField, string>> = {
  username: 'This username is already taken',
  email: 'This email is already in use',
};

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') {
      return true;
    }
  }
  return false;
}

/** Changes the one profile field sent; usernames and emails stay unique (case-insensitive). */
export async function updateField(db: Db, input: UpdateInput) {
  const field = PROFILE_FIELDS.find((f) => input[f] !== undefined) as ProfileField;
  const value = input[field] as string;
  await userFlags(db, input.id);
  const taken = TAKEN[field];
  if (taken) {
    const clash = rowsOf(
      await db.execute(
        sql`SELECT 1 FROM users WHERE lower(${COLUMN[field]}) = lower(${value}) AND id <> ${input.id} LIMIT 1`,
      ),
    );
    if (clash.length > 0) {
      throw conflict(taken);
    }
  }
  try {
    const [old] = rowsOf<{ old: unknown }>(
      await db.execute(sql`UPDATE users u SET ${COLUMN[field]} = ${value}, updated_at = now()
        FROM (SELECT ${COLUMN[field]} AS old FROM users WHERE id = ${input.id}) o
        WHERE u.id = ${input.id} RETURNING o.old`),
    );
    auditChanges({ [field]: old?.old ?? null }, { [field]: value });
  } catch (err) {
    if (taken && isUniqueViolation(err)) {
      throw conflict(taken);
    }
    throw err;
  }
  return detailsAfterCommit(db, input.id, 'Profile has been updated successfully');
}

/** Sets the password the user signs in to the app with, and ends their other sessions. */
export async function changeAppPassword(
  db: Db,
  actor: AuthUser,
  userId: number,
  password: string,
  now: Date,
) {
  await userFlags(db, userId);
  const [target] = rowsOf<{
    password_hash: string | null;
    username: string;
    email: string | null;
    name: string;
  }>(await db.execute(sql`SELECT password_hash, username, email, name FROM users WHERE id = ${userId}`));
  await assertNewPassword(password, {
    label: 'Password',
    currentHash: target?.password_hash,
    userInputs: [target?.username, target?.email, target?.name],
  });
  const hash = await hashPassword(password);
  await db.execute(sql`UPDATE users SET password_hash = ${hash}, updated_at = now() WHERE id = ${userId}`);
  await revokeOtherSessions(db, userId, userId === actor.id ? actor.sessionId : null, now);
  return { responseMessage: 'App password has been changed successfully' };
}

export async function toggleAutoFollow(db: Db, userId: number) {
  const [row] = rowsOf<{ auto_follow: boolean }>(
    await db.execute(sql`
      UPDATE users SET auto_follow = NOT auto_follow, updated_at = now()
       WHERE id = ${userId} RETURNING auto_follow`),
  );
  if (!row) {
    throw userNotFound();
  }
  return detailsAfterCommit(
    db,
    userId,
    row.auto_follow ? 'Automatic follow has been enabled' : 'Automatic follow has been disabled',
  );
}

export async function toggleAdvertise(db: Db, userId: number) {
  const [row] = rowsOf<{ is_advertise_enabled: boolean }>(
    await db.execute(sql`
      UPDATE users SET is_advertise_enabled = NOT is_advertise_enabled, updated_at = now()
       WHERE id = ${userId} RETURNING is_advertise_enabled`),
  );
  if (!row) {
    throw userNotFound();
  }
  return detailsAfterCommit(
    db,
    userId,
    row.is_advertise_enabled ? 'Advertising has been enabled' : 'Advertising has been disabled',
  );
}
