// User profile (issue 3): followers of a user with many followers, and the profile itself.
import { searchedListQueries } from '../../server/src/db/list-search';
import { pagedListQueries } from '../../server/src/db/sql';
import { followsSpec } from '../../server/src/modules/profile/bench';
import type { BenchContext, Scenario } from '../lib/types';

type Input = Parameters<typeof followsSpec>[1];

/** A followers scenario: the URL the screen requests and the queries the list floor starts with. */
function followers(userId: number, label: string, input: Partial<Input>): Scenario {
  const full: Input = {
    user_id: userId,
    page: 0,
    page_limit: 10,
    order_by: 'created_at',
    direction: 'desc',
    ...input,
  };
  const spec = followsSpec('followers', full);
  const qs = new URLSearchParams({
    user_id: String(userId),
    page: String(full.page),
    page_limit: String(full.page_limit),
    order_by: full.order_by,
    direction: full.direction,
    ...(full.keyword ? { keyword: full.keyword } : {}),
  });
  return {
    name: `followers ${label}`,
    url: `/api/v2/followers?${qs}`,
    sql: spec.search ? searchedListQueries({ ...spec, search: spec.search }) : pagedListQueries(spec),
    sqlParallel: true,
  };
}

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  if (!ctx.popularUserId) {
    return [];
  }
  const id = ctx.popularUserId;
  const { rows } = await ctx.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM follows WHERE following_id = $1',
    [id],
  );
  const n = rows[0]?.n ?? 0;
  const lastPage = Math.max(0, Math.floor((n - 1) / 10));
  return [
    followers(id, `(${n} followers) page 0, newest first`, {}),
    followers(id, `(${n} followers) last page ${lastPage}`, { page: lastPage }),
    followers(id, `(${n} followers) keyword search`, { keyword: 'mar' }),
    // A term in 1-5 % of the followers: counted exactly, under the cap (see bench/README.md).
    followers(id, `(${n} followers) keyword search, a rarer term`, { keyword: 'kim' }),
    followers(id, `(${n} followers) sorted by name`, { order_by: 'name', direction: 'asc', page: 3 }),
    {
      name: 'user-profile',
      url: `/api/v2/user-profile?id=${id}`,
      sql: {
        text: `SELECT u.id, u.name, u.gender, u.email, u.username, u.phone, to_char(u.dob, 'YYYY-MM-DD') AS dob,
                 u.address, u.current_location, u.last_interacted, u.avatar, u.is_suspended,
                 u.is_advertise_enabled, u.auto_follow, u.latitude, u.longitude, u.deleted_at,
                 d.app_version AS device_app_version, d.device_type, d.device_os
               FROM users u LEFT JOIN LATERAL (
                 SELECT app_version, device_type, device_os FROM devices
                  WHERE user_id = u.id ORDER BY last_used_at DESC, id DESC LIMIT 1
               ) d ON true WHERE u.id = $1`,
        values: [id],
      },
    },
  ];
};
