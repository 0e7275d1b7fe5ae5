import { AreaChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { allZero, dayLabel, Frame, NO_DATA, type Range, Stat } from './frame';

export function SwisAnalytics({ title, range }: { title: string; range: Range }) {
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
