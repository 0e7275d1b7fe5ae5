import '@mantine/charts/styles.css';
import type { WidgetId } from '@admin/contract';
import { AreaChart, BarChart, BarsList, DonutChart, LineChart } from '@mantine/charts';
import { Badge, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type ComponentProps, lazy, type ReactNode, Suspense } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate, money } from '../../lib/format';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';

const UsersMapWidget = lazy(() => import('./users-map-widget'));

export interface WidgetProps {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
}

type Range = { start_date: string; end_date: string };

const NO_DATA = 'No data for this date range';
const dayLabel = (d: string) => `${d.slice(5, 7)}-${d.slice(8, 10)}`;
const COLORS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'indigo.6',
  'red.6',
  'yellow.6',
];

/** The frame of one widget: title, its own loader while its call runs, the error alert. */
function Frame({
  title,
  query,
  badge,
  children,
}: {
  title: string;
  query: { isFetching: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" h="100%" aria-label={title} aria-busy={query.isFetching} component="section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={5}>{title}</Title>
        <Group gap="xs" wrap="nowrap">
          {badge}
          {query.isFetching ? <Loader size="xs" aria-label={`${title} loading`} /> : null}
        </Group>
      </Group>
      {query.isError && !query.data ? (
        <ErrorAlert error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <Skeleton h={220} />
      ) : (
        children
      )}
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="sm" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Card>
  );
}

const allZero = (rows: Record<string, unknown>[], keys: string[]) =>
  rows.every((r) => keys.every((k) => !Number(r[k])));

function SwisAnalytics({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.dashboardData, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            <Stat label="Users" value={abbreviate(d.users)} />
            <Stat label="New Users" value={abbreviate(d.new_users)} />
            <Stat label="Active Users" value={abbreviate(d.active_users)} />
            <Stat label="Searches" value={abbreviate(d.searches)} />
            <Stat label="Posts" value={abbreviate(d.posts)} />
          </SimpleGrid>
          {allZero(d.daily, ['new_users', 'searches', 'posts']) ? (
            <EmptyState text={NO_DATA} />
          ) : (
            <AreaChart
              h={240}
              data={d.daily.map((r) => ({ ...r, day: dayLabel(r.date) }))}
              dataKey="day"
              withLegend
              curveType="monotone"
              series={[
                { name: 'new_users', label: 'New users', color: 'blue.6' },
                { name: 'searches', label: 'Searches', color: 'teal.6' },
                { name: 'posts', label: 'Posts', color: 'grape.6' },
              ]}
            />
          )}
        </Stack>
      ) : null}
    </Frame>
  );
}

const sourceBadge = (source?: string) =>
  source ? (
    <Badge variant="light" color={source === 'ga4' ? 'orange' : 'gray'}>
      {source === 'ga4' ? 'Google Analytics' : 'Platform events'}
    </Badge>
  ) : null;

function GoogleAnalytics({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.googleAnalytics, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q} badge={sourceBadge(d?.source)}>
      {d ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label="Active Users" value={abbreviate(d.totals.activeUsers)} />
            <Stat label="New Users" value={abbreviate(d.totals.newUsers)} />
            <Stat label="Sessions" value={abbreviate(d.totals.sessions)} />
            <Stat label="Screen Views" value={abbreviate(d.totals.screenPageViews)} />
            <Stat label="Events" value={abbreviate(d.totals.eventCount)} />
          </SimpleGrid>
          {d.platforms.length === 0 ? (
            <EmptyState text={NO_DATA} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4} align="center">
                <Text size="sm" fw={500}>
                  Platforms
                </Text>
                <DonutChart
                  size={140}
                  thickness={24}
                  withLabelsLine={false}
                  withTooltip
                  data={d.platforms.map((p, i) => ({
                    name: p.platform,
                    value: p.activeUsers,
                    color: COLORS[i % 10],
                  }))}
                />
              </Stack>
              <LabeledBars
                title="Top countries"
                data={d.countries.map((c) => ({ name: c.country, value: c.activeUsers }))}
                valueFormatter={abbreviate}
                barColor="blue.2"
              />
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
    </Frame>
  );
}

function GoogleAnalyticsGraph({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.googleAnalyticsGraph, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q} badge={sourceBadge(q.data?.source)}>
      {d ? (
        allZero(d, ['activeUsers', 'newUsers', 'sessions']) ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <LineChart
            h={260}
            data={d.map((r) => ({ ...r, day: dayLabel(r.date) }))}
            dataKey="day"
            withLegend
            curveType="monotone"
            withDots={d.length <= 31}
            series={[
              { name: 'activeUsers', label: 'Active users', color: 'blue.6' },
              { name: 'newUsers', label: 'New users', color: 'teal.6' },
              { name: 'sessions', label: 'Sessions', color: 'orange.6' },
            ]}
          />
        )
      ) : null}
    </Frame>
  );
}

/** A ranked list as a table: the first `textColumns` read left, the figures after them read right. */
function RankTable({
  title,
  columns,
  textColumns = 1,
  rows,
}: {
  title: string;
  columns: string[];
  textColumns?: number;
  rows: { key: string; cells: ReactNode[] }[];
}) {
  const align = (i: number) => (i < textColumns ? undefined : 'right');
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped aria-label={`${title} table`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c} ta={align(i)}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              {r.cells.map((c, i) => (
                <Table.Td key={columns[i]} ta={align(i)}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TopSearches({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.topSearches, { ...range, group_by: 'term', limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <RankTable
            title={title}
            columns={['#', 'Search Term', 'Searches']}
            textColumns={2}
            rows={d.map((r, i) => ({ key: r.label, cells: [i + 1, r.label, abbreviate(r.total)] }))}
          />
        )
      ) : null}
    </Frame>
  );
}

function PopularSearches({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.topSearches, { ...range, group_by: 'website', limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <BarsList
            barsLabel="Website"
            valueLabel="Searches"
            data={d.map((r) => ({ name: r.label, value: r.total }))}
            valueFormatter={abbreviate}
            barColor="teal.2"
          />
        )
      ) : null}
    </Frame>
  );
}

function FailedUrlGraph({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.failedUrlsGraph, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        allZero(d, ['failed_in_curl', 'failed_in_enrichment', 'resolved']) ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <BarChart
            h={260}
            data={d.map((r) => ({ ...r, day: dayLabel(r.date) }))}
            dataKey="day"
            withLegend
            series={[
              { name: 'failed_in_curl', label: 'Failed', color: 'red.6' },
              { name: 'failed_in_enrichment', label: 'Failed in enrichment', color: 'orange.5' },
              { name: 'resolved', label: 'Resolved', color: 'teal.6' },
            ]}
          />
        )
      ) : null}
    </Frame>
  );
}

/** The hosts whose links failed most in the range, with their share of all failed links. */
function FailedUrls({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.failedUrlsFrequency, { ...range, page: 0, page_limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <RankTable
            title={title}
            columns={['Host', 'Failed links', 'Share']}
            rows={d.map((r) => ({
              key: r.failed_host,
              cells: [r.failed_host, abbreviate(r.host_search_count), `${r.frequency.toFixed(2)}%`],
            }))}
          />
        )
      ) : null}
    </Frame>
  );
}

function AdsAnalytics({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.adsAnalytics, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Stat label="Campaigns created" value={abbreviate(d.campaigns_created)} />
            <Stat label="Ad spend" value={money(d.spend)} />
            <Stat label="Ad events" value={abbreviate(d.events.reduce((s, e) => s + e.count, 0))} />
          </SimpleGrid>
          {d.by_status.length === 0 && d.events.length === 0 ? (
            <EmptyState text={NO_DATA} />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LabeledBars
                title="Campaigns by status"
                data={d.by_status.map((s) => ({ name: s.status, value: s.count }))}
                barColor="blue.2"
              />
              <LabeledBars
                title="Ad events"
                data={d.events.map((e) => ({ name: e.kind, value: e.count }))}
                valueFormatter={abbreviate}
                barColor="grape.2"
              />
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
    </Frame>
  );
}

function AdsTransactions({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.adsTransactions, range);
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        allZero(d, ['debit', 'credit']) ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <Stack>
            <Group gap="lg">
              <Text size="sm">
                Credit: <b>{money(d.reduce((s, r) => s + r.credit, 0))}</b>
              </Text>
              <Text size="sm">
                Debit: <b>{money(d.reduce((s, r) => s + r.debit, 0))}</b>
              </Text>
            </Group>
            <BarChart
              h={260}
              data={d.map((r) => ({ ...r, day: dayLabel(r.date) }))}
              dataKey="day"
              withLegend
              valueFormatter={(v) => money(v)}
              series={[
                { name: 'credit', label: 'Credit', color: 'teal.6' },
                { name: 'debit', label: 'Debit', color: 'red.6' },
              ]}
            />
          </Stack>
        )
      ) : null}
    </Frame>
  );
}

/** Where located users are now; it receives the range like every widget (spec 01 section 2). */
function MapComp({ title, range }: { title: string; range: Range }) {
  return (
    <Card withBorder radius="md" component="section" aria-label={title}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      <Suspense fallback={<Skeleton h={320} />}>
        <UsersMapWidget {...range} />
      </Suspense>
    </Card>
  );
}

const RENDER: Record<WidgetId, (p: { title: string; range: Range }) => ReactNode> = {
  SwisAnalytics: (p) => <SwisAnalytics {...p} />,
  GoogleAnalytics: (p) => <GoogleAnalytics {...p} />,
  GoogleAnalyticsGraph: (p) => <GoogleAnalyticsGraph {...p} />,
  TopSearches: (p) => <TopSearches {...p} />,
  PopularSearches: (p) => <PopularSearches {...p} />,
  FailedUrlGraph: (p) => <FailedUrlGraph {...p} />,
  FailedUrls: (p) => <FailedUrls {...p} />,
  MapComp: (p) => <MapComp {...p} />,
  AdsAnalytics: (p) => <AdsAnalytics {...p} />,
  AdsTransactions: (p) => <AdsTransactions {...p} />,
};

/** One dashboard widget by id, with the date range every widget receives. */
export default function Widget({ id, title, start_date, end_date }: WidgetProps) {
  const render = RENDER[id as WidgetId];
  return render ? render({ title, range: { start_date, end_date } }) : null;
}

/** A small heading over a bar list: how the analytics widgets show their breakdowns. */
function LabeledBars({ title, ...bars }: { title: string } & ComponentProps<typeof BarsList>) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <BarsList {...bars} />
    </Stack>
  );
}
