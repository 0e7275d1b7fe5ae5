import { BarsList } from '@mantine/charts';
import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { Frame, NO_DATA, type Range } from './frame';

export function PopularSearches({ title, range }: { title: string; range: Range }) {
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
            barTextColor="black"
          />
        )
      ) : null}
    </Frame>
  );
}
