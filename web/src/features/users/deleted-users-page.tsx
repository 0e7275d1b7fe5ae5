import { Group, Stack } from '@mantine/core';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate } from '../../lib/format';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { useNow } from './user-cells';
import { userColumns } from './users-table';

type Order = 'name' | 'username' | 'email' | 'created_at' | 'last_interacted';

/** /deleted-users: the users layout plus Followers and Followings (spec 01 section 2). */
export default function DeletedUsersPage() {
  const list = useListState<Order>({ order_by: 'name', direction: 'asc' });
  const q = useApiQuery(calls.deletedUsers, list.params);
  const now = useNow();
  return (
    <Stack gap="md">
      <PageHeader title="Deleted Users" />
      <Group>
        <ListSearch list={list} placeholder="Search by name or username" />
      </Group>
      <ListTable
        aria-label="Deleted users"
        records={q.data?.users}
        total={q.data?.total_users}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        idAccessor="id"
        columns={userColumns(now, [
          {
            accessor: 'followers_count',
            noWrap: true,
            title: 'Followers',
            priority: 3,
            render: (u) => abbreviate(u.followers_count),
          },
          {
            accessor: 'followings_count',
            title: 'Followings',
            priority: 3,
            render: (u) => abbreviate(u.followings_count),
          },
        ])}
      />
    </Stack>
  );
}
