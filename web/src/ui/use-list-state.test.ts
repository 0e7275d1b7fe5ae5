import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListState } from './use-list-state';

describe('useListState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at page 0 with 10 rows and the default sort', () => {
    const { result } = renderHook(() => useListState({ order_by: 'name', direction: 'asc' }));
    expect(result.current.params).toEqual({ page: 0, page_limit: 10, order_by: 'name', direction: 'asc' });
  });

  it('sends the search 1000 ms after the last key and goes back to page 0', () => {
    const { result } = renderHook(() => useListState({ order_by: 'name', direction: 'asc' }));
    act(() => result.current.setPage(3));
    act(() => result.current.setSearch('an'));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(() => result.current.setSearch('ann'));
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(result.current.params.query).toBeUndefined();
    expect(result.current.search).toBe('ann');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.params).toMatchObject({ query: 'ann', page: 0 });
  });

  it('resets the page when rows per page change and toggles the direction on the same column', () => {
    const { result } = renderHook(() =>
      useListState<'name' | 'created_at'>({ order_by: 'name', direction: 'asc' }),
    );
    act(() => result.current.setPage(2));
    act(() => result.current.setPageLimit(25));
    expect(result.current.params).toMatchObject({ page: 0, page_limit: 25 });
    act(() => result.current.toggleSort('name'));
    expect(result.current.params.direction).toBe('desc');
    act(() => result.current.toggleSort('name'));
    expect(result.current.params.direction).toBe('asc');
    act(() => result.current.toggleSort('created_at'));
    expect(result.current.params).toMatchObject({ order_by: 'created_at', direction: 'asc' });
  });
});
