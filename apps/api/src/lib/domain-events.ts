import type { ModerationActionKind, ReportTargetKind } from '@ekispot/shared';

/**
 * What an action did, as the write side records it (docs/architecture.md#domain-events). A
 * service records one with `recordEvent(tx, event)` (modules/effects/effects.service.ts)
 * inside the transaction that writes the action's rows; that file says, for each type, every
 * effect that follows. A new type added here fails the typecheck until it has its effects.
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

export type DomainEventType = DomainEvent['type'];

/** The event of one type (`EventOf<'liked'>`), also out of a member shared by several types. */
export type EventOf<T extends DomainEventType> = DomainEvent extends infer E
  ? E extends { type: infer U }
    ? T extends U
      ? Omit<E, 'type'> & { type: T }
      : never
    : never
  : never;
