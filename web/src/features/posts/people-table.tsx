import type { PostPersonRow } from '@admin/contract';
import { Group } from '@mantine/core';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { ListSearch } from '../../ui/list-search';
import { type ListColumn, ListTable } from '../../ui/list-table';
import { useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';

type Order = 'name' | 'username' | 'email' | 'created_at';

const columns: ListColumn<PostPersonRow>[] = [
  {
    accessor: 'avatar',
    title: 'Image',
    width: 84,
    render: (u) => <UserAvatar src={u.avatar} name={u.name} size={30} />,
  },
  { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
  { accessor: 'username', title: 'Username', sortable: true },
  { accessor: 'email', title: 'Email', sortable: true, render: (u) => u.email ?? '-' },
  { accessor: 'phone', title: 'Phone', render: (u) => u.phone ?? '-' },
];

/** Reported By / Viewed By: paged, name ascending by default. */
export function PostPeopleTable({ postId, kind }: { postId: number; kind: 'reported' | 'viewed' }) {
  const list = useListState<Order>({ order_by: 'name', direction: 'asc', urlKey: kind });
  const q = useApiQuery(kind === 'reported' ? calls.reportedBy : calls.viewedBy, {
    ...list.params,
    id: postId,
  });
  return (
    <>
      <Group mb="md">
        <ListSearch list={list} placeholder="Search by name, username or email" width={300} />
      </Group>
      <ListTable<PostPersonRow, Order>
        aria-label={kind === 'reported' ? 'Reported by' : 'Viewed by'}
        columns={columns}
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
      />
    </>
  );
}
