import { LineChart } from '@mantine/charts';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { EmptyState } from '../../../ui/empty-state';
import { allZero, dayLabel, Frame, NO_DATA, type Range, sourceBadge } from './frame';

export function GoogleAnalyticsGraph({ title, range }: { title: string; range: Range }) {
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
