import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago in Japanese', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('たった今');
    expect(formatRelativeTime(ago(3 * 60_000), now)).toBe('3分前');
    expect(formatRelativeTime(ago(5 * 3_600_000 + 1), now)).toBe('5時間前');
    expect(formatRelativeTime(ago(2 * 86_400_000), now)).toBe('2日前');
  });

  it('gives the date after a week, and never a future time', () => {
    expect(formatRelativeTime(ago(10 * 86_400_000), now)).toMatch(/2026年4月30日/);
    expect(formatRelativeTime(ago(-60_000), now)).toBe('たった今');
  });
});
