import type { ModerationActionKind, ReportTargetKind } from '@ekispot/shared';
import type { Database } from '../db/database.js';

/**
 * The write side's one pipeline (docs/architecture.md#domain-events). An action records what
 * happened as one event, with `recordEvent(tx, event)` inside the transaction that writes it;
 * the modules that react to it (rankings, notifications, station activity) subscribe here, so
 * the writing modules know none of them. The subscribers are wired in one place,
 * plugins/domain-events.ts.
 */

/** A like or want of a post, or a comment on it, by `actorId` on `ownerId`'s post. */
interface PostReaction {
  actorId: string;
  postId: string;
  ownerId: string;
  /** When the reaction's row was made; for an undo, when the undone row was. */
  at: Date;
}

/** A follow; `at` is when it was made (for an unfollow too). */
interface Follow {
  followerId: string;
  followeeId: string;
  at: Date;
}

export type DomainEvent =
  | ({ type: 'liked' | 'unliked' | 'wanted' | 'unwanted' } & PostReaction)
  | ({ type: 'commented'; commentId: string } & PostReaction)
  /**
   * Recorded before the comment is deleted, while what hangs on it (its notifications) is still
   * there to read; `actorId` is its author and `at` its creation.
   */
  | ({ type: 'comment-removed'; commentId: string } & PostReaction)
  | ({ type: 'followed' | 'unfollowed' } & Follow)
  /** A block, and the follows it ended (either way). */
  | { type: 'blocked'; blockerId: string; blockedId: string; endedFollows: readonly Follow[] }
  | { type: 'posted'; postId: string; userId: string; stationGroupId: number | null; at: Date }
  /** A post was edited: the station it was at and the one it is at now (the same, mostly). */
  | {
      type: 'post-edited';
      postId: string;
      userId: string;
      stationGroupIds: readonly (number | null)[];
    }
  /**
   * Recorded before the post and the owner's posts attached below it (`postIds`, the post
   * first) are deleted, while the reactions they received can still be read.
   */
  | {
      type: 'post-removed';
      userId: string;
      postIds: readonly string[];
      stationGroupId: number | null;
    }
  | { type: 'station-wanted' | 'station-unwanted'; userId: string; stationGroupId: number }
  | { type: 'stamped'; userId: string; stationGroupId: number; at: Date }
  /** Recorded before a member's account, and all that cascades with it, is deleted. */
  | { type: 'member-left'; userId: string }
  /** Sessions of a member were revoked (a logout, a password changed or reset, a suspension). */
  | { type: 'sessions-ended'; userId: string }
  /**
   * A moderator's action (docs/moderation.md#actions), recorded after the audit row `actionId`
   * is written: for a hide, before the item leaves sight; for a restore, after it is back
   * (`restored`: something was hidden or suspended). `reporterIds` are the members whose open
   * reports it closed; `ownerId` is the item's author (the member, for a member).
   */
  | {
      type: 'moderated';
      actionId: string;
      action: ModerationActionKind;
      target: { kind: ReportTargetKind; id: string };
      ownerId: string | null;
      reporterIds: readonly string[];
      restored: boolean;
    };

/**
 * Reacts to an event inside the transaction that records it: its writes commit or roll back
 * with the action's, and a throw fails the action. Work for after the commit is queued with
 * `afterCommit` (lib/after-commit.ts).
 */
export type EventSubscriber = (tx: Database, event: DomainEvent) => Promise<void> | void;

let subscribers: readonly EventSubscriber[] | null = null;

/**
 * Sets the subscribers, in the order they run (plugins/domain-events.ts, at start-up); null
 * unwires them (a test of the refusal below).
 */
export function setEventSubscribers(list: readonly EventSubscriber[] | null): void {
  subscribers = list;
}

/**
 * Records what an action did: every subscriber reacts, in order, in `tx`. Call it once per
 * action, inside the transaction that writes the action's rows, once those rows are known to
 * have changed (a repeated like records nothing).
 */
export async function recordEvent(tx: Database, event: DomainEvent): Promise<void> {
  // Without subscribers a like would count nowhere and tell no one: refuse rather than lose it.
  if (!subscribers) throw new Error('recordEvent: no subscribers (plugins/domain-events.ts)');
  for (const subscriber of subscribers) await subscriber(tx, event);
}
