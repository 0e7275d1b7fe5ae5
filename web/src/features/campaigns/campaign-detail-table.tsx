import { CAMPAIGN_TEXTS, type CampaignDetail } from '@admin/contract';
import { Card, Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate, formatDate, formatDateTime, money } from '../../lib/format';

const TargetMap = lazy(() => import('./target-map'));

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function useTileUrl(enabled: boolean) {
  const q = useApiQuery(
    calls.mapConfig,
    {},
    { enabled, alertOnError: false, staleTime: Number.POSITIVE_INFINITY },
  );
  return q.isError ? OSM_TILES : (q.data?.data.tile_url ?? (q.isPending ? null : OSM_TILES));
}

/** The campaign's settings as a table, with the target area's map beside it when it is local. */
export function DetailTable({ c }: { c: CampaignDetail }) {
  const local = c.location_type === 'local' && c.target_location;
  const tileUrl = useTileUrl(!!local);
  const rows: [string, ReactNode][] = [
    ['Location type', c.location_type === 'local' ? 'Local' : 'Regional'],
    ...(c.location_type === 'regional'
      ? ([['Target regions', (c.target_region ?? []).map((r) => r.location).join(', ') || '—']] as [
          string,
          ReactNode,
        ][])
      : []),
    ...(local && c.target_location
      ? ([
          ['Address', c.target_location.address],
          ['Latitude', c.target_location.latitude],
          ['Longitude', c.target_location.longitude],
          ['Radius', `${c.target_location.radius} miles`],
        ] as [string, ReactNode][])
      : []),
    ['Ad start', formatDateTime(c.ad_start)],
    ['Ad end', formatDateTime(c.ad_end)],
    ['Total duration', `${c.totalDuration} days`],
    ['Total ad budget', money(c.total_ad_budget)],
    ['Budget per day', money(c.per_day_budget)],
    ['Estimated cost per click', money(c.cost_per_click)],
    ['Estimated cost per view', money(c.cost_per_view)],
    ['Estimated clicks per day', abbreviate(c.estimated_clicks_per_day)],
    ['Estimated views per day', abbreviate(c.estimated_views_per_day)],
    ['Campaign name', c.campaign_name],
    ['Customer', `${c.customer_name} (@${c.username})`],
    ['Ad set name', c.ad_set_name ?? '—'],
    ['Status', c.status],
    ['Goal', c.goal],
    ['Target gender', c.target_gender ?? 'All'],
    ['Target age', `${c.target_age_minimum ?? '—'} - ${c.target_age_maximum ?? '—'}`],
    [
      'Interest',
      c.auto_interest ? CAMPAIGN_TEXTS.autoInterest : c.interest.map((i) => i.name).join(', ') || '—',
    ],
    ['Creative title', c.creative_ad_title ?? '—'],
    ['Creative url', c.creative_ad_url ?? '—'],
    ['Creative description', c.creative_ad_description ?? '—'],
    ['Button name', c.creative_ad_button_name ?? '—'],
    [
      'Button colours',
      <Group gap={6} key="colours" justify="flex-end">
        <ColourChip colour={c.creative_ad_button_color} />
        <ColourChip colour={c.creative_ad_button_text_color} />
      </Group>,
    ],
    ['Payment type', c.payment_type ?? '—'],
    ['Created at', formatDateTime(c.created_at)],
    ['Approval', c.is_approved ? CAMPAIGN_TEXTS.approved : CAMPAIGN_TEXTS.notApproved],
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        Details
      </Title>
      <SimpleGrid cols={{ base: 1, md: local ? 2 : 1 }} spacing="lg">
        <Table striped withRowBorders={false} aria-label="Campaign details" layout="fixed">
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th w="45%" fw={500} c="dimmed">
                  {k}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {local && c.target_location && tileUrl ? (
          <Suspense fallback={<Loader size="sm" />}>
            <TargetMap
              latitude={c.target_location.latitude}
              longitude={c.target_location.longitude}
              radiusMiles={c.target_location.radius}
              address={c.target_location.address}
              tileUrl={tileUrl}
            />
          </Suspense>
        ) : null}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Created {formatDate(c.created_at)}
      </Text>
    </Card>
  );
}

function ColourChip({ colour }: { colour: string | null }) {
  if (!colour) {
    return <Text size="sm">—</Text>;
  }
  return (
    <Group gap={4}>
      <span
        style={{
          width: 14,
          height: 14,
          borderRadius: 3,
          background: colour,
          border: '1px solid var(--mantine-color-gray-4)',
          display: 'inline-block',
        }}
      />
      <Text size="xs">{colour}</Text>
    </Group>
  );
}
