import { messages } from '../../../config/messages';
import { formatJapanDate } from '../../../lib/japan-time';

const text = messages.notifications;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 「たった今」「3分前」「5時間前」「2日前」, then the date (Japan time) after a week. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return text.justNow;
  if (elapsed < HOUR) return text.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return text.hoursAgo(Math.floor(elapsed / HOUR));
  if (elapsed < 7 * DAY) return text.daysAgo(Math.floor(elapsed / DAY));
  return formatJapanDate(iso);
}
