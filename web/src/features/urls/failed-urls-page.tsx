import type { FailedUrlRow } from '@admin/contract';
import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../paths';
import { ErrorAlert } from '../../ui/error-alert';
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
  const list = useListState<string>({ order_by: 'created_at', direction: 'desc' });
  const [failedType, setFailedType] = useState<'all' | 'enrichment'>('all');
  const q = useApiQuery(calls.failedUrls, { ...list.params, order_by: list.orderBy as Order, failedType });
  return (
    <Stack gap="md">
      <PageHeader title="Failed Urls" />
      <Group>
        <SegmentedControl
          aria-label="Filter failed urls"
          value={failedType}
          onChange={(v) => {
            setFailedType(v as 'all' | 'enrichment');
            list.resetPage();
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'enrichment', label: 'Failed In Enrichment Service' },
          ]}
        />
      </Group>
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<FailedUrlRow>
        aria-label="Failed urls"
        records={q.data?.data}
        total={q.data?.totalCount}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        list={list}
        rowClassName={(r) => (resolvedLater(r) ? classes.resolved : undefined)}
        columns={[
          {
            accessor: 'user',
            title: 'User',
            render: (r) =>
              r.post.user ? (
                <Group gap="xs" wrap="nowrap" miw={150}>
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
            render: (r) => (
              <Anchor
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                title={r.url}
                display="block"
                maw={300}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {r.url}
              </Anchor>
            ),
          },
          { accessor: 'device_type', title: 'Device', render: (r) => r.device_type ?? '-' },
          { accessor: 'device_os', title: 'Device OS', hidden: true },
          { accessor: 'failed_in_curl', title: 'Failed In Curl', render: (r) => yesNo(r.failed_in_curl) },
          {
            accessor: 'scrap_by_script',
            title: 'Attempted In Enrichment',
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
            render: (r) => formatDateTime(r.created_at),
          },
          {
            accessor: 'resolved_at',
            title: 'Resolved',
            sortable: true,
            render: (r) => (r.resolved_at ? formatDateTime(r.resolved_at) : '-'),
          },
          {
            accessor: 'last_retried_at',
            title: 'Retried',
            sortable: true,
            render: (r) => (r.last_retried_at ? formatDateTime(r.last_retried_at) : '-'),
          },
        ]}
      />
    </Stack>
  );
}
