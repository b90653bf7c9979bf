import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { theme } from '../../../lib/theme';
import { StationPosts } from './station-posts';
import { StationWantButton } from './station-want-button';

const STATION = 1130101;

function wirePost(n: number, kind: 'spot' | 'event' | 'image') {
  return {
    id: `01936f2e-8b9c-7d3a-9c1e-0000000020${String(n).padStart(2, '0')}`,
    kind,
    title: `投稿${n}`,
    body: '',
    images: [],
    user: { id: '01936f2e-8b9c-7d3a-9c1e-0000000000a1', name: '駅太郎', avatar: null },
    station_group_id: STATION,
    station: { id: STATION, name: '東京', prefecture_name: '東京都' },
    parent_post_id: null,
    parent: null,
    lat: null,
    lng: null,
    starts_at: kind === 'event' ? '2026-05-01T01:00:00Z' : null,
    ends_at: kind === 'event' ? '2026-05-01T09:00:00Z' : null,
    like_count: 0,
    liked: false,
    want_count: 0,
    wanted: false,
    comment_count: 0,
    child_count: 0,
    created_at: '2026-05-01T00:00:00.000Z',
    updated_at: '2026-05-01T00:00:00.000Z',
  };
}

function envelope(status: number, data: unknown) {
  return new Response(
    JSON.stringify({ data, message: '', status, success: status < 400, errors: null }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderInApp(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>().mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const kind = url.searchParams.get('kind');
    if (url.searchParams.get('cursor') === 'next') {
      return Promise.resolve(envelope(200, { items: [wirePost(3, 'spot')], next_cursor: null }));
    }
    const items =
      kind === 'event' ? [wirePost(2, 'event')] : [wirePost(1, 'image'), wirePost(2, 'event')];
    return Promise.resolve(envelope(200, { items, next_cursor: kind === null ? 'next' : null }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('StationPosts', () => {
  it('lists the station posts, pages with もっと見る and filters by kind in tabs', async () => {
    const user = renderInApp(<StationPosts stationGroupId={STATION} />);
    expect(await screen.findByText('投稿1')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v2/stations/${STATION}/posts?limit=12`);
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('投稿3')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'イベント' }));
    await waitFor(() => expect(screen.queryByText('投稿1')).toBeNull());
    expect(screen.getByText('投稿2')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'イベント' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('kind=event'))).toBe(true);
  });

  it('offers a retry when the posts cannot be read, and says when a kind has none', async () => {
    let failing = true;
    fetchMock.mockImplementation((input) => {
      if (failing) return Promise.resolve(envelope(500, null));
      const kind = new URL(String(input), 'http://localhost').searchParams.get('kind');
      const items = kind === 'spot' ? [] : [wirePost(1, 'image')];
      return Promise.resolve(envelope(200, { items, next_cursor: null }));
    });
    const user = renderInApp(<StationPosts stationGroupId={STATION} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('投稿を読み込めませんでした。');

    failing = false;
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('投稿1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'スポット' }));
    expect(await screen.findByText('まだスポットの投稿はありません。')).toBeTruthy();
  });

  it('links to posting a photo and an event here', async () => {
    renderInApp(<StationPosts stationGroupId={STATION} />);
    expect(
      (await screen.findByRole('link', { name: 'この駅の写真を投稿' })).getAttribute('href'),
    ).toBe(`/post/create/image/${STATION}`);
    expect(screen.getByRole('link', { name: 'イベントを投稿' }).getAttribute('href')).toBe(
      `/post/create/event?stationGroupId=${STATION}`,
    );
  });
});

describe('StationWantButton', () => {
  /** GET answers the viewer's state; POST/DELETE answer `after`. */
  function serve(before: { wanted: boolean; want_count: number }, after: Response | null) {
    fetchMock.mockImplementation((_url: unknown, init?: RequestInit) =>
      Promise.resolve(
        (init?.method ?? 'GET') === 'GET'
          ? envelope(200, before)
          : (after ?? envelope(200, { wanted: !before.wanted, want_count: before.want_count })),
      ),
    );
  }
  const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('shows the viewer’s own state, turns on at once, then shows what the server says', async () => {
    serve({ wanted: false, want_count: 5 }, envelope(200, { wanted: true, want_count: 6 }));
    const user = renderInApp(
      <StationWantButton stationGroupId={STATION} count={4} onError={() => undefined} />,
    );
    const button = await screen.findByRole('button', { name: '行きたい 5' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    const pressed = screen.getByRole('button', { name: /行きたい/ });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('button', { name: '行きたい 6' });
    const [url] = writes()[0] ?? [];
    expect(String(url)).toBe(`/api/v2/stations/${STATION}/want-to-visit`);
  });

  it('starts pressed when the viewer already wants to visit', async () => {
    serve({ wanted: true, want_count: 3 }, null);
    renderInApp(<StationWantButton stationGroupId={STATION} count={3} onError={() => undefined} />);
    const button = await screen.findByRole('button', { name: '行きたい 3' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
  });

  it('goes back and reports a failure', async () => {
    serve({ wanted: false, want_count: 4 }, envelope(500, null));
    const onError = vi.fn();
    const user = renderInApp(
      <StationWantButton stationGroupId={STATION} count={4} onError={onError} />,
    );
    await user.click(await screen.findByRole('button', { name: '行きたい 4' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: '行きたい 4' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });
});
