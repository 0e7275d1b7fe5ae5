import { TEXTS } from '@admin/contract';
import { ActionIcon, Box, Group, LoadingOverlay, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutList, IconListDetails } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ColumnChooser } from './column-chooser';
import { ErrorAlert } from './error-alert';
import { ListCards } from './list-cards';
import { ListGrid } from './list-grid';
import { ListPager } from './list-pager';
import { applyColumnPrefs, type Density, useColumnPrefs, useDensity, useListKey } from './list-prefs';
import classes from './list-table.module.css';

export type { ListColumn } from './list-columns';
export type { ListControls, ListTableProps } from './list-view';

import type { ListTableProps } from './list-view';

interface Loaded<T> {
  records: T[];
  total: number;
  /** The page, size and order these rows answered (the list's state when they arrived). */
  request: string;
}

/**
 * Rows and total last loaded, with the request they answered: while the next page loads the
 * previous answer stays (placeholder), so a new answer is one with new rows.
 */
function useLastLoaded<T>(
  records: T[] | null | undefined,
  total: number | null | undefined,
  request: string,
) {
  const last = useRef<Loaded<T>>({ records: [], total: 0, request: '' });
  if (records && records !== last.current.records) {
    last.current = { records, total: total ?? records.length, request };
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
  const listName = props['aria-label'] ?? 'list';
  const [prefs, setPrefs] = useColumnPrefs(useListKey(listName));
  const [density, setDensity] = useDensity();
  const columns = applyColumnPrefs(props.columns, prefs);
  const request = list ? `${list.page}|${list.pageLimit}|${list.orderBy}|${list.direction}` : '';
  const last = useLastLoaded(records, total, request);
  // A failed call never shows another page's rows as the one asked for: they stay, dimmed and
  // labelled as the page from before, under the error and its Retry.
  const previous = !!error && last.request !== request && last.records.length > 0;
  const rows = error ? last.records : (records ?? []);
  const count = error ? last.total : records ? (total ?? records.length) : 0;
  const loaded = records !== null && records !== undefined;
  const empty = loaded && rows.length === 0 && !error;

  usePageClamp(list, records, total);

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

  const view = { ...props, columns, rows, idOf, open, toggle, density };
  const tools = (
    <ListTools density={phone ? null : density} onDensity={setDensity}>
      <ColumnChooser listName={listName} columns={columns} prefs={prefs} onChange={setPrefs} />
    </ListTools>
  );
  return (
    <Stack gap="xs">
      {error ? <ErrorAlert error={error} onRetry={onRetry} /> : null}
      {previous ? (
        <Text size="sm" c="dimmed" role="status">
          {`The rows below are ${previousName(last.request, list)} as loaded before, not the page asked for.`}
        </Text>
      ) : null}
      <Paper
        withBorder={!phone}
        radius="md"
        pos="relative"
        mih={rows.length > 0 ? undefined : minHeight}
        style={{ overflow: 'hidden' }}
      >
        <LoadingOverlay visible={!!fetching} zIndex={2} overlayProps={{ blur: 1, backgroundOpacity: 0.4 }} />
        <div className={previous ? classes.previous : undefined} inert={previous || undefined}>
          {phone ? <ListCards {...view} /> : <ListGrid {...view} />}
        </div>
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
            rows={previous ? 0 : rows.length}
            totalIsLowerBound={totalIsLowerBound}
            onPage={list.setPage}
            onPageLimit={list.setPageLimit}
            tools={tools}
          />
        ) : !phone ? (
          <Group px="xs" py={6}>
            {tools}
          </Group>
        ) : null}
      </Paper>
      {list && phone ? (
        <ListPager
          compact
          page={list.page}
          pageLimit={list.pageLimit}
          total={count}
          rows={previous ? 0 : rows.length}
          totalIsLowerBound={totalIsLowerBound}
          onPage={list.setPage}
          onPageLimit={list.setPageLimit}
          tools={tools}
        />
      ) : phone ? (
        tools
      ) : null}
    </Stack>
  );
}

/** The list's own controls beside the pager: the column chooser and (tables) the density toggle. */
function ListTools({
  density,
  onDensity,
  children,
}: {
  density: Density | null;
  onDensity: (d: Density) => void;
  children: ReactNode;
}) {
  const compact = density === 'compact';
  const label = 'Compact rows';
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      {density ? (
        <Tooltip label={label} events={{ hover: true, focus: true, touch: false }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={label}
            aria-pressed={compact}
            onClick={() => onDensity(compact ? 'comfortable' : 'compact')}
          >
            {compact ? <IconListDetails size={16} /> : <IconLayoutList size={16} />}
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** 'page 1' (or 'the rows in their earlier order') for the rows of an earlier request. */
function previousName(request: string, list: { page: number; pageLimit: number } | undefined): string {
  const [page, size] = request.split('|').map(Number);
  if (list && page === list.page && size === list.pageLimit) {
    return 'the rows in their earlier order';
  }
  return page !== undefined && Number.isFinite(page) ? `page ${page + 1}` : 'the earlier rows';
}

/**
 * A page past the end (an old link, '?page=9999') moves to the last page instead of showing none,
 * in place of the address asked for: Back then skips it rather than clamping forward again.
 */
function usePageClamp(
  list:
    | { page: number; pageLimit: number; setPage: (p: number, opts?: { replace?: boolean }) => void }
    | undefined,
  records: unknown[] | null | undefined,
  total: number | null | undefined,
) {
  const last = list && total ? Math.max(0, Math.ceil(total / list.pageLimit) - 1) : 0;
  const past = !!list && !!records && records.length === 0 && !!total && list.page > last;
  const setPage = list?.setPage;
  useEffect(() => {
    if (past && setPage) {
      setPage(last, { replace: true });
    }
  }, [past, last, setPage]);
}
