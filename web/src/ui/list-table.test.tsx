import { MantineProvider } from '@mantine/core';
import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { ListTable } from './list-table';
import { useListState } from './use-list-state';

type Row = { id: number; name: string };

function renderTable(records: Row[] | undefined, total: number, totalIsLowerBound?: boolean) {
  const { result } = renderHook(() => useListState({ order_by: 'name', direction: 'asc' }));
  const view = render(
    <MantineProvider theme={theme}>
      <ListTable<Row, 'name'>
        aria-label="People"
        records={records}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        list={result.current}
        columns={[{ accessor: 'name', title: 'Name', sortable: true }]}
      />
    </MantineProvider>,
  );
  return { list: result, view };
}

describe('ListTable', () => {
  it("shows 'Sorry, no matching records found' when there are no rows", () => {
    renderTable([], 0);
    expect(screen.getByText('Sorry, no matching records found')).toBeTruthy();
  });

  it("says '1-2 of 10,000+' when the server counted up to its cap and more rows match", () => {
    const rows = [
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bo' },
    ];
    renderTable(rows, 10_000, true);
    expect(screen.getByText('1-2 of 10,000+')).toBeTruthy();
  });

  it('says the exact total without a plus otherwise', () => {
    renderTable([{ id: 1, name: 'Ann' }], 1);
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
  });
});
