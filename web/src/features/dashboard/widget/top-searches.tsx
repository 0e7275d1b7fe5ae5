import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { Frame, NO_DATA, type Range, RankTable } from './frame';

export function TopSearches({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.topSearches, { ...range, group_by: 'term', limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <RankTable
            title={title}
            columns={['#', 'Search Term', 'Searches']}
            textColumns={2}
            rows={d.map((r, i) => ({ key: r.label, cells: [i + 1, r.label, abbreviate(r.total)] }))}
          />
        )
      ) : null}
    </Frame>
  );
}
