import type { Database } from '../../db/database.js';
import type { DomainEvent, DomainEventType, EventOf } from '../../lib/domain-events.js';
import * as notify from '../notifications/notification-writes.service.js';
import { recordActivity as rank } from '../rankings/rankings.service.js';
import {
  afterCommitOf,
  connectLiveStreams as connect,
  inTransaction as transaction,
  type AfterCommit,
  type LiveStreams,
} from './commit.js';

/**
 * The effects of every domain event, in one place (docs/architecture.md#domain-events): what
 * follows an action in the transaction that records it (ranking scores, notification rows with
 * their pushes and mail due times, fan-out jobs) and what waits for its commit (live stream
 * pokes, station counts forgotten). A service writes its rows and then calls `recordEvent`
 * inside `inTransaction`; nothing else hears events. Mail and pushes go out from their
 * workers (notification-worker.ts, push-worker.ts, workers.ts).
 */

type Effects = {
  [Type in DomainEventType]: (
    tx: Database,
    event: EventOf<Type>,
    after: AfterCommit,
  ) => Promise<void>;
};

const EFFECTS: Effects = {
  liked: async (tx, e, after) => {
    await rank(tx, { type: 'like', actorId: e.actorId, ownerId: e.ownerId, at: e.at, delta: 1 });
    after.poke(await notify.tellReaction(tx, 'like', e));
  },
  unliked: async (tx, e, after) => {
    await rank(tx, { type: 'like', actorId: e.actorId, ownerId: e.ownerId, at: e.at, delta: -1 });
    after.poke(await notify.withdrawReaction(tx, 'like', e));
  },
  wanted: async (tx, e, after) => {
    await rank(tx, { type: 'want', actorId: e.actorId, ownerId: e.ownerId, at: e.at, delta: 1 });
    after.poke(await notify.tellReaction(tx, 'want', e));
  },
  unwanted: async (tx, e, after) => {
    await rank(tx, { type: 'want', actorId: e.actorId, ownerId: e.ownerId, at: e.at, delta: -1 });
    after.poke(await notify.withdrawReaction(tx, 'want', e));
  },
  commented: async (tx, e, after) => {
    const { actorId, ownerId, postId, at } = e;
    await rank(tx, { type: 'comment-added', actorId, ownerId, postId, at });
    // The owner hears `comment`, the post's other commenters `reply`.
    after.poke(await notify.tellComment(tx, e));
  },
  'comment-removed': async (tx, e, after) => {
    await rank(tx, e);
    // Its notifications go with it (the foreign key cascades): their holders' counts change.
    after.poke(await notify.holdersOfComment(tx, e.commentId));
  },
  followed: async (tx, e, after) => {
    const { followerId, followeeId, at } = e;
    await rank(tx, { type: 'follow', followerId, followeeId, at, delta: 1 });
    after.poke(await notify.tellFollow(tx, followerId, followeeId));
  },
  unfollowed: async (tx, e, after) => {
    const { followerId, followeeId, at } = e;
    await rank(tx, { type: 'follow', followerId, followeeId, at, delta: -1 });
    after.poke(await notify.withdrawFollow(tx, followerId, followeeId));
  },
  blocked: async (tx, e) => {
    // The ended follows leave the scores. No notification is withdrawn: what came from the
    // blocked member is hidden while the block stands (notifications.repository.ts `visibleTo`).
    for (const follow of e.endedFollows) await rank(tx, { type: 'follow', ...follow, delta: -1 });
  },
  posted: async (tx, e, after) => {
    await rank(tx, { type: 'post-added', userId: e.userId, at: e.at });
    // Followers and station wanters are told by a job after the commit (notification-worker.ts).
    await notify.queuePostFanOut(tx, e.postId);
    after.poke([notify.NEW_POSTS_TOPIC]);
    after.forgetStations([e.stationGroupId]);
  },
  'post-edited': async (_tx, e, after) => {
    after.forgetStations(e.stationGroupIds);
  },
  'post-removed': async (tx, e, after) => {
    await rank(tx, { type: 'posts-removing', postIds: e.postIds });
    after.forgetStations([e.stationGroupId]);
  },
  'station-wanted': async (_tx, e, after) => {
    after.forgetStations([e.stationGroupId]);
  },
  'station-unwanted': async (_tx, e, after) => {
    after.forgetStations([e.stationGroupId]);
  },
  stamped: async (_tx, e, after) => {
    after.forgetStations([e.stationGroupId]);
  },
  'member-left': async (tx, e, after) => {
    await rank(tx, { type: 'member-leaving', userId: e.userId });
    // The member's open streams recheck their session on the poke, and end if it is gone.
    after.poke([e.userId]);
  },
  'sessions-ended': async (_tx, e, after) => {
    after.poke([e.userId]);
  },
  moderated: async (tx, e, after) => {
    // A hidden post's scores are taken while it is still shown, a restored one's once it is back.
    if (e.target.kind === 'post' && e.action === 'hide')
      await rank(tx, { type: 'posts-shown', postIds: [e.target.id], sign: -1 });
    if (e.target.kind === 'post' && e.action === 'restore' && e.restored)
      await rank(tx, { type: 'posts-shown', postIds: [e.target.id], sign: 1 });
    // The reporters and the author are told; whose lists and counts changed are poked too.
    after.poke(await notify.tellModeration(tx, e));
  },
};

/** The event types that have effects (all of them: the table above is typed to cover each). */
export const EVENT_TYPES = Object.keys(EFFECTS) as DomainEventType[];

/**
 * Records what an action did: runs its effects in `tx`. Call it once per action, inside the
 * transaction (opened with `inTransaction`) that writes the action's rows, once those rows are
 * known to have changed (a repeated like records nothing). A throw fails the action.
 */
export function recordEvent(tx: Database, event: DomainEvent): Promise<void> {
  const effects = EFFECTS[event.type] as (
    tx: Database,
    event: DomainEvent,
    after: AfterCommit,
  ) => Promise<void>;
  return effects(tx, event, afterCommitOf(tx));
}

/**
 * A transaction whose events' after-commit work runs once it has committed, in a request or
 * not (a job, the admin socket); a rollback drops it. Open every transaction that records an
 * event with it.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return transaction(db, work);
}

/** The app's live streams hear the pokes of `db`'s commits (app.ts); returns the disconnect. */
export function connectLiveStreams(db: Database, streams: LiveStreams): () => void {
  return connect(db, streams);
}
