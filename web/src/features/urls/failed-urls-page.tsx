import type { FailedUrlRow } from '@admin/contract';
import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';
import classes from './urls.module.css';

type Order = 'created_at' | 'resolved_at' | 'last_retried_at' | 'id';
const yesNo = (v: number) => (v ? 'Yes' : 'No');
/** Resolved on another day than it failed (spec: such rows are highlighted). */
const resolvedLater = (r: FailedUrlRow) =>
  !!r.resolved_at && formatDateTime(r.resolved_at).slice(0, 10) !== formatDateTime(r.created_at).slice(0, 10);

/** /failed-urls: links the app could not read, all or only those the enrichment service failed too. */
export default function FailedUrlsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
    filters: { failed: 'all' },
  });
  const failedType = list.filters.failed === 'enrichment' ? 'enrichment' : 'all';
  const q = useApiQuery(calls.failedUrls, { ...list.params, order_by: list.orderBy as Order, failedType });
  return (
    <Stack gap="md">
      <PageHeader title="Failed Urls" />
      <Group>
        <SegmentedControl
          aria-label="Filter failed urls"
          value={failedType}
          onChange={(v) => list.setFilters({ failed: v })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'enrichment', label: 'Failed In Enrichment Service' },
          ]}
        />
      </Group>
      <ListTable<FailedUrlRow>
        aria-label="Failed urls"
        records={q.data?.data}
        total={q.data?.totalCount}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        rowClassName={(r) => (resolvedLater(r) ? classes.resolved : undefined)}
        columns={[
          {
            accessor: 'user',
            title: 'User',
            priority: 1,
            render: (r) =>
              r.post.user ? (
                <Group gap="xs" wrap="nowrap">
                  <UserAvatar src={r.post.user.avatar} name={r.post.user.username} />
                  <Anchor component={Link} to={paths.userProfile(r.post.user.id)} size="sm">
                    {r.post.user.username}
                  </Anchor>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  -
                </Text>
              ),
          },
          {
            accessor: 'url',
            title: 'Url',
            priority: 1,
            render: (r) => (
              <Anchor
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                title={r.url}
                lineClamp={2}
                miw={180}
                maw={320}
                style={{ overflowWrap: 'anywhere' }}
              >
                {r.url}
              </Anchor>
            ),
          },
          { accessor: 'device_type', title: 'Device', priority: 3, render: (r) => r.device_type ?? '-' },
          { accessor: 'device_os', title: 'Device OS', hidden: true },
          {
            accessor: 'failed_in_curl',
            title: 'Failed In Curl',
            priority: 3,
            render: (r) => yesNo(r.failed_in_curl),
          },
          {
            accessor: 'scrap_by_script',
            title: 'Attempted In Enrichment',
            priority: 3,
            render: (r) => yesNo(r.scrap_by_script),
          },
          {
            accessor: 'failed_in_enrichment',
            title: 'Failed In Enrichment',
            render: (r) => yesNo(r.failed_in_enrichment),
          },
          {
            accessor: 'created_at',
            title: 'Created',
            sortable: true,
            noWrap: true,
            render: (r) => formatDateTime(r.created_at),
          },
          {
            accessor: 'resolved_at',
            title: 'Resolved',
            sortable: true,
            noWrap: true,
            render: (r) => (r.resolved_at ? formatDateTime(r.resolved_at) : '-'),
          },
          {
            accessor: 'last_retried_at',
            title: 'Retried',
            sortable: true,
            noWrap: true,
            render: (r) => (r.last_retried_at ? formatDateTime(r.last_retried_at) : '-'),
          },
        ]}
      />
    </Stack>
  );
}
