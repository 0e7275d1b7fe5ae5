import {
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFollowRequest,
  type ProfileUpdateRequest,
  type profileCalls,
} from '@admin/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type ListSearch, searchedList } from '../../db/list-search';
import { users } from '../../db/schema';
import { likePattern, orderBy, type PagedListSpec, pagedList, rowsOf, uncheckedRows } from '../../db/sql';
import type { AuthUser } from '../../http/auth';
import { conflict, userNotFound } from '../../http/errors';
import { assertNewPassword } from '../../lib/password-strength';
import { hashPassword } from '../../lib/passwords';
import { auditChanges } from '../../trail/record';
import { revokeOtherSessions } from '../auth';
import {
  BookmarkDbRow,
  DetailsDbRow,
  FollowDbRow,
  presentBookmark,
  presentDetails,
  presentFollow,
} from './presenters';

type FollowInput = z.output<typeof ProfileFollowRequest>;
type FavouritesInput = z.output<(typeof profileCalls)['favourites']['request']>;
type UpdateInput = z.output<typeof ProfileUpdateRequest>;

/** The columns of one row of a followers or following page. */
const SELECT_FOLLOW = sql`u.id, u.avatar, u.name, u.username, u.email, u.phone, f.created_at`;

/** A user's details (`u`, a users row) with their most recently used device: select, then join. */
const DETAILS = sql`u.id, u.name, u.gender, u.email, u.username, u.phone, to_char(u.dob, 'YYYY-MM-DD') AS dob,
  u.address, u.current_location, u.last_interacted, u.avatar, u.is_suspended,
  u.is_advertise_enabled, u.auto_follow, u.latitude, u.longitude, u.deleted_at, u.is_admin, u.is_sup_admin,
  d.app_version AS device_app_version, d.device_type, d.device_os`;
const LATEST_DEVICE = sql`LEFT JOIN LATERAL (
    SELECT app_version, device_type, device_os FROM devices
     WHERE user_id = u.id ORDER BY last_used_at DESC, id DESC LIMIT 1
  ) d ON true`;

/** The profile of one user with their most recently used device, or a 404. */
export async function getDetails(db: Db, id: number) {
  const [row] = rowsOf(
    DetailsDbRow,
    await db.execute(sql`SELECT ${DETAILS} FROM users u ${LATEST_DEVICE} WHERE u.id = ${id}`),
  );
  if (!row) {
    throw userNotFound();
  }
  return { userdetails: presentDetails(row) };
}

/** A profile write's answer: its message and the user's details, read back. */
async function detailsAnswer(db: Db, id: number, responseMessage: string) {
  return { responseMessage, ...(await getDetails(db, id)) };
}

async function userFlags(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, is_suspended: users.isSuspended, is_sup_admin: users.isSupAdmin })
    .from(users)
    .where(eq(users.id, id));
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
 * A user's followers (who follow them) or followings (whom they follow) on the list floor: the page
 * is found on the other user's id over the (user, created_at, other) index, joined to users only
 * where the order or the keyword needs them; the unfiltered total is the counter kept beside the
 * user. Exported so the benchmark times exactly this.
 */
export function followsSpec(side: 'followers' | 'following', input: FollowInput) {
  const [own, other, counter] =
    side === 'followers'
      ? [sql`f.following_id`, sql`f.follower_id`, sql`followers_count`]
      : [sql`f.follower_id`, sql`f.following_id`, sql`followings_count`];
  const keyword = input.keyword || input.query;
  const column = FOLLOW_ORDER[input.order_by];
  const nullable = NULLABLE.has(input.order_by);
  const byDate = input.order_by === 'created_at';
  const search: ListSearch | undefined = keyword
    ? {
        term: keyword,
        columns: [sql`u.name`, sql`u.username`, sql`u.email`],
        sort: { column, direction: input.direction, nullable },
        // Only the date order has an index of its own to walk (the follows one).
        walk: byDate,
        // Each follows row's user read by one probe (a lateral subquery PostgreSQL keeps as such):
        // a common term's count stops at the cap within the user's follows, where the join planned
        // for the LIMIT scanned the whole users table ('a': 1.4 s at 1,000,000 users).
        probed: PROBED[side],
      }
    : undefined;
  return {
    select: SELECT_FOLLOW,
    from: byDate && !keyword ? sql`follows f` : sql`follows f JOIN users u ON u.id = ${other}`,
    where: [sql`${own} = ${input.user_id}`],
    order: orderBy(column, other, input.direction, { nullable }),
    input,
    deferred: {
      key: other,
      rows: sql`follows f ON ${own} = ${input.user_id} AND ${other} = page.key JOIN users u ON u.id = page.key`,
    },
    counter: sql`SELECT ${counter} FROM users WHERE id = ${input.user_id}`,
    search,
  } satisfies PagedListSpec & { search?: ListSearch };
}

/** Each follows row with its user read by one probe (see followsSpec). */
const PROBED = {
  followers: sql`follows f CROSS JOIN LATERAL (SELECT * FROM users u WHERE u.id = f.follower_id OFFSET 0) u`,
  following: sql`follows f CROSS JOIN LATERAL (SELECT * FROM users u WHERE u.id = f.following_id OFFSET 0) u`,
};

/** One page of followers or followings and the total; 404 when the user does not exist. */
export async function listFollows(db: Db, side: 'followers' | 'following', input: FollowInput) {
  const spec = followsSpec(side, input);
  const [, list] = await Promise.all([
    userFlags(db, input.user_id),
    spec.search
      ? searchedList(db, { ...spec, search: spec.search, row: FollowDbRow })
      : pagedList(db, { ...spec, row: FollowDbRow }),
  ]);
  const { rows, ...total } = list;
  return { data: rows.map(presentFollow), ...total };
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
    pagedList(db, {
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
      row: BookmarkDbRow,
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
  const updated = uncheckedRows(
    await db.execute(sql`
      UPDATE users SET is_suspended = true, updated_at = now()
       WHERE id = ${userId} AND NOT is_suspended RETURNING id`),
  );
  if (updated.length === 0) {
    throw conflict('This account is already suspended');
  }
  await revokeOtherSessions(db, userId, null, now);
  auditChanges({ is_suspended: false }, { is_suspended: true });
  return detailsAnswer(db, userId, 'Account has been suspended successfully');
}

export async function unsuspend(db: Db, userId: number) {
  await userFlags(db, userId);
  const updated = uncheckedRows(
    await db.execute(sql`
      UPDATE users SET is_suspended = false, updated_at = now()
       WHERE id = ${userId} AND is_suspended RETURNING id`),
  );
  if (updated.length === 0) {
    throw conflict('This account is not suspended');
  }
  auditChanges({ is_suspended: true }, { is_suspended: false });
  return detailsAnswer(db, userId, 'Account suspension has been revoked successfully');
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

/**
 * Changes the one profile field sent; usernames and emails stay unique (case-insensitive). One
 * statement: the row locked with its old value, the UPDATE unless another user has the value, and
 * the details read back from the changed row.
 */
export async function updateField(db: Db, input: UpdateInput) {
  const field = PROFILE_FIELDS.find((f) => input[f] !== undefined) as ProfileField;
  const value = input[field] as string;
  const column = COLUMN[field];
  const taken = TAKEN[field];
  const clash = taken
    ? sql`EXISTS (SELECT 1 FROM users WHERE lower(${column}) = lower(${value}) AND id <> ${input.id})`
    : sql`false`;
  let result: unknown;
  try {
    result = await db.execute(sql`
      WITH old AS (SELECT id, ${column} AS old FROM users WHERE id = ${input.id} FOR UPDATE),
           check_value AS (SELECT ${clash} AS taken),
           changed AS (
             UPDATE users u SET ${column} = ${value}, updated_at = now() FROM old, check_value
              WHERE u.id = old.id AND NOT check_value.taken
             RETURNING u.*)
      SELECT old.id IS NOT NULL AS found, check_value.taken, old.old, ${DETAILS}
        FROM check_value LEFT JOIN old ON true LEFT JOIN changed u ON true ${LATEST_DEVICE}`);
  } catch (err) {
    // Another call took the value between the check and the UPDATE.
    if (taken && isUniqueViolation(err)) {
      throw conflict(taken);
    }
    throw err;
  }
  // The details are there only when the row was found and changed.
  const [row] = rowsOf(z.object({ found: z.boolean(), taken: z.boolean(), old: z.unknown() }), result);
  if (!row.found) {
    throw userNotFound();
  }
  if (taken && row.taken) {
    throw conflict(taken);
  }
  auditChanges({ [field]: row.old ?? null }, { [field]: value });
  const [details] = rowsOf(DetailsDbRow, result);
  return { responseMessage: 'Profile has been updated successfully', userdetails: presentDetails(details) };
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
  const [target] = await db
    .select({
      password_hash: users.passwordHash,
      username: users.username,
      email: users.email,
      name: users.name,
    })
    .from(users)
    .where(eq(users.id, userId));
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
  const [row] = rowsOf(
    z.object({ auto_follow: z.boolean() }),
    await db.execute(sql`
      UPDATE users SET auto_follow = NOT auto_follow, updated_at = now()
       WHERE id = ${userId} RETURNING auto_follow`),
  );
  if (!row) {
    throw userNotFound();
  }
  // The UPDATE locks the row: parallel toggles flip one after the other, each entry saying which way.
  auditChanges({ auto_follow: !row.auto_follow }, { auto_follow: row.auto_follow });
  return detailsAnswer(
    db,
    userId,
    row.auto_follow ? 'Automatic follow has been enabled' : 'Automatic follow has been disabled',
  );
}

export async function toggleAdvertise(db: Db, userId: number) {
  const [row] = rowsOf(
    z.object({ is_advertise_enabled: z.boolean() }),
    await db.execute(sql`
      UPDATE users SET is_advertise_enabled = NOT is_advertise_enabled, updated_at = now()
       WHERE id = ${userId} RETURNING is_advertise_enabled`),
  );
  if (!row) {
    throw userNotFound();
  }
  auditChanges(
    { is_advertise_enabled: !row.is_advertise_enabled },
    { is_advertise_enabled: row.is_advertise_enabled },
  );
  return detailsAnswer(
    db,
    userId,
    row.is_advertise_enabled ? 'Advertising has been enabled' : 'Advertising has been disabled',
  );
}
