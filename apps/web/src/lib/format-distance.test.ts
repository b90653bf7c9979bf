import { describe, expect, it } from 'vitest';
import { formatDistance } from './format-distance';

describe('formatDistance', () => {
  it('formats metres and kilometres', () => {
    expect(formatDistance(452)).toBe('450m');
    expect(formatDistance(3)).toBe('10m');
    expect(formatDistance(996)).toBe('1.0km');
    expect(formatDistance(1234)).toBe('1.2km');
    expect(formatDistance(15_400)).toBe('15km');
  });
});
