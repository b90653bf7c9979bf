import type { QueryKey } from '@tanstack/react-query';
import { mapKeys } from './map/map-keys';
import {
  listKeys,
  moderationKeys,
  notificationKeys,
  peopleKeys,
  postKeys,
  rankingKeys,
  stampKeys,
  stationKeys,
  timelineKeys,
} from './query-keys';
import type { ProfileTab } from './query-keys';
import { postRefOf, type PostRef, type Touch, type Write } from './write-kinds';

// The kinds of write and of touch live in write-kinds.ts; the app imports them from here too.
export type { PostRef, SavedPost, Touch, Write } from './write-kinds';
export { postRefOf } from './write-kinds';

/**
 * Every write invalidates every query that shows what it changed (docs/conventions.md#web-client).
 * This file is the one place that says which queries each kind of write touches: a mutation
 * hook names its write, `refreshAfterWrite(queryClient, write)` (`lib/write-invalidation.ts`,
 * which applies this map), and never lists keys itself. A page that starts showing a count or a
 * list adds its key to the writes that change it here; `write-map.test.ts` holds the map to
 * what the pages show.
 */

const refetch = (key: QueryKey): Touch => ({ action: 'refetch', key });
const mark = (key: QueryKey): Touch => ({ action: 'mark', key });
const shown = (inCache: boolean, key: QueryKey): Touch => (inCache ? mark(key) : refetch(key));

/** Some tabs of a member's profile; those of every member when the member is unknown. */
function tabsOf(memberId: string | null | undefined, tabs: ProfileTab[]): Touch[] {
  if (!memberId) return tabs.length > 0 ? [refetch(peopleKeys.tabs())] : [];
  return tabs.map((tab) => refetch(peopleKeys.tab(memberId, tab)));
}

/** A member's profile (its counts) and some of its tabs; every member's when unknown. */
function profileOf(memberId: string | null | undefined, tabs: ProfileTab[]): Touch[] {
  const profile = memberId ? peopleKeys.profile(memberId) : peopleKeys.profiles();
  return [refetch(profile), ...tabsOf(memberId, tabs)];
}

/** The station's page (its 投稿 count) and its post list; every station's when unknown. */
function stationPostViews(stationGroupId: number | null | undefined): Touch[] {
  if (stationGroupId === null) return [];
  if (stationGroupId === undefined)
    return [refetch(stationKeys.details()), refetch(stationKeys.postLists())];
  return [
    refetch(stationKeys.detail(stationGroupId)),
    refetch(stationKeys.postsOf(stationGroupId)),
  ];
}

/** What shows a post or counts it, wherever it is written, edited or deleted. */
function postViews(post: PostRef): Touch[] {
  return [
    refetch(postKeys.lists()),
    ...(post.parentPostId ? [refetch(postKeys.detail(post.parentPostId))] : []),
    ...(post.parentPostId === undefined ? [refetch(postKeys.details())] : []),
    ...stationPostViews(post.stationGroupId),
    refetch(mapKeys.markers()),
    ...profileOf(post.authorId, ['posts']),
    refetch(rankingKeys.all),
  ];
}

/** Lists holding an item that changed or went: their pages, counts and the menus. */
const listsHoldingIt = (): Touch[] => [
  refetch(listKeys.details()),
  refetch(listKeys.allItems()),
  refetch(listKeys.containing()),
  refetch(listKeys.timelines()),
];

/**
 * A post gone (deleted, or hidden by a moderator): out of every view of it. Its card leaves the
 * cached lists at once (the counts follow with their refetch); the timelines only lose it.
 */
function postGone(post: PostRef): Touch[] {
  const drop = (key: QueryKey): Touch => ({ action: 'drop', key, id: post.id });
  return [
    { action: 'mark', key: postKeys.detail(post.id), exact: true },
    mark(postKeys.comments(post.id)),
    drop(postKeys.lists()),
    drop(stationKeys.postLists()),
    drop(peopleKeys.tabs()),
    drop(timelineKeys.postLists()),
    ...postViews(post),
    refetch(timelineKeys.newestAll()),
    // Anyone's いいね and 行きたい tabs, and the lists that held it (「5件」).
    refetch(peopleKeys.tabs()),
    ...listsHoldingIt(),
    refetch(notificationKeys.list()),
  ];
}

/** One list's page and items, the add-to-list menu, the list timelines and the owner's tab. */
function listViews(listId: string, ownerId: string | null): Touch[] {
  return [
    refetch(listKeys.detail(listId)),
    refetch(listKeys.items(listId)),
    refetch(listKeys.containing()),
    refetch(listKeys.timelines()),
    ...tabsOf(ownerId, ['lists']),
  ];
}

function moderated(write: Extract<Write, { kind: 'moderated' }>): Touch[] {
  const queues = refetch(moderationKeys.all);
  if (write.action === 'dismiss' || write.action === 'warn') return [queues];
  const { kind, id } = write.target;
  switch (kind) {
    case 'post':
      // Hidden or removed: gone like a deleted post. Restored: back wherever it was shown.
      if (write.action === 'hide' || write.action === 'remove')
        return [queues, ...postGone({ id })];
      return [
        queues,
        ...postViews({ id }),
        refetch(timelineKeys.all),
        refetch(peopleKeys.tabs()),
        ...listsHoldingIt(),
      ];
    case 'comment':
      return [
        queues,
        refetch(postKeys.details()),
        refetch(postKeys.allComments()),
        refetch(rankingKeys.all),
      ];
    case 'list':
      return [queues, ...listViews(id, null), refetch(peopleKeys.profiles())];
    case 'user':
      return [queues, { action: 'everything' }];
  }
}

/** The queries a write touches, for the signed-in member `viewerId` who made it. */
export function touchedBy(write: Write, viewerId: string | null): Touch[] {
  switch (write.kind) {
    case 'post-created':
      // Timelines offer new posts with their pill rather than moving (docs/timelines.md).
      return [...postViews(write.post), refetch(timelineKeys.newestAll())];
    case 'post-edited':
      return [
        ...postViews(postRefOf(write.post)),
        ...(write.before ? postViews(write.before) : []),
        { action: 'replace', key: timelineKeys.postLists(), item: write.post },
        // Cards of it in anyone's tabs and in lists.
        refetch(peopleKeys.tabs()),
        refetch(listKeys.allItems()),
      ];
    case 'post-deleted':
      return postGone(write.post);
    case 'comment-added':
      return [
        shown(write.inCache, postKeys.detail(write.postId)),
        shown(write.inCache, postKeys.comments(write.postId)),
        refetch(rankingKeys.all),
      ];
    case 'comment-edited':
      return [
        mark(postKeys.comments(write.postId)),
        mark(postKeys.comment(write.postId, write.commentId)),
      ];
    case 'comment-deleted':
      return [
        mark(postKeys.detail(write.postId)),
        mark(postKeys.comments(write.postId)),
        { action: 'mark', key: postKeys.comment(write.postId, write.commentId), exact: true },
        refetch(rankingKeys.all),
        refetch(notificationKeys.list()),
      ];
    case 'post-reacted':
      return [
        shown(write.inCache, postKeys.detail(write.postId)),
        ...tabsOf(
          viewerId,
          write.reaction === 'like'
            ? ['liked']
            : ['want-to-visit-spots', 'want-to-participate-events'],
        ),
        refetch(rankingKeys.all),
      ];
    case 'station-wanted':
      return [
        shown(write.inCache, stationKeys.want(write.stationGroupId)),
        refetch(stationKeys.detail(write.stationGroupId)),
        ...tabsOf(viewerId, ['want-to-visit-stations']),
      ];
    case 'stamp-collected':
      return [
        shown(write.inCache, stampKeys.station(write.stationGroupId)),
        refetch(stampKeys.books()),
        refetch(stampKeys.summaries()),
        refetch(stationKeys.detail(write.stationGroupId)),
        ...profileOf(viewerId, []),
      ];
    case 'follow-changed':
      return [
        // The followed member's count and the viewer's own following count.
        shown(write.inCache, peopleKeys.profiles()),
        shown(write.inCache, peopleKeys.userLists()),
        refetch(timelineKeys.scope('follow')),
        refetch(timelineKeys.newestAll()),
        refetch(listKeys.timeline('follow')),
        refetch(rankingKeys.all),
      ];
    case 'relation-changed':
    case 'profile-edited':
      return [{ action: 'everything' }];
    case 'privacy-changed':
      return [refetch(peopleKeys.all)];
    case 'list-created':
      return [
        refetch(listKeys.containing()),
        refetch(listKeys.timelines()),
        ...profileOf(viewerId, ['lists']),
      ];
    case 'list-edited':
    case 'list-items-changed':
      return listViews(write.listId, viewerId);
    case 'list-deleted':
      return [
        { action: 'forget', key: listKeys.detail(write.listId), exact: true },
        { action: 'forget', key: listKeys.items(write.listId), exact: true },
        refetch(listKeys.containing()),
        refetch(listKeys.timelines()),
        ...profileOf(viewerId, ['lists']),
      ];
    case 'moderated':
      return moderated(write);
    case 'notifications-read':
      return [shown(write.byOpenPage, notificationKeys.list())];
  }
}
