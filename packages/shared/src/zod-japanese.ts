import type { z } from 'zod';

/**
 * Our Japanese messages for zod's default errors, the same in the browser and the API
 * (docs/conventions.md#validation-messages). A schema that names its own message keeps it;
 * these cover what a schema leaves to zod: a missing value, a length, a range, a format.
 * Sentences are written as a form speaks to the person filling it in (「…を入力してください。」),
 * numbers with separators, dates as 2026年11月26日 in Japan time.
 */

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_WORDS: Record<string, string> = {
  string: '文字',
  number: '数値',
  int: '整数',
  bigint: '整数',
  boolean: 'はい・いいえ',
  date: '日付',
  array: '一覧',
  object: '項目のまとまり',
  file: 'ファイル',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'メールアドレス',
  url: 'URL',
  uuid: 'ID',
  uuidv4: 'ID',
  uuidv7: 'ID',
  guid: 'ID',
  datetime: '日時',
  date: '日付',
  time: '時刻',
  ipv4: 'IPアドレス',
  ipv6: 'IPアドレス',
  emoji: '絵文字',
  jwt: 'トークン',
};

// Made on first use: a formatter with a time zone costs a page's start-up some milliseconds.
let japanDayFormat: Intl.DateTimeFormat | undefined;
const japanDay = () =>
  (japanDayFormat ??= new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }));

/** A day as Japanese write it, in Japan time: 2026年12月3日. */
export function formatJapanDate(value: Date | string): string {
  return japanDay().format(typeof value === 'string' ? new Date(value) : value);
}

function amount(value: number | bigint | Date): string {
  if (value instanceof Date) return japanDay().format(value);
  return typeof value === 'bigint' ? value.toLocaleString('ja-JP') : value.toLocaleString('ja-JP');
}

/** What a count of this origin is counted in: 文字, 件, バイト. */
function unitOf(origin: string): string | null {
  if (origin === 'string') return '文字';
  if (origin === 'array' || origin === 'set' || origin === 'map') return '件';
  if (origin === 'file') return 'バイト';
  return null;
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const limit = issue.minimum;
  const unit = unitOf(issue.origin);
  if (issue.origin === 'string' && Number(limit) <= 1 && issue.inclusive !== false)
    return '値を入力してください。';
  if (issue.origin === 'date')
    return `${amount(new Date(Number(limit)))}${issue.inclusive ? '以降' : 'より後'}の日付を入力してください。`;
  if (unit === '文字')
    return issue.exact
      ? `${amount(limit)}文字で入力してください。`
      : `${amount(limit)}文字以上で入力してください。`;
  if (unit)
    return issue.exact
      ? `${amount(limit)}${unit}にしてください。`
      : `${amount(limit)}${unit}以上にしてください。`;
  // 「1以上の値」 but 「0より大きい値」: an adjective takes no の.
  return `${amount(limit)}${issue.inclusive ? '以上の' : 'より大きい'}値を入力してください。`;
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const limit = issue.maximum;
  const unit = unitOf(issue.origin);
  if (issue.origin === 'date')
    return `${amount(new Date(Number(limit)))}${issue.inclusive ? '以前' : 'より前'}の日付を入力してください。`;
  if (unit === '文字')
    return issue.exact
      ? `${amount(limit)}文字で入力してください。`
      : `${amount(limit)}文字以内で入力してください。`;
  if (unit)
    return issue.exact
      ? `${amount(limit)}${unit}にしてください。`
      : `${amount(limit)}${unit}以内にしてください。`;
  return `${amount(limit)}${issue.inclusive ? '以下' : '未満'}の値を入力してください。`;
}

function listed(values: readonly unknown[]): string {
  return values.map((value) => (typeof value === 'string' ? value : String(value))).join('、');
}

export const japaneseErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return '値を入力してください。';
      const word = TYPE_WORDS[issue.expected];
      return word ? `${word}で入力してください。` : '入力の形式が正しくありません。';
    }
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format': {
      const word = FORMAT_WORDS[issue.format];
      return word ? `正しい${word}を入力してください。` : '入力の形式が正しくありません。';
    }
    case 'not_multiple_of':
      return `${amount(Number(issue.divisor))}の倍数で入力してください。`;
    case 'invalid_value':
      if (issue.values.length === 1) return `${listed(issue.values)}を指定してください。`;
      return issue.values.length <= 5
        ? `${listed(issue.values)}のいずれかを指定してください。`
        : '選択肢の中から選んでください。';
    case 'unrecognized_keys':
      return `使えない項目が含まれています（${issue.keys.join('、')}）。`;
    default:
      return '入力内容に誤りがあります。';
  }
};

/** `z.config(japaneseLocale())`: our messages as zod's locale. */
export function japaneseLocale(): { localeError: z.core.$ZodErrorMap } {
  return { localeError: japaneseErrorMap };
}
