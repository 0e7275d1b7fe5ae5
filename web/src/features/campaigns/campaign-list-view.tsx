import { CAMPAIGN_STATUSES, type CampaignCustomerRow, type CampaignStatus } from '@admin/contract';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { keptDialog } from '../../auth/drafts';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { type ListState, useFilterText, useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';
import { CampaignsTable } from './campaigns-table';
import { STATUS_DRAFT } from './status-change';

const STATUS_OPTIONS = ['All', ...CAMPAIGN_STATUSES];

/**
 * Campaigns grouped by customer (spec 02 Campaign list): filters by campaign name, customer,
 * status and created range; clicking a customer expands their campaigns, one at a time.
 */
export function CampaignListView({ deleted }: { deleted: boolean }) {
  const list = useListState<string>({
    order_by: 'id',
    direction: 'desc',
    filters: { ad_name: '', customer: '', status: 'All', from: '', to: '' },
  });
  const [adName, setAdName] = useFilterText(list, 'ad_name');
  const [customer, setCustomer] = useFilterText(list, 'customer');
  const status = (STATUS_OPTIONS as readonly string[]).includes(list.filters.status)
    ? list.filters.status
    : 'All';
  const range: DateRange = [list.filters.from || null, list.filters.to || null];
  const debouncedAd = list.filters.ad_name;
  const debouncedCustomer = list.filters.customer;
  // A status popup open when the session ended opens again after signing in: its customer's row too.
  const [expanded, setExpanded] = useState<number[]>(() => {
    const customer = keptDialog<{ customer?: number }>(STATUS_DRAFT)?.customer;
    return customer ? [customer] : [];
  });

  const filters = {
    ...(debouncedAd ? { ad_name: debouncedAd } : {}),
    ...(status !== 'All' ? { capnStatus: status as CampaignStatus } : {}),
    ...rangeParams(range),
    deleted: deleted ? ('1' as const) : ('0' as const),
  };
  const q = useApiQuery(calls.campaignUsers, {
    ...list.params,
    order_by: list.orderBy as 'id',
    ...filters,
    ...(debouncedCustomer ? { keyword: debouncedCustomer } : {}),
  });

  const [lastFilters, setLastFilters] = useState('');
  const key = JSON.stringify([filters, debouncedCustomer]);
  if (key !== lastFilters) {
    // A new filter (which starts from the first page) shows nothing expanded.
    setLastFilters(key);
    if (lastFilters) {
      setExpanded([]);
    }
  }

  const reset = () => {
    setAdName('');
    setCustomer('');
    list.setFilters({ ad_name: '', customer: '', status: '', from: '', to: '' });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={deleted ? 'Deleted Campaigns' : 'Campaign List'}
        subtitle="Click a customer to see their campaigns"
      />
      <CampaignFilters
        adName={adName}
        setAdName={setAdName}
        customer={customer}
        setCustomer={setCustomer}
        status={status}
        range={range}
        setFilters={list.setFilters}
        onReset={reset}
      />
      <ListTable<CampaignCustomerRow>
        aria-label="Customers"
        records={q.data?.data}
        total={q.data?.totalCampaigns}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        columns={[
          { accessor: 'id', hidden: true },
          {
            accessor: 'avatar',
            title: 'Avatar',
            width: 70,
            render: (r) => <UserAvatar src={r.avatar} name={r.name} />,
          },
          { accessor: 'name', title: 'Name', sortable: true, priority: 1 },
          { accessor: 'username', title: 'Username', sortable: true },
          { accessor: 'email', title: 'Email', sortable: true, render: (r) => r.email ?? '—' },
          { accessor: 'phone', title: 'Phone', priority: 3, noWrap: true, render: (r) => r.phone ?? '—' },
          {
            accessor: 'campaigns_count',
            title: 'Campaigns',
            render: (r) => <Text size="sm">{r.campaigns_count}</Text>,
          },
        ]}
        rowExpansion={{
          allowMultiple: false,
          expanded: {
            recordIds: expanded,
            onRecordIdsChange: (ids: unknown[]) => setExpanded(ids as number[]),
          },
          content: ({ record }) => (
            <CampaignsTable
              inExpandedRow
              userId={record.id}
              filters={{
                ...(debouncedAd ? { ad_name: debouncedAd } : {}),
                ...(status !== 'All' ? { capnStatus: status as CampaignStatus } : {}),
                ...rangeParams(range),
                deleted: deleted ? '1' : '0',
              }}
            />
          ),
        }}
      />
    </Stack>
  );
}

interface FiltersProps {
  adName: string;
  setAdName: (value: string) => void;
  customer: string;
  setCustomer: (value: string) => void;
  status: string;
  range: DateRange;
  setFilters: ListState['setFilters'];
  onReset: () => void;
}

/** The list's filters: campaign name and customer (typed, debounced), status, created range, Reset. */
function CampaignFilters(props: FiltersProps) {
  const { adName, setAdName, customer, setCustomer, status, range, setFilters, onReset } = props;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Campaign name"
        placeholder="Search by campaign name"
        leftSection={<IconSearch size={16} />}
        value={adName}
        onChange={(e) => setAdName(e.currentTarget.value)}
        w={{ base: '100%', sm: 220 }}
      />
      <TextInput
        label="Customer"
        placeholder="Search by customer"
        leftSection={<IconSearch size={16} />}
        value={customer}
        onChange={(e) => setCustomer(e.currentTarget.value)}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label="Campaign status"
        data={STATUS_OPTIONS}
        value={status}
        onChange={(v) => setFilters({ status: v })}
        allowDeselect={false}
        w={{ base: '100%', sm: 170 }}
      />
      <DateRangeInput
        label="Created"
        value={range}
        onChange={([from, to]) => setFilters({ from, to })}
        w={260}
      />
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onReset}>
        Reset
      </Button>
    </Group>
  );
}
