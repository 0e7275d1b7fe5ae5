import { Group, Progress, Stack, Text } from '@mantine/core';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate } from '../../lib/format';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { ListSearch } from '../../ui/list-search';
import { ListTable } from '../../ui/list-table';
import { PageHeader } from '../../ui/page-header';
import { useListState } from '../../ui/use-list-state';

interface FrequencyRow {
  failed_host: string;
  total_metas: number;
  host_search_count: number;
  frequency: number;
}

/** /frequently-used-urls: hosts of failed links, by how often they appear, searched by domain and dates. */
export default function FrequentlyUsedUrlsPage() {
  const list = useListState<string>({
    order_by: 'frequency',
    direction: 'desc',
    filters: { from: '', to: '' },
  });
  const range: DateRange = [list.filters.from || null, list.filters.to || null];
  const q = useApiQuery(calls.failedUrlsFrequency, {
    ...rangeParams(range),
    keyword: list.query || undefined,
    page: list.page,
    page_limit: list.pageLimit,
  });
  return (
    <Stack gap="md">
      <PageHeader title="Frequently used Urls" />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <ListSearch list={list} placeholder="Search by domain" width={280} />
        <DateRangeInput value={range} onChange={([from, to]) => list.setFilters({ from, to })} />
      </Group>
      <ListTable<FrequencyRow>
        aria-label="Frequently used urls"
        idAccessor="failed_host"
        records={q.data?.data}
        total={q.data?.totalCount}
        fetching={q.isFetching}
        error={q.error}
        onRetry={() => q.refetch()}
        list={list}
        columns={[
          { accessor: 'failed_host', title: 'Host' },
          { accessor: 'total_metas', title: 'Total Searches', render: (r) => abbreviate(r.total_metas) },
          {
            accessor: 'host_search_count',
            title: 'Host Searched',
            render: (r) => abbreviate(r.host_search_count),
          },
          {
            accessor: 'frequency',
            title: 'Frequency (%)',
            render: (r) => (
              <Group gap="xs" wrap="nowrap" miw={140}>
                <Progress value={r.frequency} w={70} size="sm" aria-hidden />
                <Text size="sm">{r.frequency.toFixed(2)}%</Text>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
