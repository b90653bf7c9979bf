import { REPORT_OVERDUE_DAYS, REPORT_TARGET_LABELS } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { japanDateOf } from '../../lib/japan-time.js';
import {
  createPollingWorker,
  type PollingWorker,
  type WorkerLogger,
} from '../../lib/polling-worker.js';
import { enqueueMail, type MailContent } from '../mail/mail-outbox.service.js';
import * as repository from './moderation-digest.repository.js';
import { plainMail } from './takedown-mails.js';

/**
 * The moderators' daily digest (docs/moderation.md#daily-digest): once per Japan day, from 09:00
 * JST, when reports or takedown requests are open, each moderator is mailed the counts, the
 * overdue ones and the way to the queue. Every instance runs the check; the day's row in
 * moderation_digests, inserted in the transaction that queues the mails, lets one of them send.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const JST_OFFSET_MS = 9 * HOUR_MS;
/** The digest is not sent before this hour of the Japan day. */
export const DIGEST_HOUR_JST = 9;
/** Overdue items listed by name in the mail; the rest are counted. */
const LISTED_MAX = 10;

export type DigestResult =
  | { sent: number; day: string }
  | { sent: 0; skipped: 'before-hour' | 'nothing-open' | 'already-sent' };

export interface DigestDeps {
  db: Database;
  publicUrl: string;
}

interface DigestContent {
  day: string;
  reports: repository.OpenReportTotals;
  overdueReports: repository.OverdueReportItem[];
  takedowns: { open: number; overdue: number };
  overdueTakedowns: { id: string; url: string; confirmedAt: Date | null }[];
}

const daysSince = (since: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));

/** `2026-11-26` as 「11月26日」. */
function dayLabel(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${Number(month)}月${Number(date)}日`;
}

function moreLine(listed: number, total: number): string[] {
  return total > listed ? [`ほか${total - listed}件`] : [];
}

function digestMail(
  name: string,
  content: DigestContent,
  now: Date,
  publicUrl: string,
): MailContent {
  const { reports, takedowns } = content;
  const blocks = [
    `${dayLabel(content.day)}時点で、運営の対応を待っているものをお知らせします。`,
    `報告：${reports.items}件の対象に${reports.reports}件（うち${REPORT_OVERDUE_DAYS}日以上待っているもの ${reports.overdueItems}件）\n` +
      `削除の申し出：${takedowns.open}件（うち${REPORT_OVERDUE_DAYS}日以上待っているもの ${takedowns.overdue}件）`,
  ];
  if (content.overdueReports.length > 0)
    blocks.push(
      [
        `${REPORT_OVERDUE_DAYS}日以上対応を待っている報告：`,
        ...content.overdueReports.map(
          (item) =>
            `・${REPORT_TARGET_LABELS[item.kind]}（報告${item.reports}件、${daysSince(item.firstAt, now)}日）`,
        ),
        ...moreLine(content.overdueReports.length, reports.overdueItems),
      ].join('\n'),
    );
  if (content.overdueTakedowns.length > 0)
    blocks.push(
      [
        `${REPORT_OVERDUE_DAYS}日以上対応を待っている削除の申し出：`,
        ...content.overdueTakedowns.map(
          (request) =>
            `・${request.url}（${request.confirmedAt ? daysSince(request.confirmedAt, now) : 0}日）`,
        ),
        ...moreLine(content.overdueTakedowns.length, takedowns.overdue),
      ].join('\n'),
    );
  return plainMail(
    `【えきスポ】対応待ち：報告${reports.reports}件・削除の申し出${takedowns.open}件（${dayLabel(content.day)}）`,
    `${name.replace(/\s+/g, ' ').trim()} さん`,
    [
      ...blocks,
      { link: `${publicUrl}/moderation`, label: 'モデレーション画面を開く' },
      'このメールは、えきスポのモデレーターの方に毎日お送りしています。対応を待っているものがない日は送られません。',
    ],
  );
}

/**
 * Queues the day's digest to every moderator when it is due: after 09:00 JST, something open,
 * and no instance has sent it this Japan day. `now` is the clock (tests move it).
 */
export async function sendModerationDigest(
  deps: DigestDeps,
  now: Date = new Date(),
): Promise<DigestResult> {
  const wall = new Date(now.getTime() + JST_OFFSET_MS);
  if (wall.getUTCHours() < DIGEST_HOUR_JST) return { sent: 0, skipped: 'before-hour' };
  const day = japanDateOf(now);
  if (await repository.isDigestDayClaimed(deps.db, day))
    return { sent: 0, skipped: 'already-sent' };
  const overdueAt = new Date(now.getTime() - REPORT_OVERDUE_DAYS * DAY_MS);
  const [reports, takedowns] = await Promise.all([
    repository.countOpenReports(deps.db, overdueAt),
    repository.countOpenTakedowns(deps.db, overdueAt),
  ]);
  // Nothing waits: the day stays unclaimed, so something opened later today is still told.
  if (reports.items === 0 && takedowns.open === 0) return { sent: 0, skipped: 'nothing-open' };
  const [overdueReports, overdueTakedowns] = await Promise.all([
    repository.findOverdueReportItems(deps.db, overdueAt, LISTED_MAX),
    repository.findOverdueTakedowns(deps.db, overdueAt, LISTED_MAX),
  ]);
  const content = { day, reports, overdueReports, takedowns, overdueTakedowns };
  return deps.db.transaction(async (tx): Promise<DigestResult> => {
    if (!(await repository.claimDigestDay(tx, day))) return { sent: 0, skipped: 'already-sent' };
    const moderators = await repository.findModeratorAddresses(tx);
    for (const moderator of moderators)
      await enqueueMail(tx, {
        to: moderator.email,
        ...digestMail(moderator.name, content, now, deps.publicUrl),
      });
    return { sent: moderators.length, day };
  });
}

/**
 * Checks every `intervalMs` whether the digest is due (lib/polling-worker.ts); server.ts starts
 * it beside the mail worker, whose outbox then sends what it queued.
 */
export function createModerationDigestWorker(options: {
  db: Database;
  publicUrl: string;
  log: WorkerLogger;
  intervalMs: number;
  clock?: () => Date;
}): PollingWorker<DigestResult> {
  const clock = options.clock ?? (() => new Date());
  return createPollingWorker({
    name: 'moderation digest',
    intervalMs: options.intervalMs,
    log: options.log,
    drain: () => sendModerationDigest(options, clock()),
  });
}
