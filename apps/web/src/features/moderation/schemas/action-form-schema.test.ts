import { describe, expect, it } from 'vitest';
import { actionFormSchema } from './action-form-schema';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('actionFormSchema', () => {
  it('trims the reason and leaves the days out of other actions', () => {
    expect(
      actionFormSchema('hide').parse({
        reason: '  宣伝です ',
        suspend_days: 'x',
        indefinite: false,
      }),
    ).toEqual({ reason: '宣伝です', suspend_days: undefined });
  });

  it('reads the days of a suspension, or null for 無期限', () => {
    const schema = actionFormSchema('suspend');
    expect(schema.parse({ reason: '荒らし', suspend_days: ' 30 ', indefinite: false })).toEqual({
      reason: '荒らし',
      suspend_days: 30,
    });
    expect(schema.parse({ reason: '荒らし', suspend_days: '', indefinite: true })).toEqual({
      reason: '荒らし',
      suspend_days: null,
    });
  });

  it('asks for a reason and for days (or 無期限) at once', () => {
    const result = actionFormSchema('suspend').safeParse({
      reason: ' ',
      suspend_days: '',
      indefinite: false,
    });
    expect(issues(result)).toEqual([
      ['reason', '理由を入力してください。'],
      ['suspend_days', '停止する日数を入力するか、無期限を選んでください。'],
    ]);
  });

  it('refuses days that are not a whole number from 1', () => {
    const schema = actionFormSchema('suspend');
    for (const [days, message] of [
      ['abc', '停止する日数は数字で入力してください。'],
      ['1.5', '停止する日数は整数で入力してください。'],
      ['0', '停止する日数は1日以上にしてください。'],
    ]) {
      const result = schema.safeParse({ reason: 'x', suspend_days: days, indefinite: false });
      expect(issues(result), days).toEqual([['suspend_days', message]]);
    }
  });
});
