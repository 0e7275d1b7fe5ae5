import { TEXTS } from '@admin/contract';
import { Box, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, type MouseEvent, type ReactNode, useRef, useState } from 'react';
import { ErrorAlert } from './error-alert';
import { ListCards } from './list-cards';
import type { ListColumn } from './list-columns';
import { ListGrid } from './list-grid';
import { ListPager } from './list-pager';
import type { ListState } from './use-list-state';

export type { ListColumn } from './list-columns';
export { ROWS_PER_PAGE_OPTIONS } from './use-list-state';

/** Extra content under a row, opened by clicking the row (or its details button). */
export interface RowExpansion<T> {
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
  /** The server counted only up to `total`: the pager says '1-10 of 10,000+'. */
  totalIsLowerBound?: boolean;
  /** Loader over the table while a page loads. */
  fetching?: boolean;
  /** The list call failed: shown with Retry above the last rows (never as 'no matching records'). */
  error?: unknown;
  onRetry?: () => void;
  /** Paging and sorting state from useListState; omit for a table without paging. */
  list?: ListState<O>;
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

/** Rows and total last loaded, kept while a later call fails. */
function useLastLoaded<T>(records: T[] | null | undefined, total: number | null | undefined) {
  const last = useRef<{ records: T[]; total: number }>({ records: [], total: 0 });
  if (records) {
    last.current = { records, total: total ?? records.length };
  }
  return last.current;
}

/**
 * The app's server-paged list. From 768 px a table that fits its width without sideways scrolling
 * (columns that do not fit move into the row's details, long text clamped to two lines, the
 * actions column always last and visible, sortable headers are buttons with aria-sort); below
 * 768 px one card a row (its fields, then its actions). Paging from 0 (shown from 1), rows per page
 * 10/25/50/100, the spec's empty text only for a real empty answer; a failed call keeps the last
 * rows and shows the error with Retry.
 */
export function ListTable<T, O extends string = string>(props: ListTableProps<T, O>) {
  const {
    records,
    total,
    totalIsLowerBound,
    fetching,
    error,
    onRetry,
    list,
    idAccessor,
    noRecordsText = TEXTS.noRecords,
    rowExpansion,
    minHeight = 180,
  } = props;
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const last = useLastLoaded(records, total);
  const rows = records ?? (error ? last.records : []);
  const count = records ? (total ?? records.length) : error ? last.total : 0;
  const loaded = records !== null && records !== undefined;
  const empty = loaded && rows.length === 0 && !error;

  const idOf = (record: T, index: number): unknown =>
    typeof idAccessor === 'function'
      ? idAccessor(record)
      : idAccessor
        ? record[idAccessor]
        : ((record as { id?: unknown }).id ?? index);
  const [ownOpen, setOwnOpen] = useState<unknown[]>([]);
  const open = rowExpansion?.expanded?.recordIds ?? ownOpen;
  const setOpen = rowExpansion?.expanded?.onRecordIdsChange ?? setOwnOpen;
  const toggle = (id: unknown) => {
    const only = rowExpansion && rowExpansion.allowMultiple === false;
    setOpen(open.includes(id) ? open.filter((x) => x !== id) : only ? [id] : [...open, id]);
  };

  const view = { ...props, rows, idOf, open, toggle };
  return (
    <Stack gap="xs">
      {error ? <ErrorAlert error={error} onRetry={onRetry} /> : null}
      <Paper
        withBorder={!phone}
        radius="md"
        pos="relative"
        mih={rows.length > 0 ? undefined : minHeight}
        style={{ overflow: 'hidden' }}
      >
        <LoadingOverlay visible={!!fetching} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
        {phone ? <ListCards {...view} /> : <ListGrid {...view} />}
        {empty ? (
          <Box py="xl" px="md">
            <Text c="dimmed" ta="center">
              {noRecordsText}
            </Text>
          </Box>
        ) : null}
        {list && !phone ? (
          <ListPager
            page={list.page}
            pageLimit={list.pageLimit}
            total={count}
            rows={rows.length}
            totalIsLowerBound={totalIsLowerBound}
            onPage={list.setPage}
            onPageLimit={list.setPageLimit}
          />
        ) : null}
      </Paper>
      {list && phone ? (
        <ListPager
          compact
          page={list.page}
          pageLimit={list.pageLimit}
          total={count}
          rows={rows.length}
          totalIsLowerBound={totalIsLowerBound}
          onPage={list.setPage}
          onPageLimit={list.setPageLimit}
        />
      ) : null}
    </Stack>
  );
}

/** What the table and the cards views get. */
export type ListView<T, O extends string> = ListTableProps<T, O> & {
  rows: T[];
  idOf: (record: T, index: number) => unknown;
  open: unknown[];
  toggle: (id: unknown) => void;
};
