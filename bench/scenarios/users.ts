// Users lists (issue 3). The SQL is the service's own (listUsersQueries), so "raw SQL" times exactly
// what the call runs, through the driver alone.
import type { calls, InputOf } from '@admin/contract';
import { listUsersQueries } from '../../server/src/modules/users/bench';
import type { BenchContext, Scenario } from '../lib/types';

type UserListInput = InputOf<typeof calls.deletedUsers>;

const input = (over: Partial<UserListInput>): UserListInput => ({
  page: 0,
  page_limit: 10,
  order_by: 'name',
  direction: 'asc',
  ...over,
});

const qs = (i: UserListInput) =>
  new URLSearchParams({
    ...(i.query ? { query: i.query } : {}),
    page: String(i.page),
    page_limit: String(i.page_limit),
    order_by: i.order_by,
    direction: i.direction,
  }).toString();

function listScenario(name: string, i: UserListInput, path = 'users-list'): Scenario {
  return {
    name,
    url: `/api/v2/${path}?${qs(i)}`,
    sql: listUsersQueries(path === 'deleted-users' ? 'deleted' : 'active', i),
    sqlParallel: true,
  };
}

export const scenarios = (ctx: BenchContext): Scenario[] => {
  // The deepest page that exists, capped at 5,000 (the "page 5,000" on 1,000,000 users).
  const deep = Math.max(0, Math.min(5000, Math.floor((ctx.users - 1) / 10)));
  return [
    listScenario('users-list page 0 (name asc)', input({})),
    listScenario(`users-list page ${deep} (name asc)`, input({ page: deep })),
    listScenario('users-list page 0 (created_at desc)', input({ order_by: 'created_at', direction: 'desc' })),
    listScenario(
      `users-list page ${deep} (created_at desc)`,
      input({ order_by: 'created_at', direction: 'desc', page: deep }),
    ),
    listScenario('users-list search+sort+page', input({ query: 'mart', order_by: 'name', page: 3 })),
    listScenario(
      'users-list search by username, newest',
      input({ query: 'son', order_by: 'created_at', direction: 'desc' }),
    ),
    listScenario('deleted-users page 0', input({}), 'deleted-users'),
  ];
};
