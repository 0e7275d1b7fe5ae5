import { TRANSACTION_TEXTS, type TransactionRow } from '@admin/contract';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { formatDateTime, money } from '../../lib/format';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ErrorAlert } from '../../ui/error-alert';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';

/** /transactions: payments and charges, by keyword, type and date range. */
export default function TransactionsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
  });
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 1000);
  const [type, setType] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>([null, null]);
  const filters = {
    ...(debounced ? { keyword: debounced } : {}),
    ...(type ? { transaction_type: type as 'debit' | 'credit' } : {}),
    ...rangeParams(range),
  };
  const key = JSON.stringify(filters);
  const [lastKey, setLastKey] = useState(key);
  if (key !== lastKey) {
    setLastKey(key);
    list.resetPage();
  }
  const q = useApiQuery(calls.transactionHistory, {
    ...list.params,
    order_by: list.orderBy as 'created_at',
    ...filters,
  });

  return (
    <Stack gap="md">
      <PageHeader title="Transactions" />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          placeholder={TRANSACTION_TEXTS.keywordPlaceholder}
          aria-label="Keyword"
          leftSection={<IconSearch size={16} />}
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <Select
          aria-label="Transaction type"
          placeholder="Type"
          data={[
            { value: 'debit', label: 'Debit' },
            { value: 'credit', label: 'Credit' },
          ]}
          value={type}
          onChange={setType}
          clearable
          w={{ base: '100%', sm: 160 }}
        />
        <DateRangeInput value={range} onChange={setRange} />
      </Group>
      {q.isError && !q.data ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <ListTable<TransactionRow>
        aria-label="Transactions"
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        list={list}
        columns={[
          {
            accessor: 'username',
            title: 'Customer',
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.customer_name}</Text>
                <Text size="xs" c="dimmed">
                  @{r.username}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'campaign_name', title: 'Campaign', render: (r) => r.campaign_name ?? '—' },
          { accessor: 'amount', title: 'Amount', sortable: true, render: (r) => money(r.amount) },
          {
            accessor: 'transaction_type',
            title: 'Transaction Type',
            sortable: true,
            render: (r) => (
              <Badge variant="light" color={r.transaction_type === 'credit' ? 'teal' : 'orange'}>
                {r.transaction_type}
              </Badge>
            ),
          },
          {
            accessor: 'stripe_transaction_id',
            title: 'Payment Provider Transaction Id',
            render: (r) => r.stripe_transaction_id ?? '—',
          },
          {
            accessor: 'created_at',
            title: 'Date',
            sortable: true,
            render: (r) => formatDateTime(r.created_at),
          },
        ]}
      />
    </Stack>
  );
}
