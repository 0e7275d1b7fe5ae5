import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { Frame, NO_DATA, type Range } from './frame';
import { RankedBars } from './ranked-bars';

export function PopularSearches({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.topSearches, { ...range, group_by: 'website', limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <RankedBars
            barsLabel="Website"
            valueLabel="Searches"
            data={d.map((r) => ({ name: r.label, value: r.total }))}
            valueFormatter={abbreviate}
            color="teal"
          />
        )
      ) : null}
    </Frame>
  );
}
