import type { ReportedPostRow } from '@admin/contract';
import { Button, Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { formatDate } from '../../lib/format';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { MediaThumb } from '../../ui/media-thumb';
import { PageHeader } from '../../ui/page-header';
import { type ListState, useListState } from '../../ui/use-list-state';

type Order = 'created_at' | 'title' | 'website' | 'id';

export default function ReportedPostsPage() {
  const list = useListState<Order>({ order_by: 'created_at', direction: 'desc' });
  const canOpen = useCan('post_details');
  const q = useApiQuery(calls.reportedPosts, list.params);
  const offset = list.page * list.pageLimit;
  // Spec 01 section 4: a failed reported-posts fetch resets the list.
  const records = q.isError ? [] : q.data?.posts;

  const columns: DataTableColumn<ReportedPostRow>[] = [
    { accessor: 'sno', title: 'S.No.', width: 84, render: (_, i) => offset + i + 1 },
    {
      accessor: 'image',
      title: 'Image',
      width: 84,
      render: (r) => <MediaThumb src={r.image} alt={r.title ?? 'Post'} w={48} h={48} />,
    },
    { accessor: 'title', title: 'Title', sortable: true, render: (r) => r.title ?? '-' },
    { accessor: 'website', title: 'Website', sortable: true, render: (r) => r.website ?? '-' },
    { accessor: 'reportedBy', title: 'Reported By' },
    {
      accessor: 'created_at',
      title: 'Reported Date',
      sortable: true,
      render: (r) => formatDate(r.created_at),
    },
    {
      accessor: 'actions',
      title: 'View Details',
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
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<ReportedPostRow>
        aria-label="Reported posts"
        columns={columns}
        records={records}
        total={q.isError ? 0 : q.data?.total_posts}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        list={list as unknown as ListState}
      />
    </>
  );
}
