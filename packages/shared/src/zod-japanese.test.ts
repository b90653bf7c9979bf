import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { japaneseErrorMap } from './zod-japanese.js';

/** The message zod gives for `value` under our map alone. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value, { error: japaneseErrorMap }).error?.issues[0]?.message;
}

describe('Japanese validation messages', () => {
  it('asks for a missing value and names types in Japanese', () => {
    expect(messageOf(z.object({ title: z.string() }), {})).toBe('値を入力してください。');
    expect(messageOf(z.string().min(1), '')).toBe('値を入力してください。');
    expect(messageOf(z.number(), 'x')).toBe('数値で入力してください。');
    expect(messageOf(z.string(), 3)).toBe('文字で入力してください。');
  });

  it('gives lengths in characters and counts in 件, exact ones too', () => {
    expect(messageOf(z.string().min(8), 'abc')).toBe('8文字以上で入力してください。');
    expect(messageOf(z.string().max(30), 'x'.repeat(31))).toBe('30文字以内で入力してください。');
    expect(messageOf(z.string().length(7), 'abc')).toBe('7文字で入力してください。');
    expect(messageOf(z.array(z.string()).length(2), ['a'])).toBe('2件にしてください。');
    expect(messageOf(z.array(z.string()).max(10), Array(11).fill('a'))).toBe(
      '10件以内にしてください。',
    );
    expect(messageOf(z.number().max(1000), 5000)).toBe('1,000以下の値を入力してください。');
  });

  it('writes date limits as Japanese days, not milliseconds', () => {
    const limit = new Date('2026-11-26T00:00:00+09:00');
    expect(messageOf(z.date().min(limit), new Date('2026-01-01T00:00:00+09:00'))).toBe(
      '2026年11月26日以降の日付を入力してください。',
    );
    expect(messageOf(z.date().max(limit), new Date('2027-01-01T00:00:00+09:00'))).toBe(
      '2026年11月26日以前の日付を入力してください。',
    );
  });

  it('names formats and choices', () => {
    expect(messageOf(z.email(), 'not-mail')).toBe('正しいメールアドレスを入力してください。');
    expect(messageOf(z.url(), 'nope')).toBe('正しいURLを入力してください。');
    expect(messageOf(z.enum(['spot', 'event']), 'x')).toBe(
      'spot、eventのいずれかを指定してください。',
    );
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe(
      '使えない項目が含まれています（extra）。',
    );
  });

  it('leaves a schema’s own message alone', () => {
    expect(messageOf(z.string().min(1, 'タイトルを入力してください。'), '')).toBe(
      'タイトルを入力してください。',
    );
  });
});
