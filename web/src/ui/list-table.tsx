import { TEXTS } from '@admin/contract';
import { Box, LoadingOverlay, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { ErrorAlert } from './error-alert';
import { ListCards } from './list-cards';
import { ListGrid } from './list-grid';
import { ListPager } from './list-pager';

export type { ListColumn } from './list-columns';
export type { ListControls, ListTableProps } from './list-view';

import type { ListTableProps } from './list-view';

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
