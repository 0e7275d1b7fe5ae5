import { calls } from '../../../api/calls';
import { useApiQuery } from '../../../api/hooks';
import { abbreviate } from '../../../lib/format';
import { EmptyState } from '../../../ui/empty-state';
import { Frame, NO_DATA, type Range, RankTable } from './frame';

/** The hosts whose links failed most in the range, with their share of all failed links. */
export function FailedUrls({ title, range }: { title: string; range: Range }) {
  const q = useApiQuery(calls.failedUrlsFrequency, { ...range, page: 0, page_limit: 10 });
  const d = q.data?.data;
  return (
    <Frame title={title} query={q}>
      {d ? (
        d.length === 0 ? (
          <EmptyState text={NO_DATA} />
        ) : (
          <RankTable
            title={title}
            columns={['Host', 'Failed links', 'Share']}
            rows={d.map((r) => ({
              key: r.failed_host,
              cells: [r.failed_host, abbreviate(r.host_search_count), `${r.frequency.toFixed(2)}%`],
            }))}
          />
        )
      ) : null}
    </Frame>
  );
}
