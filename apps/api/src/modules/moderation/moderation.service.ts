import {
  REPORT_OVERDUE_DAYS,
  REPORT_REASONS,
  type ModerationItem,
  type ReportReason,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
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
  const owners = await repository.findNames(db, [
    ...new Set(rows.flatMap((row) => (row.targetOwnerId ? [row.targetOwnerId] : []))),
  ]);
  const nameOf = new Map(owners.map((owner) => [owner.id, owner.name]));
  return rows.map((row) => {
    const reasons: Partial<Record<ReportReason, number>> = {};
    for (const reason of row.reasons.filter(isReason)) reasons[reason] = (reasons[reason] ?? 0) + 1;
    const waitingDays = Math.floor((now.getTime() - row.firstAt.getTime()) / DAY_MS);
    const name = row.targetOwnerId ? nameOf.get(row.targetOwnerId) : undefined;
    return {
      target: { kind: row.targetKind, id: row.targetId },
      author: row.targetOwnerId && name !== undefined ? { id: row.targetOwnerId, name } : null,
      reports: row.reports,
      reasons,
      first_reported_at: row.firstAt.toISOString(),
      last_reported_at: row.lastAt.toISOString(),
      waiting_days: waitingDays,
      overdue: waitingDays >= REPORT_OVERDUE_DAYS,
    };
  });
}
