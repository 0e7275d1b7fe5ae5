import { hasPermission, SERIES_MAX_DAYS, WIDGET_CATALOGUE, type WidgetType } from '@admin/contract';
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconChartBar, IconLayoutDashboard, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { type DashboardWidget, useSession } from '../../auth/session';
import { paths } from '../../paths';
import { type DateRange, DateRangeInput, dateRangePresets } from '../../ui/date-range-input';
import { PageHeader } from '../../ui/page-header';

// The widgets and their charts load as their own chunk, after the dashboard frame.
const Widget = lazy(() => import('./widgets'));

/** The first view: the last 30 days (a preset of the picker). */
function defaultRange(): [string, string] {
  const preset = dateRangePresets(dayjs()).find((p) => p.label === 'Last 30 days');
  return preset?.value as [string, string];
}

/** Widgets of the catalogue that span the whole row (charts read better wide). */
const WIDE = new Set([
  'SwisAnalytics',
  'GoogleAnalyticsGraph',
  'MapComp',
  'AdsTransactions',
  'FailedUrlGraph',
]);

/** / : the dashboard: a date range, two tabs of saved widgets, each loading on its own. */
export default function DashboardPage() {
  const session = useSession();
  const [picked, setPicked] = useState<DateRange>(defaultRange());
  const [applied, setApplied] = useState<[string, string]>(defaultRange());
  const [tab, setTab] = useState<WidgetType>('POST');
  const canSearch = !!(picked[0] && picked[1]);

  return (
    <Stack gap="md">
      <PageHeader
        title="Dashboard"
        actions={
          <Button
            component={Link}
            to={paths.dashboardWidgets(tab)}
            variant="light"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Manage Widgets
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateRangeInput value={picked} onChange={setPicked} clearable={false} maxDays={SERIES_MAX_DAYS} />
        <Button
          leftSection={<IconSearch size={16} />}
          disabled={!canSearch}
          onClick={() => canSearch && setApplied([picked[0] as string, picked[1] as string])}
        >
          Search
        </Button>
        <Button
          variant="default"
          onClick={() => {
            const r = defaultRange();
            setPicked(r);
            setApplied(r);
          }}
        >
          Reset
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab((v as WidgetType) ?? 'POST')} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="POST" leftSection={<IconChartBar size={16} />}>
            Users and Searches
          </Tabs.Tab>
          <Tabs.Tab value="ADS" leftSection={<IconSpeakerphone size={16} />}>
            Campaigns
          </Tabs.Tab>
        </Tabs.List>
        {(['POST', 'ADS'] as const).map((t) => (
          <Tabs.Panel key={t} value={t}>
            <WidgetGrid type={t} widgets={session?.widgets[t] ?? []} range={applied} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function WidgetGrid({
  type,
  widgets,
  range,
}: {
  type: WidgetType;
  widgets: DashboardWidget[];
  range: [string, string];
}) {
  const session = useSession();
  // Only widgets of this tab the user still holds the permission for.
  const shown = widgets.filter((w) => {
    const option = WIDGET_CATALOGUE[type].find((c) => c.id === w.id);
    return option && hasPermission(session?.user, option.permission);
  });
  if (shown.length === 0) {
    return (
      <Card withBorder radius="md" py="xl">
        <Stack align="center" gap="xs">
          <Text c="dimmed">No widgets on this tab yet.</Text>
          <Anchor component={Link} to={paths.dashboardWidgets(type)} fw={500}>
            Manage Your Dashboard
          </Anchor>
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {shown.map((w) => (
        <div key={w.id} style={WIDE.has(w.id) ? { gridColumn: '1 / -1' } : undefined}>
          <Suspense fallback={<Skeleton h={260} radius="md" />}>
            <Widget id={w.id} title={String(w.content ?? w.id)} start_date={range[0]} end_date={range[1]} />
          </Suspense>
        </div>
      ))}
    </SimpleGrid>
  );
}
