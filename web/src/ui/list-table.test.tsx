import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { pagerText } from './list-pager';
import { ListTable } from './list-table';
import { useListState } from './use-list-state';

type Row = { id: number; name: string };

function People({
  records,
  total,
  error,
  totalIsLowerBound,
}: {
  records: Row[] | undefined;
  total: number;
  error?: Error;
  totalIsLowerBound?: boolean;
}) {
  const list = useListState<'name' | 'id'>({ order_by: 'id', direction: 'asc' });
  return (
    <>
      <span data-testid="address">{useLocation().search}</span>
      <ListTable<Row, 'name' | 'id'>
        aria-label="People"
        records={records}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        error={error}
        onRetry={() => {}}
        list={list}
        columns={[
          { accessor: 'name', title: 'Name', sortable: true },
          {
            accessor: 'edit',
            title: 'Action',
            actions: true,
            render: (r) => <button type="button">Edit {r.name}</button>,
          },
        ]}
      />
    </>
  );
}

function renderPeople(props: Parameters<typeof People>[0]) {
  const ui = (p: Parameters<typeof People>[0]) => (
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <People {...p} />
      </MemoryRouter>
    </MantineProvider>
  );
  const view = render(ui(props));
  return { rerender: (p: Parameters<typeof People>[0]) => view.rerender(ui(p)) };
}

const rows: Row[] = [
  { id: 1, name: 'Ann' },
  { id: 2, name: 'Bob' },
];

describe('ListTable', () => {
  it("shows 'Sorry, no matching records found' when there are no rows", () => {
    renderPeople({ records: [], total: 0 });
    expect(screen.getByText('Sorry, no matching records found')).toBeTruthy();
  });

  it('keeps the last rows when a later call fails, shows the error with a retry and no empty text', () => {
    const view = renderPeople({ records: rows, total: 2 });
    view.rerender({ records: undefined, total: 0, error: new Error('Server Error') });
    expect(screen.getByRole('alert').textContent).toContain('Server Error');
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Bob' })).toBeTruthy();
    expect(screen.queryByText('Sorry, no matching records found')).toBeNull();
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
  });

  it('sortable headers are buttons in a header with aria-sort; Enter and Space sort', async () => {
    renderPeople({ records: rows, total: 2 });
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    const button = screen.getByRole('button', { name: 'Name' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('address').textContent).toBe('?sort=name');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.keyboard(' ');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('address').textContent).toBe('?sort=name&dir=desc');
    // The action column is last and always there.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Action']);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ann' }));
  });
});

describe('ListTable pager', () => {
  it("says '1-2 of 10,000+' when the server counted up to its cap and more rows match", () => {
    renderPeople({ records: rows, total: 10_000, totalIsLowerBound: true });
    expect(screen.getByText('1-2 of 10,000+')).toBeTruthy();
  });

  it('says the exact total without a plus otherwise', () => {
    renderPeople({ records: [{ id: 1, name: 'Ann' }], total: 1 });
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
  });
});

describe('pagerText', () => {
  it('says the range and total, with a + when the total is only a lower bound', () => {
    expect(pagerText(11, 20, 57)).toBe('11-20 of 57');
    expect(pagerText(1, 10, 2345)).toBe('1-10 of 2,345');
    expect(pagerText(1, 10, 10000, true)).toBe('1-10 of 10,000+');
    expect(pagerText(1, 0, 0)).toBe('');
  });
});
