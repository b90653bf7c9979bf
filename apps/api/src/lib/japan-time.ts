/**
 * Japan time (JST, UTC+9 all year: Japan has no daylight saving). Dates a person sees (a stamp's
 * day) and the ranking periods (weeks from Monday 00:00, months from the 1st) are Japan dates
 * whatever the server's time zone.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The shifted clock: its UTC fields read as Japan's wall clock. */
const toWallClock = (at: Date) => new Date(at.getTime() + JST_OFFSET_MS);
const isoDate = (wall: Date) => wall.toISOString().slice(0, 10);

/** `YYYY-MM-DD` of the Japan day `at` falls on. */
export function japanDateOf(at: Date): string {
  return isoDate(toWallClock(at));
}

/** The Japan date of the Monday that starts `at`'s week. */
export function japanWeekStartOf(at: Date): string {
  const wall = toWallClock(at);
  const sinceMonday = (wall.getUTCDay() + 6) % 7;
  return isoDate(new Date(wall.getTime() - sinceMonday * DAY_MS));
}

/** The Japan date of the 1st of `at`'s month. */
export function japanMonthStartOf(at: Date): string {
  return `${japanDateOf(at).slice(0, 7)}-01`;
}

/** The start of the period before the one starting on `startsOn` (a week or a month). */
export function previousPeriodStart(period: 'week' | 'month', startsOn: string): string {
  const start = new Date(`${startsOn}T00:00:00Z`);
  if (period === 'week') return isoDate(new Date(start.getTime() - 7 * DAY_MS));
  start.setUTCMonth(start.getUTCMonth() - 1);
  return isoDate(start);
}
