import { MantineProvider } from '@mantine/core';
import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { ListTable } from './list-table';
import { useListState } from './use-list-state';

type Row = { id: number; name: string };

function renderTable(records: Row[] | undefined, total: number) {
  const { result } = renderHook(() => useListState({ order_by: 'name', direction: 'asc' }));
  const view = render(
    <MantineProvider theme={theme}>
      <ListTable<Row, 'name'>
        aria-label="People"
        records={records}
        total={total}
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
});
