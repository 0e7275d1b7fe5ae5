import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ROWS_PER_PAGE_OPTIONS } from './use-list-state';

/**
 * '11-20 of 57'; when the server only counted up to a cap (`lowerBound`), '1-10 of 1,000+'.
 * Empty when there is nothing to count.
 */
export function pagerText(from: number, to: number, total: number, lowerBound = false): string {
  if (!total) {
    return '';
  }
  return `${from}-${to} of ${total.toLocaleString('en-US')}${lowerBound ? '+' : ''}`;
}

/** Range text, rows per page and page buttons under a list (pages from 0, shown from 1). */
export function ListPager({
  page,
  pageLimit,
  total,
  rows,
  totalIsLowerBound,
  onPage,
  onPageLimit,
  compact,
  tools,
}: {
  page: number;
  pageLimit: number;
  total: number;
  /** Rows on this page. */
  rows: number;
  totalIsLowerBound?: boolean;
  onPage: (page: number) => void;
  onPageLimit: (limit: number) => void;
  /** Phones: fewer page buttons. */
  compact?: boolean;
  /** The list's own controls (columns, density), at the start of the row. */
  tools?: ReactNode;
}) {
  const sizeId = useId();
  const from = page * pageLimit + 1;
  const pages = Math.max(1, Math.ceil(total / pageLimit));
  return (
    <Group justify="space-between" gap="sm" px="xs" py={8} wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        {tools}
        <Text size="sm" c="dimmed" aria-live="polite">
          {rows > 0 ? pagerText(from, from + rows - 1, total, totalIsLowerBound) : ''}
        </Text>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={sizeId}>
            Rows per page
          </Text>
          <NativeSelect
            id={sizeId}
            size="xs"
            data={ROWS_PER_PAGE_OPTIONS.map(String)}
            value={String(pageLimit)}
            onChange={(e) => onPageLimit(Number(e.currentTarget.value))}
          />
        </Group>
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page + 1, pages)}
          onChange={(p) => onPage(p - 1)}
          siblings={compact ? 0 : 1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label': {
              previous: 'Previous page',
              next: 'Next page',
              first: 'First page',
              last: 'Last page',
            }[control],
          })}
        />
      </Group>
    </Group>
  );
}
