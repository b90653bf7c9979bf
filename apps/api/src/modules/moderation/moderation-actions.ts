import {
  MODERATION_ACTION_LABELS,
  REPORT_TARGET_LABELS,
  type ModerationActionBody,
  type ModerationActionKind,
  type ModerationLogEntry,
  type ModerationTarget,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { SUSPENDED_FOR_GOOD, suspensionEnd } from '../../db/moderated.js';
import { retryTransientConflicts } from '../../lib/db-errors.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { conflict, notFound, validationFailed } from '../../lib/http-error.js';
import { endAllSessions } from '../auth/auth.service.js';
import type { ImageStorage } from '../images/images.service.js';
import { removeListAsModerator } from '../lists/lists.service.js';
import { removeCommentAsModerator } from '../posts/comments.service.js';
import { closeTakedownsFor } from '../takedowns/takedowns.service.js';
import {
  deletePhotoFiles,
  removePostAsModerator,
  type RemovedPhotoFiles,
} from '../posts/posts.service.js';
import * as log from './moderation-log.repository.js';
import { MODERATION_MESSAGES as M } from './moderation.messages.js';
import * as targets from './moderation-targets.repository.js';

/**
 * A moderator's actions (docs/moderation.md#actions): each is one transaction that changes the
 * item, closes the open reports about it, writes the audit row and records one `moderated`
 * event (the reporters and the author hear of it; rankings follow a hidden post).
 */

export interface ModerationDeps {
  db: Database;
  storage: ImageStorage;
}

export interface Moderator {
  id: string;
  name: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which actions fit which kind of item: members are suspended, items are hidden or removed. */
const ACTIONS_FOR: Record<ModerationTarget['kind'], readonly ModerationActionKind[]> = {
  post: ['dismiss', 'hide', 'remove', 'warn', 'restore'],
  comment: ['dismiss', 'hide', 'remove', 'warn', 'restore'],
  list: ['dismiss', 'hide', 'remove', 'warn', 'restore'],
  user: ['dismiss', 'warn', 'suspend', 'restore'],
};

/** What the audit log keeps of what the item said: its title, or the start of its text. */
function summaryOf(target: targets.TargetRow): string {
  const text = (target.title || target.text).replace(/\s+/g, ' ').trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export async function act(
  deps: ModerationDeps,
  moderator: Moderator,
  body: ModerationActionBody,
): Promise<{ entry: ModerationLogEntry; message: string }> {
  const { action, target } = body;
  if (!ACTIONS_FOR[target.kind].includes(action))
    throw validationFailed({ action: [M.actionNotFor(action, target.kind)] });
  let files: RemovedPhotoFiles | null = null;
  const row = await retryTransientConflicts(() =>
    inTransaction(deps.db, async (tx) => {
      const [item] = await targets.findTargets(tx, [target], { forUpdate: true });
      // A dismissal closes the reports of an item that is gone already; nothing else can.
      if (!item && action !== 'dismiss') throw notFound(M.targetGone);
      if (item?.ownerId === moderator.id) throw validationFailed({ target: [M.notOnYourOwn] });
      const change = item ? await apply(tx, action, item, body.suspend_days) : {};
      const outcome = action === 'dismiss' ? 'dismissed' : 'actioned';
      const reporterIds =
        action === 'restore'
          ? []
          : await targets.closeOpenReports(tx, target, outcome, moderator.id);
      // Takedown requests about the item are answered by mail (docs/moderation.md#takedown-requests).
      const takedownsClosed =
        action === 'restore'
          ? 0
          : await closeTakedownsFor(tx, target, outcome, moderator.id, action);
      const written = await log.insertAction(tx, {
        moderatorId: moderator.id,
        moderatorName: moderator.name,
        action,
        targetKind: target.kind,
        targetId: target.id,
        targetOwnerId: item?.ownerId ?? null,
        targetOwnerName: item?.ownerName ?? null,
        targetSummary: item ? summaryOf(item) : '',
        reason: body.reason,
        suspendedUntil: change.suspendedUntil ?? null,
        reportsClosed: reporterIds.length + takedownsClosed,
      });
      await recordEvent(tx, {
        type: 'moderated',
        actionId: written.id,
        action,
        target,
        ownerId: item?.ownerId ?? null,
        reporterIds,
        restored: change.restored ?? false,
      });
      // After the event: a hidden post's scores are taken while it is still shown
      // (rankings.service.ts `posts-shown`), and the notices are written while a removed
      // item's row still exists.
      if (item && action === 'hide') await targets.setHidden(tx, target, true);
      if (item && action === 'remove') files = await remove(tx, item);
      return written;
    }),
  );
  if (files) await deletePhotoFiles(deps.storage, files);
  return {
    entry: toLogEntry(row),
    message: M.done(MODERATION_ACTION_LABELS[action], REPORT_TARGET_LABELS[target.kind]),
  };
}

interface Change {
  suspendedUntil?: Date;
  /** A restore brought something back. */
  restored?: boolean;
}

/**
 * Checks that the action fits the item's state and makes the changes that come before the
 * event: a restore (so a restored post is scored as shown) and a suspension. A hide and a
 * removal are made after it (`act`).
 */
async function apply(
  tx: Database,
  action: ModerationActionKind,
  item: targets.TargetRow,
  suspendDays: number | null | undefined,
): Promise<Change> {
  const target = { kind: item.kind, id: item.id };
  const suspended = item.suspendedUntil !== null && item.suspendedUntil.getTime() > Date.now();
  switch (action) {
    case 'dismiss':
    case 'warn':
      return {};
    case 'hide':
      if (item.hiddenAt) throw conflict(M.alreadyHidden);
      return {};
    case 'restore':
      if (item.kind === 'user') {
        if (!suspended) throw conflict(M.nothingToRestore);
        await targets.setSuspendedUntil(tx, item.id, null);
        return { restored: true };
      }
      if (!item.hiddenAt) throw conflict(M.nothingToRestore);
      await targets.setHidden(tx, target, false);
      return { restored: true };
    case 'suspend': {
      if (suspended) throw conflict(M.alreadySuspended);
      const until = suspendDays ? new Date(Date.now() + suspendDays * DAY_MS) : SUSPENDED_FOR_GOOD;
      await targets.setSuspendedUntil(tx, item.id, until);
      await endAllSessions(tx, item.id);
      return { suspendedUntil: until };
    }
    case 'remove':
      return {};
  }
}

async function remove(tx: Database, item: targets.TargetRow): Promise<RemovedPhotoFiles | null> {
  switch (item.kind) {
    case 'post':
      return removePostAsModerator(tx, item.id);
    case 'comment':
      if (item.postId) await removeCommentAsModerator(tx, item.postId, item.id);
      return null;
    case 'list':
      await removeListAsModerator(tx, item.id);
      return null;
    case 'user':
      throw new Error('members are suspended, not removed');
  }
}

export function toLogEntry(row: log.LogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    target: { kind: row.targetKind, id: row.targetId },
    target_owner:
      row.targetOwnerId && row.targetOwnerName !== null
        ? { id: row.targetOwnerId, name: row.targetOwnerName }
        : null,
    target_summary: row.targetSummary,
    moderator: { id: row.moderatorId ?? '', name: row.moderatorName },
    reason: row.reason,
    suspended_until: suspensionEnd(row.suspendedUntil),
    reports_closed: row.reportsClosed,
    created_at: row.createdAt.toISOString(),
  };
}
