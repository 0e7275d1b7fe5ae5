import { DonutChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { COLORS, Frame, NO_DATA, type Range, Stat, sourceBadge } from './frame';
import { RankedBars } from './ranked-bars';

export function GoogleAnalytics({ title, range }: { title: string; range: Range }) {
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
              <RankedBars
                title="Top countries"
                data={d.countries.map((c) => ({ name: c.country, value: c.activeUsers }))}
                valueFormatter={abbreviate}
                color="blue"
              />
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
    </Frame>
  );
}
