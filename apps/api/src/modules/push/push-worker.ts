import { isQuietMinute, notificationSentence, type PushPayload } from '@ekispot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import {
  createPollingWorker,
  drainRetryQueue,
  type PollingWorker,
} from '../../lib/polling-worker.js';
import * as outbox from './push-outbox.repository.js';
import type { PushSender, SendOutcome, VapidKeys } from './push-sender.js';
import { PUSH_MESSAGES as M } from './push.messages.js';
import * as repository from './push.repository.js';

/**
 * Sends the queued pushes (docs/pwa.md#push). Every instance runs one; deliveries are claimed
 * with SKIP LOCKED under a lease, so each is sent by one instance. What a push says is read when
 * it is sent: the notification's group as the list shows it (「鉄子Aさんほか2人がいいねしました」),
 * nothing when the member has since read it, or blocked or muted its actor, or it went out of
 * sight (its actor suspended, its post or comment hidden: db/moderated.ts); during the member's
 * quiet hours it waits for their end.
 */

const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 2 * 60;
/** Failed sends in a row (no success between) after which a subscription is dropped. */
const FAILURES_BEFORE_DROP = 20;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export interface PushWorkResult {
  /** Pushes the push services took (one per device). */
  sent: number;
  /** Subscriptions dropped: gone (404, 410), refused, or failing for long. */
  removed: number;
  /** Deliveries left unsent: read, withdrawn, blocked or muted, out of sight, no device left. */
  skipped: number;
  /** Deliveries moved to the end of the member's quiet hours. */
  postponed: number;
  retrying: number;
  failed: number;
}

export type PushWorker = PollingWorker<PushWorkResult>;

/** The end of the quiet hours after `now`, when `now` is in them; otherwise null. */
export function quietUntil(
  now: Date,
  quiet: { enabled: boolean; start: number; end: number } | null,
): Date | null {
  if (!quiet?.enabled) return null;
  const wall = new Date(now.getTime() + JST_OFFSET_MS);
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  if (!isQuietMinute(minute, quiet.start, quiet.end)) return null;
  const ahead = (quiet.end - minute + 24 * 60) % (24 * 60);
  const startOfMinute = now.getTime() - (now.getTime() % MINUTE_MS);
  return new Date(startOfMinute + ahead * MINUTE_MS);
}

/** Where a tap on the push leads. */
function urlOf(
  publicUrl: string,
  content: { type: string; postId: string | null; commentId: string | null; actorId: string },
) {
  if (content.postId && content.commentId)
    return `${publicUrl}/post/${content.postId}/comment/${content.commentId}`;
  if (content.postId) return `${publicUrl}/post/${content.postId}`;
  if (content.type === 'follow') return `${publicUrl}/profile/${content.actorId}`;
  return `${publicUrl}/notifications`;
}

export function createPushWorker(options: {
  db: Database;
  sender: PushSender;
  vapidKeys: () => Promise<VapidKeys>;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs: number;
  batchSize?: number;
}): PushWorker {
  const { db, sender, log } = options;

  /** The payload for a delivery and its group, or null when nothing is to be pushed. */
  async function payloadOf(row: outbox.DeliveryRow) {
    const content = await outbox.findPushContent(db, row.notificationId);
    if (!content || content.read || !content.heard) return null;
    const group = { type: content.type, targetKey: content.targetKey, day: content.day };
    const tag = `${content.type}:${content.targetKey}:${content.day}`;
    const url = urlOf(options.publicUrl, content);
    if (content.type === 'moderation')
      return { group, payload: { title: M.title, body: M.moderation, url, tag } };
    const count = content.actorCount ?? 0;
    const first = content.actorIds?.[0];
    if (count === 0 || !first) return null;
    const name = (await outbox.findName(db, first)) ?? M.someone;
    const body = notificationSentence(content.type, name, count, content.postKind);
    return { group, payload: { title: M.title, body, url, tag } satisfies PushPayload };
  }

  /** The member's subscriptions; those past the expiry their browser gave go. */
  async function liveSubscriptions(userId: string) {
    const now = Date.now();
    const live = [];
    for (const subscription of await repository.findSubscriptions(db, userId)) {
      if (subscription.expiresAt && subscription.expiresAt.getTime() <= now)
        await repository.deleteSubscription(db, subscription.id);
      else live.push(subscription);
    }
    return live;
  }

  async function drain(): Promise<PushWorkResult> {
    const result = { sent: 0, removed: 0, skipped: 0, postponed: 0 };
    /** Groups pushed in this pass: a burst of likes is one push saying 「…ほか2人が…」. */
    const pushed = new Set<string>();
    const counts = await drainRetryQueue<outbox.DeliveryRow>({
      claim: (limit) => outbox.claimDue(db, limit, LEASE_SECONDS),
      attempt: async (row) => {
        const until = quietUntil(new Date(), await outbox.findQuietHours(db, row.userId));
        if (until) {
          await outbox.postpone(db, row.id, until);
          result.postponed += 1;
          return;
        }
        const content = await payloadOf(row);
        const key = content && `${row.userId}|${content.payload.tag}`;
        const subscriptions = key && !pushed.has(key) ? await liveSubscriptions(row.userId) : [];
        if (!content || !key || subscriptions.length === 0) {
          await outbox.deleteDelivery(db, row.id);
          result.skipped += 1;
          return;
        }
        const vapid = await options.vapidKeys();
        const outcomes: SendOutcome[] = [];
        const { payload, group } = content;
        for (const subscription of subscriptions) {
          const outcome = await sender.send(subscription, payload, vapid);
          outcomes.push(outcome);
          if (outcome.kind === 'sent') {
            result.sent += 1;
            await repository.markSent(db, subscription.id);
            continue;
          }
          const failures =
            outcome.kind === 'gone' ? Infinity : await repository.markFailed(db, subscription.id);
          if (failures >= FAILURES_BEFORE_DROP) {
            await repository.deleteSubscription(db, subscription.id);
            result.removed += 1;
          }
          log.warn(
            { subscriptionId: subscription.id, outcome: outcome.kind, detail: outcome.detail },
            'push not delivered',
          );
        }
        // Only when no device got it and each may yet: a retry would repeat any push that went.
        if (outcomes.every((outcome) => outcome.kind === 'retry'))
          throw new Error(
            outcomes.map((outcome) => 'detail' in outcome && outcome.detail).join(', '),
          );
        await outbox.deleteDelivery(db, row.id);
        if (outcomes.some((outcome) => outcome.kind === 'sent')) {
          pushed.add(key);
          // The push said what the group holds now: its other waiting rows have been told.
          result.skipped += await outbox.deleteDueOfGroup(db, row.userId, group);
        }
      },
      markFailed: (row, failure) => outbox.markDeliveryFailed(db, row.id, failure),
      maxAttempts: MAX_ATTEMPTS,
      batchSize: options.batchSize ?? 20,
      log,
      idField: 'deliveryId',
      messages: { retrying: 'push failed; will retry', failed: 'push failed for good' },
    });
    return { ...result, retrying: counts.retrying, failed: counts.failed };
  }

  return createPollingWorker({
    name: 'push worker',
    intervalMs: options.intervalMs,
    log,
    drain,
  });
}
