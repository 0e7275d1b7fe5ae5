import 'mantine-datatable/styles.css';
import { TEXTS } from '@admin/contract';
import { DataTable, type DataTableColumn, type DataTableRowExpansionProps } from 'mantine-datatable';
import type { CSSProperties, MouseEvent } from 'react';
import type { ListState } from './use-list-state';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

export interface ListTableProps<T, O extends string = string> {
  columns: DataTableColumn<T>[];
  records: T[] | null | undefined;
  /** Total rows of the filtered list (from the server). */
  total: number | null | undefined;
  /** The server counted up to a cap and more rows match: the pager says '1-10 of 10,000+'. */
  totalIsLowerBound?: boolean;
  /** Loader over the table while a page loads. */
  fetching?: boolean;
  /** Paging and sorting state from useListState; omit for a table without paging. */
  list?: ListState<O>;
  idAccessor?: keyof T | ((record: T) => string | number);
  noRecordsText?: string;
  rowExpansion?: DataTableRowExpansionProps<T>;
  onRowClick?: (params: { record: T; index: number; event: MouseEvent }) => void;
  rowStyle?: (record: T, index: number) => CSSProperties | undefined;
  rowClassName?: (record: T, index: number) => string | undefined;
  minHeight?: number;
  /** Accessible name of the table. */
  'aria-label'?: string;
}

/**
 * The app's server-paged table (mantine-datatable): page from 0 (shown 1-based), rows per page
 * 10/25/50/100 resetting to page 0, sortable columns toggling direction, the spec's empty text,
 * a loader while fetching and horizontal scroll on phones.
 */
export function ListTable<T, O extends string = string>({
  columns,
  records,
  total,
  totalIsLowerBound,
  fetching,
  list,
  idAccessor,
  noRecordsText = TEXTS.noRecords,
  rowExpansion,
  onRowClick,
  rowStyle,
  rowClassName,
  minHeight = 180,
  'aria-label': ariaLabel,
}: ListTableProps<T, O>) {
  const paging = list
    ? {
        totalRecords: total ?? 0,
        recordsPerPage: list.pageLimit,
        page: list.page + 1,
        onPageChange: (p: number) => list.setPage(p - 1),
        recordsPerPageOptions: ROWS_PER_PAGE_OPTIONS,
        onRecordsPerPageChange: (n: number) => list.setPageLimit(n),
        recordsPerPageLabel: 'Rows per page',
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          totalRecords
            ? `${from}-${to} of ${totalRecords.toLocaleString('en-US')}${totalIsLowerBound ? '+' : ''}`
            : '',
        paginationWrapBreakpoint: 'sm' as const,
      }
    : {};
  const sorting = list
    ? {
        sortStatus: { columnAccessor: list.orderBy, direction: list.direction },
        onSortStatusChange: (s: { columnAccessor: unknown; direction: 'asc' | 'desc' }) =>
          list.setSort(String(s.columnAccessor) as O, s.direction),
      }
    : {};
  return (
    <DataTable<T>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalAlign="center"
      horizontalSpacing="md"
      minHeight={records && records.length > 0 ? undefined : minHeight}
      records={records ?? []}
      columns={columns}
      fetching={fetching}
      noRecordsText={noRecordsText}
      idAccessor={idAccessor as never}
      rowExpansion={rowExpansion}
      onRowClick={onRowClick}
      rowStyle={rowStyle}
      rowClassName={rowClassName}
      aria-label={ariaLabel}
      scrollAreaProps={{ type: 'auto' }}
      styles={{ table: { minWidth: 640 } }}
      {...(paging as object)}
      {...(sorting as object)}
    />
  );
}
