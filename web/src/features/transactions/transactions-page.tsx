import { TRANSACTION_TEXTS, type TransactionRow } from '@admin/contract';
import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { formatDateTime, money } from '../../lib/format';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useFilterText, useListState } from '../../ui/use-list-state';

/** /transactions: payments and charges, by keyword, type and date range. */
export default function TransactionsPage() {
  const list = useListState<string>({
    order_by: 'created_at',
    direction: 'desc',
    filters: { keyword: '', type: '', from: '', to: '' },
  });
  const [keyword, setKeyword] = useFilterText(list, 'keyword');
  const { type } = list.filters;
  const range: DateRange = [list.filters.from || null, list.filters.to || null];
  const filters = {
    ...(list.filters.keyword ? { keyword: list.filters.keyword } : {}),
    ...(type === 'debit' || type === 'credit' ? { transaction_type: type as 'debit' | 'credit' } : {}),
    ...rangeParams(range),
  };
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
          value={type || null}
          onChange={(v) => list.setFilters({ type: v })}
          clearable
          w={{ base: '100%', sm: 160 }}
        />
        <DateRangeInput value={range} onChange={([from, to]) => list.setFilters({ from, to })} />
      </Group>
      <ListTable<TransactionRow>
        aria-label="Transactions"
        records={q.data?.data}
        total={q.data?.total}
        totalIsLowerBound={q.data?.total_is_lower_bound}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        columns={[
          {
            accessor: 'username',
            title: 'Customer',
            priority: 1,
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.customer_name}</Text>
                <Text size="xs" c="dimmed">
                  @{r.username}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'campaign_name',
            title: 'Campaign',
            clamp: true,
            render: (r) => r.campaign_name ?? '—',
          },
          {
            accessor: 'amount',
            title: 'Amount',
            sortable: true,
            noWrap: true,
            render: (r) => money(r.amount),
          },
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
            priority: 3,
            render: (r) => r.stripe_transaction_id ?? '—',
          },
          {
            accessor: 'created_at',
            title: 'Date',
            sortable: true,
            noWrap: true,
            render: (r) => formatDateTime(r.created_at),
          },
        ]}
      />
    </Stack>
  );
}
