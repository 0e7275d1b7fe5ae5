import { CAMPAIGN_STATUSES, type CampaignCustomerRow, type CampaignStatus } from '@admin/contract';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ErrorAlert } from '../../ui/error-alert';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';
import { UserAvatar } from '../../ui/user-avatar';
import { CampaignsTable } from './campaigns-table';

const STATUS_OPTIONS = ['All', ...CAMPAIGN_STATUSES];

/**
 * Campaigns grouped by customer (spec 02 Campaign list): filters by campaign name, customer,
 * status and created range; clicking a customer expands their campaigns, one at a time.
 */
export function CampaignListView({ deleted }: { deleted: boolean }) {
  const list = useListState<string>({ order_by: 'id', direction: 'desc' });
  const [adName, setAdName] = useState('');
  const [customer, setCustomer] = useState('');
  const [status, setStatus] = useState('All');
  const [range, setRange] = useState<DateRange>([null, null]);
  const [debouncedAd] = useDebouncedValue(adName.trim(), 1000);
  const [debouncedCustomer] = useDebouncedValue(customer.trim(), 1000);
  const [expanded, setExpanded] = useState<number[]>([]);

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
    // A new filter starts from the first page with nothing expanded.
    setLastFilters(key);
    if (lastFilters) {
      list.resetPage();
      setExpanded([]);
    }
  }

  const reset = () => {
    setAdName('');
    setCustomer('');
    setStatus('All');
    setRange([null, null]);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={deleted ? 'Deleted Campaigns' : 'Campaign List'}
        subtitle="Click a customer to see their campaigns"
      />
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
          onChange={(v) => setStatus(v ?? 'All')}
          allowDeselect={false}
          w={{ base: '100%', sm: 170 }}
        />
        <DateRangeInput label="Created" value={range} onChange={setRange} w={260} />
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reset}>
          Reset
        </Button>
      </Group>
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<CampaignCustomerRow>
        aria-label="Customers"
        records={q.data?.data}
        total={q.data?.totalCampaigns}
        fetching={q.isFetching}
        list={list}
        columns={[
          { accessor: 'id', hidden: true },
          {
            accessor: 'avatar',
            title: 'Avatar',
            width: 70,
            render: (r) => <UserAvatar src={r.avatar} name={r.name} />,
          },
          { accessor: 'name', title: 'Name', sortable: true },
          { accessor: 'username', title: 'Username', sortable: true },
          { accessor: 'email', title: 'Email', sortable: true, render: (r) => r.email ?? '—' },
          { accessor: 'phone', title: 'Phone', render: (r) => r.phone ?? '—' },
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
