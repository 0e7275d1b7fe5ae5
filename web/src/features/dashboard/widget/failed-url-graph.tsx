import { BarChart } from '@mantine/charts';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { EmptyState } from '../../../ui/empty-state';
import { allZero, dayLabel, Frame, NO_DATA, type Range } from './frame';

export function FailedUrlGraph({ title, range }: { title: string; range: Range }) {
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
