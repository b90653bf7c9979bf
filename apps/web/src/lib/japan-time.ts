/**
 * Dates in Japan time, wherever the reader is: posts are about places in Japan. Shown as
 * 「2026年5月1日(金) 10:00」, and entered in `<input type="datetime-local">`, which has no
 * time zone: the forms read it as Japan time (UTC+9 all year, no summer time) and the API
 * gets ISO 8601 with the offset (`2026-05-01T10:00:00+09:00`).
 */

const JAPAN_OFFSET = '+09:00';
const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export type EventStatus = 'upcoming' | 'ongoing' | 'ended';

interface JapanDateParts {
  year: string;
  month: string;
  day: string;
  weekday: string;
  time: string;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/**
 * The calendar fields of an instant in Japan time. Japan keeps UTC+9 all year, so the fields
 * are the UTC fields nine hours on; no `Intl` formatter, whose first use with a time zone costs
 * a phone tens of milliseconds while the page starts.
 */
function japanParts(date: Date): JapanDateParts {
  const japan = new Date(date.getTime() + JAPAN_OFFSET_MS);
  return {
    year: String(japan.getUTCFullYear()),
    month: String(japan.getUTCMonth() + 1),
    day: String(japan.getUTCDate()),
    weekday: WEEKDAYS[japan.getUTCDay()] ?? '',
    time: `${pad(japan.getUTCHours())}:${pad(japan.getUTCMinutes())}`,
  };
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const fullDate = (p: JapanDateParts) => `${p.year}年${p.month}月${p.day}日(${p.weekday})`;
const monthDay = (p: JapanDateParts) => `${p.month}月${p.day}日(${p.weekday})`;

/** 「2026年5月1日(金) 10:00」 in Japan time. */
export function formatJapanDateTime(value: string): string {
  const date = parseDate(value);
  if (!date) return '';
  const parts = japanParts(date);
  return `${fullDate(parts)} ${parts.time}`;
}

/** 「2026年5月1日(金)」 in Japan time. */
export function formatJapanDate(value: string): string {
  const date = parseDate(value);
  return date ? fullDate(japanParts(date)) : '';
}

/** 「2026年5月1日」 in Japan time, without the weekday. */
export function formatJapanDay(value: string): string {
  const date = parseDate(value);
  if (!date) return '';
  const { year, month, day } = japanParts(date);
  return `${year}年${month}月${day}日`;
}

/**
 * An event's period in Japan time, as short as stays unambiguous:
 * 「2026年5月1日(金) 10:00〜18:00」, 「2026年5月1日(金) 10:00〜5月3日(日) 18:00」,
 * 「2026年12月31日(木) 22:00〜2027年1月1日(金) 02:00」; without an end, 「2026年5月1日(金) 10:00〜」.
 */
export function formatEventPeriod(startsAt: string | null, endsAt: string | null): string {
  const start = parseDate(startsAt);
  if (!start) return '';
  const from = japanParts(start);
  const head = `${fullDate(from)} ${from.time}〜`;
  const end = parseDate(endsAt);
  if (!end) return head;
  const to = japanParts(end);
  if (to.year !== from.year) return `${head}${fullDate(to)} ${to.time}`;
  if (to.month !== from.month || to.day !== from.day) return `${head}${monthDay(to)} ${to.time}`;
  return `${head}${to.time}`;
}

/** 「2026年5月1日(金) 10:00〜」: when an event starts, for lists with little room. */
export function formatEventStart(startsAt: string | null): string {
  return formatEventPeriod(startsAt, null);
}

/** The end of the Japan-time day that `date` falls on. */
function endOfJapanDay(date: Date): Date {
  const { year, month, day } = japanParts(date);
  // Japan has no daylight saving time: its midnight is always 15:00 UTC of the day before.
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 1) - JAPAN_OFFSET_MS);
}

/**
 * 開催予定 before the start, 開催中 until the end, 終了 after it. An event without an end runs
 * until the end of its start day (Japan time).
 */
export function eventStatus(
  startsAt: string | null,
  endsAt: string | null,
  now: Date = new Date(),
): EventStatus | null {
  const start = parseDate(startsAt);
  if (!start) return null;
  const end = parseDate(endsAt) ?? endOfJapanDay(start);
  if (now.getTime() < start.getTime()) return 'upcoming';
  if (now.getTime() < end.getTime()) return 'ongoing';
  return 'ended';
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function readLocalParts(value: string): LocalParts | null {
  const match = LOCAL_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  ) {
    return null;
  }
  // Date.UTC rolls 2月30日 over to 3月2日: a real date gives back the same fields.
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return real ? { year, month, day, hour, minute, second } : null;
}

/** Whether a datetime-local value names a real date and time. */
export function isJapanLocalDateTime(value: string): boolean {
  return readLocalParts(value) !== null;
}

/** `2026-05-01T10:00` (Japan time) → `2026-05-01T10:00:00+09:00`; null when not a real time. */
export function japanLocalToIso(value: string): string | null {
  const parts = readLocalParts(value);
  if (!parts) return null;
  const { year, month, day, hour, minute, second } = parts;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${JAPAN_OFFSET}`;
}

/** The instant a datetime-local value (Japan time) names, in epoch milliseconds. */
export function japanLocalToEpoch(value: string): number | null {
  const parts = readLocalParts(value);
  if (!parts) return null;
  const { year, month, day, hour, minute, second } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second) - JAPAN_OFFSET_MS;
}

/** Any ISO 8601 instant (`…Z`, `…+09:00`) → the datetime-local value in Japan time. */
export function isoToJapanLocal(iso: string | null): string {
  if (!iso) return '';
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch)) return '';
  return new Date(epoch + JAPAN_OFFSET_MS).toISOString().slice(0, 16);
}
