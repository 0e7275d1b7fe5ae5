import { useSearchParams } from 'react-router';

const FILTERS = ['actor_id', 'action', 'target_type', 'target_id', 'start_date', 'end_date'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The audit trail's page, page size and filters, kept in the URL (so a filtered view can be shared
 * or reloaded). `update` sets or clears values (null, undefined or '' clears) and goes back to the
 * first page unless `keepPage`; it replaces the history entry.
 */
export function useAuditFilters() {
  const [search, setSearch] = useSearchParams();
  const get = (k: Filter) => search.get(k) ?? undefined;
  const page = Number(search.get('page') ?? 0) || 0;
  const pageLimit = Number(search.get('page_limit') ?? 10) || 10;
  const update = (changes: Record<string, string | number | null | undefined>, keepPage = false) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === undefined || v === '') {
            next.delete(k);
          } else {
            next.set(k, String(v));
          }
        }
        if (!keepPage) {
          next.delete('page');
        }
        return next;
      },
      { replace: true },
    );
  };
  const filters = Object.fromEntries(FILTERS.map((k) => [k, get(k)]).filter(([, v]) => v)) as Partial<
    Record<Filter, string>
  >;
  return { page, pageLimit, filters, update };
}
