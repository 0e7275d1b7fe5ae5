import { describe, expect, it } from 'vitest';
import { dateOnly } from './format';

describe('dateOnly', () => {
  it('shows a stored birth date as MM-DD-YYYY in any time zone', () => {
    expect(dateOnly('1990-04-05')).toBe('04-05-1990');
    expect(dateOnly(null)).toBe('');
  });
});
