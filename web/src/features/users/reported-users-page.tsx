import type { ReportedUserRow } from '@admin/contract';
import { Group, Stack } from '@mantine/core';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { formatDate } from '../../lib/format';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';
import { text, ViewProfileLink } from './user-cells';

type Order = 'name' | 'email' | 'reported_by' | 'created_at';

/** /reported-users: one row a report (spec 01 sections 2 and 3). */
export default function ReportedUsersPage() {
  const list = useListState<Order>({ order_by: 'name', direction: 'asc' });
  const q = useApiQuery(calls.reportedUsers, list.params);
  return (
    <Stack gap="md">
      <PageHeader title="Reported Users" />
      <Group>
        <ListSearch list={list} placeholder="Search by name or username" />
      </Group>
      <ListTable<ReportedUserRow, Order>
        aria-label="Reported users"
        records={q.data?.users}
        total={q.data?.total_users}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        idAccessor="id"
        columns={[
          {
            accessor: 'reportedUserImage',
            title: 'Image',
            width: 84,
            render: (r) => <UserAvatar src={r.reportedUserImage} name={r.reportedUser} size={30} />,
          },
          { accessor: 'name', title: 'Name', sortable: true, priority: 1, render: (r) => r.reportedUser },
          {
            accessor: 'email',
            title: 'Email',
            sortable: true,
            render: (r) => text(r.reportedUserEmail),
          },
          {
            accessor: 'reportedUserPhone',
            noWrap: true,
            title: 'Phone',
            priority: 3,
            render: (r) => text(r.reportedUserPhone),
          },
          {
            accessor: 'reported_by',
            noWrap: true,
            title: 'Reported By',
            sortable: true,
            render: (r) => r.reportedBy,
          },
          {
            accessor: 'created_at',
            noWrap: true,
            title: 'Reported Date',
            sortable: true,
            render: (r) => formatDate(r.created_at),
          },
          {
            accessor: 'profile',
            title: 'Action',
            actions: true,
            render: (r) => <ViewProfileLink userId={r.reported_user_id} />,
          },
        ]}
      />
    </Stack>
  );
}
