import { describe, expect, it } from 'vitest';
import { ELLIPSIS, fitLine, widthOf, wrapLines } from './og-text.js';

describe('card text', () => {
  it('wraps Japanese anywhere but never starts a line with a closing mark', () => {
    const title = '駅前の夏祭り：盆踊りと屋台、花火大会のお知らせ（雨天決行）';
    for (const width of [600, 700, 800, 900, 1000]) {
      const lines = wrapLines(title, 76, width, 5);
      expect(lines.join('')).toBe(title);
      for (const line of lines) {
        expect(widthOf(line, 76)).toBeLessThanOrEqual(width);
        expect(line).not.toMatch(/^[、。）」：]/u);
      }
    }
  });

  it('keeps latin words whole where a line has room, and ends the last line with 「…」', () => {
    const lines = wrapLines('Yamanote Line station soba crawl around Tokyo', 60, 500, 2);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Yamanote Line\b/);
    expect(lines[0]!.endsWith(' ')).toBe(false);
    expect(lines[1]!.endsWith(ELLIPSIS)).toBe(true);
    expect(widthOf(lines[1]!, 60)).toBeLessThanOrEqual(500);
  });

  it('shrinks a long name down to its smallest size, then cuts it', () => {
    expect(fitLine('東京', 128, 500)).toEqual({ text: '東京', size: 128 });
    const shrunk = fitLine('南阿蘇水の生まれる里白水高原', 128, 500, 64);
    expect(shrunk.size).toBe(64);
    expect(shrunk.text.endsWith(ELLIPSIS)).toBe(true);
    expect(widthOf(shrunk.text, 64)).toBeLessThanOrEqual(500);
    const fitted = fitLine('京都河原町', 128, 500, 64);
    expect(fitted.size).toBeLessThan(128);
    expect(fitted.text).toBe('京都河原町');
  });
});
