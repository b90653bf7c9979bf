import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { PostTimeline } from './post-timeline';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function post(n: number, kind: 'spot' | 'event' | 'image' = 'spot') {
  return {
    id: `01936f2e-8b9c-7d3a-9c1e-0000000003${String(n).padStart(2, '0')}`,
    kind,
    title: `投稿${n}`,
    body: '',
    images: [],
    user: { id: '01936f2e-8b9c-7d3a-9c1e-0000000000a1', name: '葵', avatar: null },
    station_group_id: null,
    station: null,
    parent_post_id: null,
    parent: null,
    lat: null,
    lng: null,
    starts_at: null,
    ends_at: null,
    like_count: 0,
    liked: false,
    want_count: 0,
    wanted: false,
    comment_count: 0,
    child_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
}

function envelope(data: unknown): Response {
  return new Response(
    JSON.stringify({ data, message: '', status: 200, success: true, errors: null }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('PostTimeline', () => {
  it('lists posts, pages with the more button, and filters by kind chips', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('limit') === '1')
        return envelope({ items: [post(1)], next_cursor: null });
      if (url.searchParams.get('kinds') === 'event')
        return envelope({ items: [post(9, 'event')], next_cursor: null });
      if (url.searchParams.get('cursor') === 'next')
        return envelope({ items: [post(3)], next_cursor: null });
      return envelope({ items: [post(1), post(2)], next_cursor: 'next' });
    });
    const { router } = renderWithApp(<PostTimeline scope="all" signedIn={false} />);
    expect(await screen.findByText('投稿1')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('投稿3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'イベント' }));
    expect(await screen.findByText('投稿9')).toBeTruthy();
    expect(router.state.location.search).toBe('?kinds=event');
    expect(screen.getByRole('button', { name: 'イベント' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((url) => url.includes('/api/v2/timeline/posts?scope=all&kinds=event'))).toBe(
      true,
    );
    expect(screen.queryByRole('tab', { name: 'フォロー中' })).toBeNull();
  });

  it('offers newer posts with a pill, and shows them when pressed', async () => {
    let newest = 1;
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('limit') === '1')
        return envelope({ items: [post(newest)], next_cursor: null });
      return envelope({
        items: newest === 1 ? [post(1)] : [post(newest), post(1)],
        next_cursor: null,
      });
    });
    vi.stubGlobal('scrollTo', () => {});
    const { queryClient } = renderWithApp(<PostTimeline scope="all" signedIn />);
    expect(await screen.findByText('投稿1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新しい投稿があります' })).toBeNull();

    newest = 5;
    await queryClient.refetchQueries({ predicate: (q) => q.queryKey.includes('newest') });
    const pill = await screen.findByRole('button', { name: '新しい投稿があります' });
    await userEvent.setup().click(pill);
    expect(await screen.findByText('投稿5')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '新しい投稿があります' })).toBeNull(),
    );
  });
});
