import { PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '@admin/contract';
import { useEffect, useMemo, useState } from 'react';
import { debounce } from '../lib/debounce';

export type Direction = 'asc' | 'desc';

export interface ListParams<O extends string = string> {
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
  setPage: (page: number) => void;
  pageLimit: number;
  /** Changes rows per page and goes back to page 0. */
  setPageLimit: (limit: number) => void;
  orderBy: O;
  direction: Direction;
  /** Sorts by `column`; the same column again toggles the direction. Back to page 0. */
  toggleSort: (column: O) => void;
  setSort: (column: O, direction: Direction) => void;
  /** Back to page 0 (e.g. after changing a filter of your own). */
  resetPage: () => void;
  /** The list call's parameters: query (when set), page, page_limit, order_by, direction. */
  params: ListParams<O>;
}

/**
 * Paging, sorting and debounced search of a server list (spec 01 sections 2 and 9): page from 0,
 * 10 per page, search debounced 1000 ms (a new search goes back to page 0).
 */
export function useListState<O extends string>(defaults: {
  order_by: O;
  direction: Direction;
  page_limit?: number;
  debounceMs?: number;
}): ListState<O> {
  const [search, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageLimit, setLimit] = useState(defaults.page_limit ?? PAGE_SIZE);
  const [orderBy, setOrderBy] = useState<O>(defaults.order_by);
  const [direction, setDirection] = useState<Direction>(defaults.direction);
  const wait = defaults.debounceMs ?? SEARCH_DEBOUNCE_MS;

  const pushQuery = useMemo(
    () =>
      debounce((value: string) => {
        setQuery(value.trim());
        setPage(0);
      }, wait),
    [wait],
  );
  useEffect(() => pushQuery.cancel, [pushQuery]);

  return {
    search,
    setSearch: (value) => {
      setSearchText(value);
      pushQuery(value);
    },
    query,
    page,
    setPage,
    pageLimit,
    setPageLimit: (limit) => {
      setLimit(limit);
      setPage(0);
    },
    orderBy,
    direction,
    toggleSort: (column) => {
      if (column === orderBy) {
        setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
      } else {
        setOrderBy(column);
        setDirection('asc');
      }
      setPage(0);
    },
    setSort: (column, dir) => {
      setOrderBy(column);
      setDirection(dir);
      setPage(0);
    },
    resetPage: () => setPage(0),
    params: {
      ...(query ? { query } : {}),
      page,
      page_limit: pageLimit,
      order_by: orderBy,
      direction,
    },
  };
}
