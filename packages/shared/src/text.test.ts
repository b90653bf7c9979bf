import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, countLinks, textSchema } from './text.js';

describe('textSchema', () => {
  const line = textSchema().trim().max(10);
  const multi = textSchema({ multiline: true });

  it('accepts Japanese, emoji and, in multi-line text, line breaks and tabs', () => {
    expect(line.parse(' 東京駅🚃 ')).toBe('東京駅🚃');
    expect(multi.parse('一行目\n二行目\r\n\t三行目')).toBe('一行目\n二行目\r\n\t三行目');
  });

  it('refuses NUL, other control characters and lone surrogates with a Japanese message', () => {
    for (const value of ['a\u0000b', 'a\u0007', '\u001b[31m', 'a\u007f', '\ud800x', 'x\udc00']) {
      const result = multi.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
    expect(line.safeParse('一行目\n二行目').success).toBe(false);
  });
});

describe('countLinks', () => {
  it('counts web addresses, with or without a scheme, and nothing else', () => {
    expect(countLinks('詳しくは https://example.jp/a と http://b.example を')).toBe(2);
    expect(countLinks('www.example.jp、または「https://example.jp」')).toBe(2);
    expect(countLinks('メールは info@example.jp まで。時刻は10:30')).toBe(0);
  });
});
