import { describe, expect, it } from 'vitest';
import type { ListColumn } from './list-columns';
import { applyColumnPrefs, moveColumn } from './list-prefs';

const cols: ListColumn<unknown>[] = [
  { accessor: 'a' },
  { accessor: 'b' },
  { accessor: 'c', hidden: true },
  { accessor: 'act', actions: true },
];

describe('column choices', () => {
  it('orders and shows/hides as chosen, keeps the actions last', () => {
    const out = applyColumnPrefs(cols, { order: ['c', 'b', 'a'], visible: { c: true, a: false } });
    expect(out.map((c) => [c.accessor, !!c.hidden])).toEqual([
      ['c', false],
      ['b', false],
      ['a', true],
      ['act', false],
    ]);
  });

  it('leaves the defaults alone without choices', () => {
    expect(applyColumnPrefs(cols, { order: [], visible: {} })).toEqual(cols);
  });

  it('moves one column a step and never past the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
