import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('groups digits by three with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(8804)).toBe('8,804');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('writes every whole number as the ja-JP number format does', () => {
    // A fixed walk over the orders of magnitude (no randomness), both signs.
    for (let value = 1; value < Number.MAX_SAFE_INTEGER / 7; value = value * 7 + 3) {
      expect(formatCount(value)).toBe(value.toLocaleString('ja-JP'));
      expect(formatCount(-value)).toBe((-value).toLocaleString('ja-JP'));
    }
  });

  it('leaves fractions to the platform', () => {
    expect(formatCount(1234.5)).toBe((1234.5).toLocaleString('ja-JP'));
  });
});
