import type { ReportedPostRow } from '@admin/contract';
import { Button, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { formatDate } from '../../lib/format';
import { paths } from '../../paths';
import { ListSearch } from '../../ui/list-search';
import { type ListColumn, ListTable } from '../../ui/list-table';
import { MediaThumb } from '../../ui/media-thumb';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';

type Order = 'created_at' | 'title' | 'website' | 'id';

export default function ReportedPostsPage() {
  const list = useListState<Order>({ order_by: 'created_at', direction: 'desc' });
  const canOpen = useCan('post_details');
  const q = useApiQuery(calls.reportedPosts, list.params);
  const offset = list.page * list.pageLimit;

  const columns: ListColumn<ReportedPostRow>[] = [
    { accessor: 'sno', title: 'S.No.', width: 84, priority: 3, render: (_, i) => offset + i + 1 },
    {
      accessor: 'image',
      title: 'Image',
      width: 84,
      render: (r) => <MediaThumb src={r.image} alt={r.title ?? 'Post'} w={48} h={48} />,
    },
    {
      accessor: 'title',
      title: 'Title',
      sortable: true,
      priority: 1,
      clamp: true,
      render: (r) => r.title ?? '-',
    },
    { accessor: 'website', title: 'Website', sortable: true, clamp: true, render: (r) => r.website ?? '-' },
    { accessor: 'reportedBy', title: 'Reported By' },
    {
      accessor: 'created_at',
      title: 'Reported Date',
      sortable: true,
      noWrap: true,
      render: (r) => formatDate(r.created_at),
    },
    {
      accessor: 'actions',
      title: 'View Details',
      actions: true,
      render: (r) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          component={Link}
          to={paths.postDetails(r.reported_post_id)}
          disabled={!canOpen}
          onClick={(e) => {
            if (!canOpen) {
              e.preventDefault();
            }
          }}
        >
          View Details
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Reported Posts" />
      <Group mb="md">
        <ListSearch list={list} placeholder="Search by title or website" width={300} />
      </Group>
      <ListTable<ReportedPostRow, Order>
        aria-label="Reported posts"
        columns={columns}
        records={q.data?.posts}
        total={q.data?.total_posts}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
      />
    </>
  );
}
