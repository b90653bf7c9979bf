import {
  REPORT_OVERDUE_DAYS,
  REPORT_REASONS,
  type AuthorHistory,
  type ModerationItem,
  type ModerationLog,
  type ModerationPreview,
  type ReportReason,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { suspensionEnd } from '../../db/moderated.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import { toLogEntry } from './moderation-actions.js';
import * as log from './moderation-log.repository.js';
import * as targets from './moderation-targets.repository.js';
import * as repository from './moderation.repository.js';

/**
 * Moderators and their queue (docs/moderation.md). The role is granted and revoked from the
 * command line (admin-commands.ts), never through the API.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The queue shows this many items, the longest-waiting first. */
export const QUEUE_SIZE = 100;

export type { ModeratorRow } from './moderation.repository.js';

export function grantModerator(db: Database, email: string) {
  return repository.setRole(db, email.trim().toLowerCase(), 'moderator');
}

export function revokeModerator(db: Database, email: string) {
  return repository.setRole(db, email.trim().toLowerCase(), 'member');
}

export function listModerators(db: Database) {
  return repository.findModerators(db);
}

const isReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value);

export async function openQueue(db: Database, now = new Date()): Promise<ModerationItem[]> {
  const rows = await repository.findOpenItems(db, QUEUE_SIZE);
  const ownerIds = [
    ...new Set(rows.flatMap((row) => (row.targetOwnerId ? [row.targetOwnerId] : []))),
  ];
  const [owners, items, histories] = await Promise.all([
    repository.findNames(db, ownerIds),
    targets.findTargets(
      db,
      rows.map((row) => ({ kind: row.targetKind, id: row.targetId })),
    ),
    targets.findAuthorHistories(db, ownerIds),
  ]);
  const nameOf = new Map(owners.map((owner) => [owner.id, owner.name]));
  const itemOf = new Map(items.map((item) => [`${item.kind}:${item.id}`, item]));
  const historyOf = new Map(histories.map((history) => [history.ownerId, history]));
  return rows.map((row) => {
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const reason of row.reasons.filter(isReason)) reasons[reason] = (reasons[reason] ?? 0) + 1;
    const waitingDays = Math.floor((now.getTime() - row.firstAt.getTime()) / DAY_MS);
    const name = row.targetOwnerId ? nameOf.get(row.targetOwnerId) : undefined;
    const history = row.targetOwnerId ? historyOf.get(row.targetOwnerId) : undefined;
    return {
      target: { kind: row.targetKind, id: row.targetId },
      preview: previewOf(itemOf.get(`${row.targetKind}:${row.targetId}`), now),
      author: row.targetOwnerId && name !== undefined ? { id: row.targetOwnerId, name } : null,
      author_history: history ? presentHistory(history, now) : null,
      reports: row.reports,
      reasons,
      first_reported_at: row.firstAt.toISOString(),
      last_reported_at: row.lastAt.toISOString(),
      waiting_days: waitingDays,
      overdue: waitingDays >= REPORT_OVERDUE_DAYS,
    };
  });
}

const isSuspended = (until: Date | null, now: Date) =>
  until !== null && until.getTime() > now.getTime();

/** The web address of an item (packages/shared/src/web-routes.ts). */
function pathOf(item: targets.TargetRow): string {
  switch (item.kind) {
    case 'post':
      return `/post/${item.id}`;
    case 'comment':
      return `/post/${item.postId}/comment/${item.id}`;
    case 'list':
      return `/list/${item.id}`;
    case 'user':
      return `/profile/${item.id}`;
  }
}

function previewOf(item: targets.TargetRow | undefined, now: Date): ModerationPreview {
  if (!item) return { state: 'removed', title: '', excerpt: '', path: null };
  const excerpt = item.text.length > 200 ? `${item.text.slice(0, 199)}…` : item.text;
  const state = isSuspended(item.suspendedUntil, now)
    ? 'suspended'
    : item.hiddenAt
      ? 'hidden'
      : 'visible';
  return { state, title: item.title, excerpt, path: pathOf(item) };
}

function presentHistory(
  history: Awaited<ReturnType<typeof targets.findAuthorHistories>>[number],
  now: Date,
): AuthorHistory {
  const suspended = isSuspended(history.suspendedUntil, now);
  return {
    reports: history.reports,
    actions: history.actions,
    suspended,
    suspended_until: suspended ? suspensionEnd(history.suspendedUntil) : null,
  };
}

export { act, type ModerationDeps, type Moderator } from './moderation-actions.js';

/** A page of the audit log, newest first. */
export async function auditLog(
  db: Database,
  query: { cursor?: string; limit: number },
): Promise<ModerationLog> {
  const rows = await log.findLog(db, decodeCursor(query.cursor), query.limit + 1);
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.id } })),
    query.limit,
  );
  return { items: page.items.map(toLogEntry), next_cursor: page.nextCursor };
}
