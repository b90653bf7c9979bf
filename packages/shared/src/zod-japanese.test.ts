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
  });

  it.each([
    ['positive', z.number().positive(), 0, '0より大きい値を入力してください。'],
    ['gt', z.number().gt(1.5), 1, '1.5より大きい値を入力してください。'],
    ['nonnegative', z.number().nonnegative(), -1, '0以上の値を入力してください。'],
    ['min', z.number().min(1), 0, '1以上の値を入力してください。'],
    ['negative', z.number().negative(), 0, '0未満の値を入力してください。'],
    ['lt', z.number().lt(10), 10, '10未満の値を入力してください。'],
    ['nonpositive', z.number().nonpositive(), 1, '0以下の値を入力してください。'],
    ['max', z.number().max(1000), 5000, '1,000以下の値を入力してください。'],
    ['int', z.number().int(), 1.5, '整数で入力してください。'],
    ['multipleOf', z.number().multipleOf(5), 7, '5の倍数で入力してください。'],
    ['array min', z.array(z.string()).min(1), [], '1件以上にしてください。'],
  ] as const)('words the number rule %s naturally', (_rule, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
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
    expect(messageOf(z.enum(['spot']), 'x')).toBe('spotを指定してください。');
    expect(messageOf(z.enum(['a', 'b', 'c', 'd', 'e', 'f']), 'x')).toBe(
      '選択肢の中から選んでください。',
    );
    expect(messageOf(z.uuid(), 'x')).toBe('正しいIDを入力してください。');
    expect(messageOf(z.iso.datetime(), 'x')).toBe('正しい日時を入力してください。');
    expect(messageOf(z.string().regex(/^a/), 'b')).toBe('入力の形式が正しくありません。');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe(
      '使えない項目が含まれています（extra）。',
    );
  });

  it('says something is wrong where no rule names the fault (a union, a refinement)', () => {
    expect(messageOf(z.union([z.string(), z.number()]), true)).toBe('入力内容に誤りがあります。');
    expect(
      messageOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('入力内容に誤りがあります。');
  });

  it('leaves a schema’s own message alone', () => {
    expect(messageOf(z.string().min(1, 'タイトルを入力してください。'), '')).toBe(
      'タイトルを入力してください。',
    );
  });
});
