import type { QueryKey } from '@tanstack/react-query';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { authKeys, peopleKeys, postKeys, stationKeys, timelineKeys } from './query-keys';
import { refreshAfterWrite } from './write-invalidation';
import type { Write } from './write-map';

const TOKYO = 1130101;
const SHINJUKU = 1130208;
const AUTHOR = 'author-1';
const OTHER = 'member-2';
const POST = { id: 'post-1', stationGroupId: TOKYO, parentPostId: null, authorId: AUTHOR };

/** A cached query as a page shows it: observed, so an invalidation refetches it. */
function showQuery(queryClient: QueryClient, queryKey: QueryKey, data: unknown) {
  const queryFn = vi.fn(async () => data);
  queryClient.setQueryData(queryKey, data);
  const observer = new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity });
  return { queryFn, stop: observer.subscribe(() => {}) };
}

const page = (...ids: string[]) => ({
  pages: [{ items: ids.map((id) => ({ id })), nextCursor: null }],
  pageParams: [null],
});

describe('refreshAfterWrite', () => {
  it('after a delete: refetches the station page on screen, marks the rest, and takes the card out of cached lists', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(authKeys.me(), { id: AUTHOR });
    const station = showQuery(queryClient, stationKeys.detail(TOKYO), { counts: { posts: 3 } });
    const deleted = showQuery(queryClient, postKeys.detail(POST.id), { id: POST.id });
    queryClient.setQueryData(peopleKeys.profile(AUTHOR), { postCount: 1 });
    queryClient.setQueryData(peopleKeys.tab(AUTHOR, 'posts'), page(POST.id));
    queryClient.setQueryData(peopleKeys.profile(OTHER), { postCount: 4 });
    queryClient.setQueryData(stationKeys.detail(SHINJUKU), { counts: { posts: 9 } });
    queryClient.setQueryData(timelineKeys.posts('all', []), page('newer', POST.id, 'older'));

    await refreshAfterWrite(queryClient, { kind: 'post-deleted', post: POST });

    // On screen: fetched again now. The deleted post's own page is left alone.
    expect(station.queryFn).toHaveBeenCalledTimes(1);
    expect(deleted.queryFn).not.toHaveBeenCalled();
    // Not on screen: fetched again when next shown.
    const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(peopleKeys.profile(AUTHOR))).toBe(true);
    // The card leaves the cached lists at once; their refetch brings the counts.
    expect(invalidated(peopleKeys.tab(AUTHOR, 'posts'))).toBe(true);
    expect(queryClient.getQueryData(peopleKeys.tab(AUTHOR, 'posts'))).toEqual(page());
    expect(invalidated(postKeys.detail(POST.id))).toBe(true);
    // Untouched: another member, another station, and the timeline's own page.
    expect(invalidated(peopleKeys.profile(OTHER))).toBe(false);
    expect(invalidated(stationKeys.detail(SHINJUKU))).toBe(false);
    expect(invalidated(timelineKeys.posts('all', []))).toBe(false);
    expect(queryClient.getQueryData(timelineKeys.posts('all', []))).toEqual(page('newer', 'older'));
    station.stop();
    deleted.stop();
  });

  it('after an edit: replaces the card in the timelines with the saved post', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(timelineKeys.posts('all', ['spot']), page('a', POST.id));
    const saved = {
      id: POST.id,
      title: '新しい題',
      stationGroupId: TOKYO,
      parentPostId: null,
      user: { id: AUTHOR },
    };
    await refreshAfterWrite(queryClient, {
      kind: 'post-edited',
      post: saved,
      before: null,
    } as unknown as Write);
    expect(queryClient.getQueryData(timelineKeys.posts('all', ['spot']))).toEqual({
      ...page('a'),
      pages: [{ items: [{ id: 'a' }, saved], nextCursor: null }],
    });
  });

  it('after a block: everything but the session', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(authKeys.me(), { id: AUTHOR });
    queryClient.setQueryData(stationKeys.detail(TOKYO), {});
    await refreshAfterWrite(queryClient, { kind: 'relation-changed' });
    expect(queryClient.getQueryState(stationKeys.detail(TOKYO))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(authKeys.me())?.isInvalidated).toBe(false);
  });
});
