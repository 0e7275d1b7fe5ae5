import type { CampaignRow, CampaignStatus } from '@admin/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { useCan } from '../../auth/can';
import { formatDate, formatDateTime, money } from '../../lib/format';
import { paths } from '../../paths';
import { type ListColumn, ListTable } from '../../ui/list-table';
import { useListState } from '../../ui/use-list-state';
import { ApproveButton, StatusCell } from './status-change';

export interface CampaignFilterValues {
  ad_name?: string;
  capnStatus?: CampaignStatus;
  start_date?: string;
  end_date?: string;
  deleted?: '0' | '1';
}

/** Columns hidden until chosen (spec 02: the list's hidden columns, plus Id). */
const HIDDEN_BY_DEFAULT = [
  'id',
  'decline_reason',
  'spent_on_view',
  'spent_on_click',
  'today_spent',
  'cost_per_view',
  'per_day_budget',
] as const;

const COLUMN_TITLES: Record<string, string> = {
  id: 'Id',
  ad_set_name: 'Ad set name',
  campaign_name: 'Campaign Name',
  creative_ad_title: 'Ad Title',
  created_at: 'Created At',
  ad_start: 'Start Date',
  ad_end: 'End Date',
  totalDuration: 'Total Days',
  status: 'Status',
  action: 'Action',
  total_ad_budget: 'Total Budget',
  view: 'View',
  decline_reason: 'Decline Reason',
  spent_on_view: 'Spent On View',
  spent_on_click: 'Spent On Click',
  today_spent: 'Today Spent',
  cost_per_view: 'Cost Per View',
  per_day_budget: 'Budget Per Day',
};

/** The spec's columns of a campaign, in order (titles from COLUMN_TITLES); View needs campaign_details. */
function campaignColumns(canView: boolean): ListColumn<CampaignRow>[] {
  return [
    { accessor: 'id', sortable: true },
    { accessor: 'ad_set_name', sortable: true, priority: 3, render: (r) => r.ad_set_name ?? '—' },
    { accessor: 'campaign_name', sortable: true, priority: 1, clamp: true },
    { accessor: 'creative_ad_title', priority: 3, clamp: true, render: (r) => r.creative_ad_title ?? '—' },
    {
      accessor: 'created_at',
      sortable: true,
      priority: 3,
      noWrap: true,
      render: (r) => formatDateTime(r.created_at),
    },
    { accessor: 'ad_start', sortable: true, noWrap: true, render: (r) => formatDate(r.ad_start) },
    { accessor: 'ad_end', sortable: true, noWrap: true, render: (r) => formatDate(r.ad_end) },
    { accessor: 'totalDuration', priority: 3 },
    { accessor: 'status', sortable: true, priority: 1, noWrap: true, render: (r) => <StatusCell row={r} /> },
    { accessor: 'action', priority: 1, noWrap: true, render: (r) => <ApproveButton row={r} /> },
    { accessor: 'total_ad_budget', sortable: true, noWrap: true, render: (r) => money(r.total_ad_budget) },
    {
      accessor: 'view',
      actions: true,
      render: (r) => (
        <Button
          component={Link}
          to={paths.campaignDetails(r.id)}
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} />}
          disabled={!canView}
          onClick={(e: React.MouseEvent) => (!canView ? e.preventDefault() : e.stopPropagation())}
          aria-label={`View ${r.campaign_name}`}
        >
          View
        </Button>
      ),
    },
    { accessor: 'decline_reason', render: (r) => r.decline_reason ?? '—' },
    { accessor: 'spent_on_view', render: (r) => money(r.spent_on_view) },
    { accessor: 'spent_on_click', render: (r) => money(r.spent_on_click) },
    { accessor: 'today_spent', render: (r) => money(r.today_spent) },
    { accessor: 'cost_per_view', render: (r) => money(r.cost_per_view) },
    { accessor: 'per_day_budget', render: (r) => money(r.per_day_budget) },
  ];
}

/**
 * A customer's campaigns (the expanded row of the campaign list and the profile's Campaigns tab):
 * the spec's columns (the list's column chooser shows the hidden ones), status change by clicking the status.
 */
export function CampaignsTable({
  userId,
  filters = {},
  inExpandedRow = false,
}: {
  userId: number;
  filters?: CampaignFilterValues;
  /** Inside the campaign list's row: paging and sorting stay in memory (the address has the list's). */
  inExpandedRow?: boolean;
}) {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
    ...(inExpandedRow ? { urlKey: false } : {}),
  });
  const canView = useCan('campaign_details');
  const q = useApiQuery(calls.campaignsList, {
    ...list.params,
    order_by: list.orderBy as 'created_at',
    userId,
    ...filters,
  });

  const base = campaignColumns(canView);
  // The spec's hidden columns start hidden; the list's column chooser shows them.
  const columns = base.map((c) => ({
    ...c,
    title: COLUMN_TITLES[c.accessor],
    hidden: (HIDDEN_BY_DEFAULT as readonly string[]).includes(c.accessor),
  }));

  return (
    <Stack gap="xs" p="xs">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" fw={600}>
          Campaigns
        </Text>
      </Group>
      <ListTable<CampaignRow>
        aria-label="Campaigns"
        columns={columns}
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
      />
    </Stack>
  );
}
