import type { ProfileFollowRow } from '@admin/contract';
import { Anchor, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { href, patterns } from '../../paths';
import { ListTable } from '../../ui/list-table';
import { useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';
import { useFollowList } from './hooks';

type SortColumn = 'created_at' | 'name' | 'username' | 'email' | 'phone';

/**
 * Followers (who follow the user) or Following (whom the user follows): spec 01 section 2 —
 * search by name, username or email (debounced 1 s), default newest first, paged from 0.
 */
export function FollowTab({ userId, side }: { userId: number; side: 'followers' | 'following' }) {
  const list = useListState<SortColumn>({ order_by: 'created_at', direction: 'desc' });
  const { query, ...paging } = list.params;
  const rows = useFollowList(side, { user_id: userId, ...paging, keyword: query });

  return (
    <Stack gap="sm">
      <TextInput
        placeholder="Search by name, username or email"
        aria-label={`Search ${side}`}
        leftSection={<IconSearch size={16} />}
        value={list.search}
        onChange={(e) => list.setSearch(e.currentTarget.value)}
        maw={420}
      />
      <ListTable<ProfileFollowRow, SortColumn>
        aria-label={side === 'followers' ? 'Followers' : 'Following'}
        records={rows.data?.data}
        total={rows.data?.total}
        totalIsLowerBound={rows.data?.total_is_lower_bound}
        fetching={rows.isFetching}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        list={list}
        idAccessor="id"
        columns={[
          {
            accessor: 'avatar',
            title: 'Profile Picture',
            width: 150,
            render: (r) => <UserAvatar src={r.avatar} name={r.name} size={30} />,
          },
          { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
          { accessor: 'username', title: 'Username', sortable: true },
          { accessor: 'email', title: 'Email', sortable: true, render: (r) => r.email ?? '' },
          { accessor: 'phone', title: 'Phone', sortable: true, render: (r) => r.phone ?? '' },
          {
            accessor: 'actions',
            title: 'Action',
            actions: true,
            render: (r) => (
              <Anchor component={Link} to={href(patterns.userProfile, { userId: r.id })} size="sm">
                View Profile
              </Anchor>
            ),
          },
        ]}
      />
    </Stack>
  );
}
