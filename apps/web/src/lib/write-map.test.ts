import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
import { touchedBy } from './write-map';
import type { Touch, Write } from './write-map';

const TOKYO = 1130101;
const SHINJUKU = 1130208;
const AUTHOR = 'author-1';
const OTHER = 'member-2';
const POST = { id: 'post-1', stationGroupId: TOKYO, parentPostId: null, authorId: AUTHOR };

/** The keys a write refetches (or, with `action`, treats that way), as they are spelled. */
function keys(write: Write, action: Touch['action'] = 'refetch', viewerId = AUTHOR): string[] {
  return touchedBy(write, viewerId)
    .filter((touch) => touch.action === action)
    .map((touch) => ('key' in touch ? JSON.stringify(touch.key) : 'everything'));
}

const k = (key: QueryKey) => JSON.stringify(key);

describe('the write map', () => {
  it('refreshes, after a post is deleted, its station, its author, the timelines and the lists holding it', () => {
    const write: Write = { kind: 'post-deleted', post: POST };
    expect(keys(write)).toEqual(
      expect.arrayContaining([
        // 東京's page: its 「投稿」 count and its post list (every kind filter).
        k(stationKeys.detail(TOKYO)),
        k(stationKeys.postsOf(TOKYO)),
        // The author's profile: 「1投稿」 and the 投稿 tab.
        k(peopleKeys.profile(AUTHOR)),
        k(peopleKeys.tab(AUTHOR, 'posts')),
        // Anyone's いいね / 行きたい tabs, the lists that held it (「5件」) and their menus.
        k(peopleKeys.tabs()),
        k(listKeys.details()),
        k(listKeys.allItems()),
        k(listKeys.containing()),
        k(listKeys.timelines()),
        // The timelines' 「新しい投稿」 check, the map's markers, other post lists, rankings.
        k(timelineKeys.newestAll()),
        k(mapKeys.markers()),
        k(postKeys.lists()),
        k(rankingKeys.all),
        k(notificationKeys.list()),
      ]),
    );
    // Only that station: another station's page keeps its data.
    expect(keys(write)).not.toContain(k(stationKeys.detail(SHINJUKU)));
    expect(keys(write)).not.toContain(k(stationKeys.details()));
    // The post's own page may still be on screen while the app leaves it: marked, not refetched.
    expect(touchedBy(write, AUTHOR)).toContainEqual({
      action: 'mark',
      key: postKeys.detail(POST.id),
      exact: true,
    });
    // Its card leaves the cached lists at once; the timelines, which never move under their
    // reader, only lose it and are not fetched again.
    expect(keys(write, 'drop')).toEqual([
      k(postKeys.lists()),
      k(stationKeys.postLists()),
      k(peopleKeys.tabs()),
      k(timelineKeys.postLists()),
    ]);
    expect(keys(write)).not.toContain(k(timelineKeys.postLists()));
  });

  it('refreshes the parent spot that counted an attached post', () => {
    const write: Write = {
      kind: 'post-deleted',
      post: { ...POST, stationGroupId: null, parentPostId: 'spot-1' },
    };
    expect(keys(write)).toContain(k(postKeys.detail('spot-1')));
    expect(keys(write)).not.toContain(k(stationKeys.details()));
  });

  it('refreshes every station and profile when the post’s place and author are not known', () => {
    const write: Write = { kind: 'moderated', action: 'hide', target: { kind: 'post', id: 'p' } };
    expect(keys(write)).toEqual(
      expect.arrayContaining([
        k(moderationKeys.all),
        k(stationKeys.details()),
        k(stationKeys.postLists()),
        k(peopleKeys.profiles()),
        // A list's 「5件」 over 4 items after a moderator hid one.
        k(listKeys.details()),
        k(listKeys.allItems()),
      ]),
    );
  });

  it('offers a new post through the timelines’ pill instead of reloading their pages', () => {
    const write: Write = { kind: 'post-created', post: POST };
    expect(keys(write)).toEqual(
      expect.arrayContaining([
        k(stationKeys.detail(TOKYO)),
        k(stationKeys.postsOf(TOKYO)),
        k(peopleKeys.profile(AUTHOR)),
        k(peopleKeys.tab(AUTHOR, 'posts')),
        k(timelineKeys.newestAll()),
        k(rankingKeys.all),
      ]),
    );
    expect(keys(write)).not.toContain(k(timelineKeys.postLists()));
  });

  it('refreshes both stations when an edit moves a post', () => {
    const saved = {
      id: POST.id,
      stationGroupId: SHINJUKU,
      parentPostId: null,
      user: { id: AUTHOR },
    };
    const write = {
      kind: 'post-edited',
      post: saved,
      before: POST,
    } as unknown as Write;
    expect(keys(write)).toEqual(
      expect.arrayContaining([k(stationKeys.detail(TOKYO)), k(stationKeys.detail(SHINJUKU))]),
    );
  });

  it('marks what already shows the server’s answer, and refetches it when it does not', () => {
    const liked: Write = { kind: 'post-reacted', postId: 'p', reaction: 'like', inCache: true };
    expect(keys(liked, 'mark')).toEqual([k(postKeys.detail('p'))]);
    expect(keys(liked)).toEqual(
      expect.arrayContaining([k(peopleKeys.tab(AUTHOR, 'liked')), k(rankingKeys.all)]),
    );
    expect(keys({ ...liked, inCache: false })).toContain(k(postKeys.detail('p')));
  });

  it('refreshes the station’s counts and the member’s profile after a stamp or a 行きたい', () => {
    const stamp: Write = { kind: 'stamp-collected', stationGroupId: TOKYO, inCache: true };
    expect(keys(stamp)).toEqual(
      expect.arrayContaining([
        k(stationKeys.detail(TOKYO)),
        k(stampKeys.books()),
        k(peopleKeys.profile(AUTHOR)),
      ]),
    );
    const want: Write = { kind: 'station-wanted', stationGroupId: TOKYO, inCache: true };
    expect(keys(want)).toEqual(
      expect.arrayContaining([
        k(stationKeys.detail(TOKYO)),
        k(peopleKeys.tab(AUTHOR, 'want-to-visit-stations')),
      ]),
    );
  });

  it('refreshes a list’s count, its items, the menus and the owner’s lists tab', () => {
    const write: Write = { kind: 'list-items-changed', listId: 'list-1' };
    expect(keys(write, 'refetch', OTHER)).toEqual(
      expect.arrayContaining([
        k(listKeys.detail('list-1')),
        k(listKeys.items('list-1')),
        k(listKeys.containing()),
        k(listKeys.timelines()),
        k(peopleKeys.tab(OTHER, 'lists')),
      ]),
    );
    expect(keys({ kind: 'list-deleted', listId: 'list-1' }, 'forget')).toEqual([
      k(listKeys.detail('list-1')),
      k(listKeys.items('list-1')),
    ]);
    expect(keys({ kind: 'list-created', listId: 'list-1' })).toContain(
      k(peopleKeys.profile(AUTHOR)),
    );
  });

  it('refreshes the follow timelines after a follow, and everything after a block', () => {
    const follow: Write = { kind: 'follow-changed', userId: OTHER, inCache: true };
    expect(keys(follow)).toEqual(
      expect.arrayContaining([k(timelineKeys.scope('follow')), k(listKeys.timeline('follow'))]),
    );
    expect(keys(follow, 'mark')).toEqual([k(peopleKeys.profiles()), k(peopleKeys.userLists())]);
    expect(keys({ kind: 'relation-changed' }, 'everything')).toEqual(['everything']);
  });
});
