import { SimpleGrid, Stack } from '@mantine/core';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate, money } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { Frame, NO_DATA, type Range, Stat } from './frame';
import { RankedBars } from './ranked-bars';

export function AdsAnalytics({ title, range }: { title: string; range: Range }) {
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
              <RankedBars
                title="Campaigns by status"
                data={d.by_status.map((s) => ({ name: s.status, value: s.count }))}
                color="blue"
              />
              <RankedBars
                title="Ad events"
                data={d.events.map((e) => ({ name: e.kind, value: e.count }))}
                valueFormatter={abbreviate}
                color="grape"
              />
            </SimpleGrid>
          )}
        </Stack>
      ) : null}
    </Frame>
  );
}
