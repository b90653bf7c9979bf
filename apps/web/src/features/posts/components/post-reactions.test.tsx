import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { postQueryKey, usePost } from '../api/get-post';
import { buildPost, envelope, POST_ID, renderWithApp, VIEWER_ID } from '../test/post-fixtures';
import { PostReactions } from './post-reactions';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function Harness({ viewerId, onError }: { viewerId: string | null; onError: () => void }) {
  const post = usePost(POST_ID);
  return post.data ? (
    <PostReactions post={post.data} viewerId={viewerId} onError={onError} />
  ) : null;
}

function setup(viewerId: string | null, overrides = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(postQueryKey(POST_ID), buildPost(overrides));
  const onError = vi.fn();
  const rendered = renderWithApp(<Harness viewerId={viewerId} onError={onError} />, {
    queryClient,
  });
  return { ...rendered, onError, user: userEvent.setup() };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('PostReactions', () => {
  it('shows like and 行きたい toggles with their counts for a spot', async () => {
    setup(VIEWER_ID);
    const like = await screen.findByRole('button', { name: 'いいね 3' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '行きたい 1' })).toBeTruthy();
  });

  it('says 参加したい on events', async () => {
    setup(VIEWER_ID, { kind: 'event' });
    expect(await screen.findByRole('button', { name: '参加したい 1' })).toBeTruthy();
  });

  it('has only いいね on a photo post', async () => {
    setup(VIEWER_ID, { kind: 'image' });
    await screen.findByRole('button', { name: 'いいね 3' });
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('turns on at once, then keeps the numbers the server sends', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    const { user } = setup(VIEWER_ID);
    await user.click(await screen.findByRole('button', { name: 'いいね 3' }));

    const optimistic = screen.getByRole('button', { name: 'いいね 4' });
    expect(optimistic.getAttribute('aria-pressed')).toBe('true');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/v2/posts/${POST_ID}/like`);
    expect(init?.method).toBe('POST');

    answer.resolve(envelope(200, { liked: true, like_count: 9 }));
    const settled = await screen.findByRole('button', { name: 'いいね 9' });
    expect(settled.getAttribute('aria-pressed')).toBe('true');
  });

  it('counts a double click once, even two clicks in the same frame, and ends liked', async () => {
    const answer = deferred<Response>();
    fetchMock.mockReturnValueOnce(answer.promise);
    const { user } = setup(VIEWER_ID);
    const like = await screen.findByRole('button', { name: 'いいね 3' });
    fireEvent.click(like);
    fireEvent.click(like);
    await user.dblClick(like);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer.resolve(envelope(200, { liked: true, like_count: 4 }));
    const settled = await screen.findByRole('button', { name: 'いいね 4' });
    expect(settled.getAttribute('aria-pressed')).toBe('true');

    // A separate click after the answer toggles as usual.
    fetchMock.mockResolvedValueOnce(envelope(200, { liked: false, like_count: 3 }));
    await user.click(settled);
    await screen.findByRole('button', { name: 'いいね 3' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
  });

  it('ends a double click liked even when the first call answered before the second click', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { liked: true, like_count: 4 }));
    setup(VIEWER_ID);
    const like = await screen.findByRole('button', { name: 'いいね 3' });
    fireEvent.click(like, { detail: 1 });
    const liked = await screen.findByRole('button', { name: 'いいね 4' });
    // The same double click's second click, after the answer: not a second toggle.
    fireEvent.click(liked, { detail: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(liked.getAttribute('aria-pressed')).toBe('true');
  });

  it('sends DELETE to take a reaction back', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { wanted: false, want_count: 0 }));
    const { user } = setup(VIEWER_ID, { wanted: true, wantCount: 1 });
    await user.click(await screen.findByRole('button', { name: '行きたい 1' }));
    await screen.findByRole('button', { name: '行きたい 0' });
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v2/posts/${POST_ID}/want`);
  });

  it('goes back to the previous state and tells the user when the call fails', async () => {
    fetchMock.mockResolvedValue(envelope(503, null, '混み合っています'));
    const { user, onError } = setup(VIEWER_ID);
    await user.click(await screen.findByRole('button', { name: 'いいね 3' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    const like = screen.getByRole('button', { name: 'いいね 3' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });

  it('sends a visitor to the login page and back here afterwards', async () => {
    const { user, router } = setup(null);
    await user.click(await screen.findByRole('button', { name: 'いいね 3' }));
    await screen.findByText('ログイン画面');
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent(`/post/${POST_ID}`)}`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
