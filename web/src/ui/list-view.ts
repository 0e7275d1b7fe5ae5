import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import type { ListColumn } from './list-columns';
import type { Density } from './list-prefs';
import type { ListState } from './use-list-state';

/** What a list's table and cards use of useListState: the page, its size and the order. */
export type ListControls<O extends string = string> = Pick<
  ListState<O>,
  'page' | 'setPage' | 'pageLimit' | 'setPageLimit' | 'orderBy' | 'direction' | 'setSort'
>;

/** Extra content under a row, opened by clicking the row (or its details button). */
interface RowExpansion<T> {
  content: (params: { record: T; index: number }) => ReactNode;
  /** More than one row open at a time (default true). */
  allowMultiple?: boolean;
  /** Controlled open rows, by id. */
  expanded?: { recordIds: unknown[]; onRecordIdsChange: (ids: unknown[]) => void };
}

export interface ListTableProps<T, O extends string = string> {
  columns: ListColumn<T>[];
  records: T[] | null | undefined;
  /** Total rows of the filtered list (from the server). */
  total: number | null | undefined;
  /** The server counted only up to `total`: the pager says '1-10 of 1,000+'. */
  totalIsLowerBound?: boolean;
  /** Loader over the table while a page loads. */
  fetching?: boolean;
  /** The list call failed: shown with Retry above the last rows (never as 'no matching records'). */
  error?: unknown;
  onRetry?: () => void;
  /** Paging and sorting state from useListState; omit for a table without paging. */
  list?: ListControls<O>;
  idAccessor?: keyof T | ((record: T) => string | number);
  noRecordsText?: string;
  rowExpansion?: RowExpansion<T>;
  onRowClick?: (params: { record: T; index: number; event: MouseEvent }) => void;
  rowStyle?: (record: T, index: number) => CSSProperties | undefined;
  rowClassName?: (record: T, index: number) => string | undefined;
  minHeight?: number;
  /** Accessible name of the table. */
  'aria-label'?: string;
}

/** What the table and the cards views get. */
export type ListView<T, O extends string> = ListTableProps<T, O> & {
  rows: T[];
  idOf: (record: T, index: number) => unknown;
  open: unknown[];
  toggle: (id: unknown) => void;
  density: Density;
};
