import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@admin/contract';
import { useDebouncedCallback } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

type Direction = 'asc' | 'desc';

/** Rows-per-page choices; a page size outside them in the address falls back to the default. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

interface ListParams<O extends string = string> {
  query?: string;
  page: number;
  page_limit: number;
  order_by: O;
  direction: Direction;
}

export interface ListState<O extends string = string> {
  /** What the search box shows (updates at once). */
  search: string;
  setSearch: (value: string) => void;
  /** The debounced search text actually sent (1000 ms after the last key). */
  query: string;
  page: number;
  /** Goes to `page`: a new history entry, or with `replace` in place of this one. */
  setPage: (page: number, opts?: { replace?: boolean }) => void;
  pageLimit: number;
  /** Changes rows per page and goes back to page 0. */
  setPageLimit: (limit: number) => void;
  orderBy: O;
  direction: Direction;
  /** Sorts by `column`; the same column again toggles the direction. Back to page 0. */
  toggleSort: (column: O) => void;
  setSort: (column: O, direction: Direction) => void;
  /** Back to page 0. */
  resetPage: () => void;
  /** The list's own filters (strings; '' when unset), kept in the address like the rest. */
  filters: Record<string, string>;
  /** Sets filters (a value '' or null clears one) and goes back to page 0, in one history entry. */
  setFilters: (values: Record<string, string | null | undefined>) => void;
  /** The list call's parameters: query (when set), page, page_limit, order_by, direction. */
  params: ListParams<O>;
}

export interface ListStateOptions<O extends string> {
  order_by: O;
  direction: Direction;
  page_limit?: number;
  debounceMs?: number;
  /** Filter names this list keeps in the address, with their defaults (left out of the URL). */
  filters?: Record<string, string>;
  /**
   * Prefix of this list's keys in the address when a screen shows two lists (e.g. 'c' gives
   * c_page, c_sort...); `false` keeps the state in memory only (a list inside an expanded row).
   */
  urlKey?: string | false;
}

/** Writes a value, leaving it out of the address when it is the default. */
function put(p: URLSearchParams, key: string, value: string, fallback: string) {
  if (value === fallback || value === '') {
    p.delete(key);
  } else {
    p.set(key, value);
  }
}

/** Address keys of a list (page is 1-based in the address, 0-based in the state). */
const keysOf = (prefix: string) => ({
  page: `${prefix}page`,
  size: `${prefix}size`,
  sort: `${prefix}sort`,
  dir: `${prefix}dir`,
  q: `${prefix}q`,
});

/**
 * Paging, sorting, debounced search and filters of a server list (spec 01 sections 2 and 9): page
 * from 0, 10 per page, search debounced 1000 ms (a new search goes back to page 0). The state lives
 * in the query string (page, size, sort, dir, q and the filters; defaults left out), so a reload, a
 * pasted link and Back restore it; each change is a new history entry.
 */
export function useListState<O extends string>(options: ListStateOptions<O>): ListState<O> {
  const defaultLimit = options.page_limit ?? PAGE_SIZE;
  const filterDefaults = options.filters ?? {};
  const prefix = options.urlKey ? `${options.urlKey}_` : '';
  const keys = keysOf(prefix);
  const [urlParams, setUrlParams] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const inUrl = options.urlKey !== false;
  const current = inUrl ? urlParams : memory;
  // Several changes in one event build on each other, not on the last render's address.
  const latest = useRef(current);
  latest.current = current;
  const update = (change: (p: URLSearchParams) => void, replace = false) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    if (inUrl) {
      setUrlParams(next, { preventScrollReset: true, replace });
    } else {
      setMemory(next);
    }
  };

  const pageText = Number(current.get(keys.page));
  const page = Number.isInteger(pageText) && pageText >= 1 ? pageText - 1 : 0;
  const sizeText = Number(current.get(keys.size));
  const pageLimit = ROWS_PER_PAGE_OPTIONS.includes(sizeText) ? sizeText : defaultLimit;
  const orderBy = (current.get(keys.sort) || options.order_by) as O;
  const dirText = current.get(keys.dir);
  const direction: Direction = dirText === 'asc' || dirText === 'desc' ? dirText : options.direction;
  const query = (current.get(keys.q) ?? '').trim();
  const filters: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(filterDefaults)) {
    filters[name] = current.get(prefix + name) ?? fallback;
  }

  const firstPage = (p: URLSearchParams) => p.delete(keys.page);
  const sort = (p: URLSearchParams, column: string, dir: Direction) => {
    put(p, keys.sort, column, options.order_by);
    put(p, keys.dir, dir, options.direction);
    firstPage(p);
  };

  // The search box types freely; the address (and the call) get the text 1000 ms after the last key.
  const [search, setSearchText] = useState(query);
  const wait = options.debounceMs ?? SEARCH_DEBOUNCE_MS;
  // Mantine's debouncer calls the latest callback and drops a pending call on unmount.
  const pushQuery = useDebouncedCallback(
    (value: string) =>
      update((p) => {
        put(p, keys.q, value.trim(), '');
        firstPage(p);
      }),
    wait,
  );
  // Back/forward or a link changed the search: the box shows it.
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    if (search.trim() !== query) {
      setSearchText(query);
    }
  }

  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      pushQuery(value);
    },
    query,
    page,
    setPage: (n, opts) => update((p) => put(p, keys.page, String(n + 1), '1'), opts?.replace),
    pageLimit,
    setPageLimit: (limit) =>
      update((p) => {
        put(p, keys.size, String(limit), String(defaultLimit));
        firstPage(p);
      }),
    orderBy,
    direction,
    toggleSort: (column) =>
      update((p) => sort(p, column, column === orderBy && direction === 'asc' ? 'desc' : 'asc')),
    setSort: (column, dir) => update((p) => sort(p, column, dir)),
    resetPage: () => {
      if (page !== 0) {
        update(firstPage);
      }
    },
    filters,
    setFilters: (values) =>
      update((p) => {
        for (const [name, value] of Object.entries(values)) {
          put(p, prefix + name, value ?? '', filterDefaults[name] ?? '');
        }
        firstPage(p);
      }),
    params: {
      ...(query ? { query } : {}),
      page,
      page_limit: pageLimit,
      order_by: orderBy,
      direction,
    },
  };
}

/**
 * A typed filter of a list (like the search box): the box updates at once, the list's filter `name`
 * (and the address) 1000 ms after the last key; Back or a link puts the filter's value back in the box.
 */
export function useFilterText(
  list: Pick<ListState, 'filters' | 'setFilters'>,
  name: string,
  debounceMs = SEARCH_DEBOUNCE_MS,
): [string, (value: string) => void] {
  const value = list.filters[name] ?? '';
  const [text, setText] = useState(value);
  const push = useDebouncedCallback((v: string) => list.setFilters({ [name]: v.trim() }), debounceMs);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) {
      setText(value);
    }
  }
  return [
    text,
    (v) => {
      setText(v);
      push(v);
    },
  ];
}
