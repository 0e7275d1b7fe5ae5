import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ListStateOptions, useFilterText, useListState } from './use-list-state';

/** The hook at `url`, with the address it writes (`search`). */
function renderList<O extends string>(options: ListStateOptions<O>, url = '/list') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const list = useListState(options);
      return { list, search: useLocation().search };
    },
    { wrapper },
  );
}

describe('useListState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at page 0 with 10 rows and the default sort, with a clean address', () => {
    const { result } = renderList({ order_by: 'name', direction: 'asc' });
    expect(result.current.list.params).toEqual({
      page: 0,
      page_limit: 10,
      order_by: 'name',
      direction: 'asc',
    });
    expect(result.current.search).toBe('');
  });

  it('sends the search 1000 ms after the last key, goes back to page 0 and writes q to the address', () => {
    const { result } = renderList({ order_by: 'name', direction: 'asc' });
    act(() => result.current.list.setPage(3));
    expect(result.current.search).toBe('?page=4');
    act(() => result.current.list.setSearch('an'));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(() => result.current.list.setSearch('ann'));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.list.params.query).toBeUndefined();
    expect(result.current.list.search).toBe('ann');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.list.params).toMatchObject({ query: 'ann', page: 0 });
    expect(result.current.search).toBe('?q=ann');
  });

  it('resets the page when rows per page change and toggles the direction on the same column', () => {
    const { result } = renderList<'name' | 'created_at'>({ order_by: 'name', direction: 'asc' });
    act(() => result.current.list.setPage(2));
    act(() => result.current.list.setPageLimit(25));
    expect(result.current.list.params).toMatchObject({ page: 0, page_limit: 25 });
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.params.direction).toBe('desc');
    act(() => result.current.list.toggleSort('name'));
    expect(result.current.list.params.direction).toBe('asc');
    act(() => result.current.list.toggleSort('created_at'));
    expect(result.current.list.params).toMatchObject({ order_by: 'created_at', direction: 'asc' });
    expect(result.current.search).toBe('?size=25&sort=created_at');
  });

  it('restores page, size, sort, direction, search and filters from a pasted address', () => {
    const { result } = renderList(
      { order_by: 'name', direction: 'asc', filters: { type: '', status: 'All' } },
      '/list?page=3&size=25&sort=created_at&dir=desc&q=ann&type=video',
    );
    expect(result.current.list.params).toEqual({
      query: 'ann',
      page: 2,
      page_limit: 25,
      order_by: 'created_at',
      direction: 'desc',
    });
    expect(result.current.list.search).toBe('ann');
    expect(result.current.list.filters).toEqual({ type: 'video', status: 'All' });
  });

  it('ignores nonsense in the address', () => {
    const { result } = renderList({ order_by: 'name', direction: 'asc' }, '/list?page=-2&size=7&dir=up');
    expect(result.current.list.params).toEqual({
      page: 0,
      page_limit: 10,
      order_by: 'name',
      direction: 'asc',
    });
  });

  it('a filter goes back to page 0 in one change and leaves defaults out of the address', () => {
    const { result } = renderList({ order_by: 'name', direction: 'asc', filters: { status: 'All' } });
    act(() => result.current.list.setPage(4));
    act(() => result.current.list.setFilters({ status: 'Active' }));
    expect(result.current.search).toBe('?status=Active');
    expect(result.current.list.page).toBe(0);
    act(() => result.current.list.setFilters({ status: null }));
    expect(result.current.search).toBe('');
    expect(result.current.list.filters.status).toBe('All');
  });

  it('prefixes its keys with urlKey, and keeps them in memory with urlKey false', () => {
    const a = renderList({ order_by: 'name', direction: 'asc', urlKey: 'viewed' });
    act(() => a.result.current.list.setPage(1));
    expect(a.result.current.search).toBe('?viewed_page=2');
    const b = renderList({ order_by: 'name', direction: 'asc', urlKey: false });
    act(() => b.result.current.list.setPage(1));
    expect(b.result.current.list.page).toBe(1);
    expect(b.result.current.search).toBe('');
  });

  it('useFilterText types at once and filters 1000 ms later', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/list?page=2']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => {
        const list = useListState({ order_by: 'name', direction: 'asc', filters: { keyword: '' } });
        const [text, setText] = useFilterText(list, 'keyword');
        return { list, text, setText, search: useLocation().search };
      },
      { wrapper },
    );
    act(() => result.current.setText('acme '));
    expect(result.current.text).toBe('acme ');
    expect(result.current.list.filters.keyword).toBe('');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.list.filters.keyword).toBe('acme');
    expect(result.current.search).toBe('?keyword=acme');
  });
});
