// Every list call of spec 01 and 02 on the list floor (issue 12): page 0 in each offered sort and
// searches by a 1-character term, a common fragment, a full username and a term matching nothing.
// HTTP only: the absolute p50, p99 and req/s are what these are measured for.
import type { BenchContext, Scenario } from '../lib/types';

const page0 = (path: string, params: Record<string, string | number> = {}) =>
  `/api/v2/${path}?${new URLSearchParams(
    Object.entries({ page: 0, page_limit: 10, ...params }).map(([k, v]) => [k, String(v)]),
  )}`;

/** The platform user whose full username is searched: the newest (a seed's last). */
export const SEARCHED_USER_SQL =
  'SELECT username FROM users WHERE NOT is_admin AND deleted_at IS NULL ORDER BY id DESC LIMIT 1';
/** The deleted user whose full username is searched in deleted-users: the newest deleted. */
export const SEARCHED_DELETED_USER_SQL =
  'SELECT username FROM users WHERE NOT is_admin AND deleted_at IS NOT NULL ORDER BY id DESC LIMIT 1';

export const scenarios = async (ctx: BenchContext): Promise<Scenario[]> => {
  const { rows } = await ctx.pool.query<{ username: string }>(SEARCHED_USER_SQL);
  const deleted = await ctx.pool.query<{ username: string }>(SEARCHED_DELETED_USER_SQL);
  return listScenarios(rows[0]?.username ?? 'admin', ctx.popularUserId, deleted.rows[0]?.username ?? 'admin');
};

/**
 * The calls, given the usernames to search (active, deleted) and the user whose followers are
 * listed (PGlite too).
 */
export function listScenarios(
  username: string,
  popularUserId: number | null,
  deletedUsername: string,
): Scenario[] {
  const list: Scenario[] = [];
  const sorts = ['name', 'username', 'email', 'created_at', 'last_interacted', 'id'];
  for (const order_by of sorts) {
    for (const direction of ['asc', 'desc']) {
      list.push({
        name: `users-list ${order_by} ${direction}`,
        url: page0('users-list', { order_by, direction }),
      });
    }
  }
  const terms: [string, string][] = [
    ['1 char', 'a'],
    ['2 chars', 'ma'],
    ['common fragment', 'son'],
    ['full username', username],
    ['no match', 'qxzqv'],
  ];
  for (const [label, query] of terms) {
    list.push({ name: `users-list search ${label}, by name`, url: page0('users-list', { query }) });
    list.push({
      name: `users-list search ${label}, newest`,
      url: page0('users-list', { query, order_by: 'created_at', direction: 'desc' }),
    });
  }
  list.push(
    { name: 'users-list page 5000 (name)', url: page0('users-list', { page: 5000 }) },
    { name: 'deleted-users name', url: page0('deleted-users') },
    {
      name: 'deleted-users created_at desc',
      url: page0('deleted-users', { order_by: 'created_at', direction: 'desc' }),
    },
    ...(
      [
        ['1 char', 's'],
        ['2 chars', 'ma'],
        ['common', 'son'],
        ['full username', deletedUsername],
        ['no match', 'qxzqv'],
      ] as const
    ).map(([label, query]) => ({
      name: `deleted-users search ${label}`,
      url: page0('deleted-users', { query }),
    })),
    { name: 'admin-users-list name', url: page0('admin-users-list') },
    { name: 'admin-users-list search', url: page0('admin-users-list', { query: 'adm' }) },
    { name: 'reported-users', url: page0('reported-users', { order_by: 'created_at', direction: 'desc' }) },
    { name: 'reported-posts', url: page0('reported-posts') },
    { name: 'searches newest', url: page0('searches') },
    { name: 'searches by term asc', url: page0('searches', { order_by: 'search_term', direction: 'asc' }) },
    {
      name: 'searches updated_at desc',
      url: page0('searches', { order_by: 'updated_at', direction: 'desc' }),
    },
    { name: 'searches search 1 char', url: page0('searches', { query: 'c' }) },
    { name: 'searches search common', url: page0('searches', { query: 'coffee' }) },
    { name: 'searches search no match', url: page0('searches', { query: 'qxzqv' }) },
    // Common terms whose first matches lie far along their list's order (the slowest of the mix).
    ...['ann', 'lee', 'ber'].map((query) => ({
      name: `users-list search far common '${query}', by name`,
      url: page0('users-list', { query }),
    })),
    {
      name: "searches search far common 'ramen', by term",
      url: page0('searches', { query: 'ramen', order_by: 'search_term' }),
    },
    { name: 'campaigns', url: page0('campaigns') },
    { name: 'transaction-history', url: page0('transaction-history') },
    { name: 'interests', url: page0('campaign-interests') },
    { name: 'signup-codes', url: page0('signup/codes') },
    { name: 'notifications', url: page0('notifications') },
    { name: 'failed-urls', url: page0('failed-urls') },
  );
  list.push(searchMix(username, popularUserId));
  if (popularUserId) {
    list.push(
      { name: 'followers newest', url: page0('followers', { user_id: popularUserId }) },
      { name: 'following newest', url: page0('following', { user_id: popularUserId }) },
    );
    for (const [label, keyword] of [...terms, ['rare 2 chars', 'ka'] as [string, string]]) {
      list.push({
        name: `followers search ${label}, newest`,
        url: page0('followers', { user_id: popularUserId, keyword }),
      });
    }
  }
  return list;
}

/**
 * 40 different searches at once (the target: every one answers 200, p95 ≤ 1 s): 1-2 characters,
 * fragments, a username and no match, over the searched lists, each of the 40 loops taking the
 * next one in turn. Its loaded row is the one that counts.
 */
function searchMix(username: string, popularUserId: number | null): Scenario {
  const users = ['m', 'j', 'ma', 'jo', 'da', 'son', 'ann', 'ber', 'mar', 'lee', username, 'qxzqv'];
  const urls = [
    ...users.map((query) => page0('users-list', { query })),
    ...users.map((query) => page0('users-list', { query, order_by: 'created_at', direction: 'desc' })),
    ...['s', 'ma', 'son', 'ell'].map((query) => page0('deleted-users', { query })),
    ...['c', 'fr', 'coffee', 'near me', 'fresno', 'qxzqv'].map((query) => page0('searches', { query })),
    ...['r', 'tr', 'ramen'].map((query) => page0('searches', { query, order_by: 'search_term' })),
    ...(popularUserId
      ? ['m', 'ka', 'son'].map((keyword) => page0('followers', { user_id: popularUserId, keyword }))
      : ['a', 'adm', 'min'].map((query) => page0('admin-users-list', { query }))),
  ];
  return { name: `${urls.length} different searches at once`, url: urls[0], urls, connections: urls.length };
}
