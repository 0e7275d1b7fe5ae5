import type { CampaignDetail, CampaignInsight } from '@admin/contract';
import { Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { abbreviate, formatDateTime, money } from '../../lib/format';

const AudienceCharts = lazy(() => import('./audience-charts'));

/** One counter of the insight. */
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

export function Counters({ insight }: { insight: CampaignInsight }) {
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
      <Title order={3} size="h5" mb="sm">
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

export function InsightCards({
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
