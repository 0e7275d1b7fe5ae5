import { CAMPAIGN_TEXTS, type CampaignDetail, type CampaignInsight } from '@admin/contract';
import {
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { calls } from '../../api/calls';
import { useApiQuery } from '../../api/hooks';
import { abbreviate, formatDate, formatDateTime, money } from '../../lib/format';
import { type DateRange, DateRangeInput, rangeParams } from '../../ui/date-range-input';
import { EmptyState } from '../../ui/empty-state';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { PageLoader } from '../../ui/page-loader';
import { ApproveButton, StatusBadge, StatusChanger } from './status-change';

const AudienceCharts = lazy(() => import('./audience-charts'));
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

/** Campaign details and insight (spec 02 Campaign details). */
export default function CampaignDetailsPage() {
  const id = Number(useParams().campaignId);
  const [range, setRange] = useState<DateRange>([null, null]);
  const details = useApiQuery(calls.campaignDetails, { id }, { enabled: id > 0 });
  const insights = useApiQuery(calls.campaignInsights, { id, ...rangeParams(range) }, { enabled: id > 0 });

  if (!(id > 0)) {
    return <EmptyState text="Campaign not found" />;
  }
  if (details.isPending) {
    return <PageLoader />;
  }
  if (details.isError) {
    return <ErrorAlert error={details.error} onRetry={() => details.refetch()} />;
  }
  const c = details.data.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={c.campaign_name}
        subtitle={`${c.customer_name} (@${c.username})`}
        actions={
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status
            </Text>
            <StatusBadge row={c} />
            <Badge color={c.is_approved ? 'teal' : 'gray'} variant="outline" aria-label="Approval">
              {c.is_approved ? CAMPAIGN_TEXTS.approved : CAMPAIGN_TEXTS.notApproved}
            </Badge>
          </Group>
        }
      />
      <Card withBorder radius="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <StatusChanger campaignId={c.id} />
          {c.is_approved ? null : <ApproveButton row={c} size="sm" />}
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Media c={c} />
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={4}>Insight</Title>
            <DateRangeInput value={range} onChange={setRange} w={260} />
          </Group>
          {insights.isError && !insights.data ? (
            <ErrorAlert error={insights.error} onRetry={() => insights.refetch()} />
          ) : insights.data ? (
            <Counters insight={insights.data.insight} />
          ) : (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          )}
        </Stack>
      </SimpleGrid>
      {insights.data ? (
        <InsightCards c={c} insight={insights.data.insight} declines={insights.data.decline_history} />
      ) : null}
      <DetailTable c={c} />
    </Stack>
  );
}

function Media({ c }: { c: CampaignDetail }) {
  const image = c.thumb_url || c.creative_ad_media_path;
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {c.type === 'raw_video' && c.creative_ad_media_path ? (
          // biome-ignore lint/a11y/useMediaCaption: advertisers' videos carry no caption track.
          <video
            src={c.creative_ad_media_path}
            poster={c.thumb_url ?? undefined}
            controls
            preload="metadata"
            style={{ width: '100%', maxHeight: 360, background: '#000', display: 'block' }}
            aria-label="Ad video"
          />
        ) : image ? (
          <Image
            src={image}
            alt={c.creative_ad_title ?? 'Ad image'}
            mah={360}
            fit="contain"
            bg="var(--app-muted-bg-strong)"
          />
        ) : (
          <AspectRatio ratio={16 / 9}>
            <Center bg="var(--app-muted-bg-strong)" aria-label="No media">
              <IconPhoto size={48} color="var(--mantine-color-gray-5)" />
            </Center>
          </AspectRatio>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Text fw={600}>{c.creative_ad_title ?? c.campaign_name}</Text>
        {c.creative_ad_description ? (
          <Text size="sm" c="dimmed">
            {c.creative_ad_description}
          </Text>
        ) : null}
        {c.creative_ad_url ? (
          <Button
            component="a"
            href={c.creative_ad_url}
            target="_blank"
            rel="noopener noreferrer"
            styles={{
              root: {
                backgroundColor: c.creative_ad_button_color ?? undefined,
                color: c.creative_ad_button_text_color ?? undefined,
              },
            }}
          >
            {c.creative_ad_button_name || 'Learn more'}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

function Counters({ insight }: { insight: CampaignInsight }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" aria-label="Counters">
      <Stat label="Bookmarks" value={abbreviate(insight.bookmarks)} />
      <Stat label="Clicks" value={abbreviate(insight.clicks)} />
      <Stat label="Views" value={abbreviate(insight.views)} />
      <Stat label="Likes" value={abbreviate(insight.likes)} />
      <Stat label="Comments" value={abbreviate(insight.comments)} />
      <Stat label="Shares" value={abbreviate(insight.shares)} />
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={title} component="section">
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Pairs({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Stack gap={6}>
      {rows.map(([k, v]) => (
        <Group key={k} justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {k}
          </Text>
          <Text size="sm" fw={600}>
            {v}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function InsightCards({
  c,
  insight,
  declines,
}: {
  c: CampaignDetail;
  insight: CampaignInsight;
  declines: { decline_reason: string; created_at: string; declined_by: string | null }[];
}) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        <Section title="Declined History">
          {declines.length === 0 ? (
            <Text size="sm" c="dimmed">
              Never declined
            </Text>
          ) : (
            <Stack gap="xs">
              {declines.map((d) => (
                <div key={`${d.created_at}-${d.decline_reason}`}>
                  <Text size="sm">{d.decline_reason}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(d.created_at)}
                    {d.declined_by ? ` · ${d.declined_by}` : ''}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Social">
          <Pairs
            rows={[
              ['Profile views', abbreviate(insight.social.profile_views)],
              ['Follows', abbreviate(insight.social.follows)],
            ]}
          />
        </Section>
        <Section title="Commerce">
          <Pairs
            rows={[
              ['Impressions', abbreviate(insight.commerce.impressions)],
              ...(c.type === 'raw_video'
                ? [['Views', abbreviate(insight.commerce.views)] as [string, string]]
                : []),
              ['Engagements', abbreviate(insight.commerce.engagements)],
              ['Clicks', abbreviate(insight.commerce.clicks)],
              ['Potential reach', abbreviate(insight.commerce.potential_reach)],
            ]}
          />
        </Section>
        <Section title="Budget">
          <Pairs
            rows={[
              ['Spend', money(insight.budget.budgetSpend)],
              ['Spend %', `${insight.budget.spendPercentage}%`],
              ['Avg. cost per impression', money(insight.budget.cost_per_impression)],
              ['Avg. cost per click', money(insight.budget.cost_per_click)],
            ]}
          />
        </Section>
      </SimpleGrid>
      <Section title="Audience">
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" />
            </Center>
          }
        >
          <AudienceCharts audience={insight.audience} />
        </Suspense>
      </Section>
    </Stack>
  );
}

function DetailTable({ c }: { c: CampaignDetail }) {
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
      <Title order={4} mb="sm">
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
