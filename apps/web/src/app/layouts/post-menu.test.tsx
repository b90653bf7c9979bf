import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stationQueryOptions } from '../../features/stations/api/get-station';
import { createQueryClient } from '../../lib/query-client';
import { theme } from '../../lib/theme';
import { envelope } from '../../test/api-response';
import { PostMenu } from './post-menu';

const TOKYO = 1130101;

function station(id: number, name: string, closed = false) {
  return {
    id,
    name,
    prefecture: { id: 13, name: '東京都' },
    closed,
    closed_on: closed ? '2000-01-01' : null,
    postal_code: '100-0005',
    opened_on: null,
    lat: 35.681236,
    lng: 139.767125,
    lines: [],
    address: '東京都千代田区丸の内一丁目',
    stations: [],
    transfers: [],
    counts: { posts: 0, want_to_visit: 0, stamps: 0 },
  };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockImplementation((input) => {
      const id = Number(/\/stations\/(\d+)$/.exec(String(input))?.[1]);
      if (id === TOKYO)
        return Promise.resolve(envelope(200, { data: station(id, '東京'), message: '' }));
      if (id === 1130199)
        return Promise.resolve(envelope(200, { data: station(id, '旧駅', true), message: '' }));
      return Promise.resolve(envelope(404, { message: '見つかりません。' }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The bottom bar's 「投稿」 on `path`, with the station that page has loaded. */
async function openMenuAt(path: string, stationId?: number) {
  const queryClient = createQueryClient();
  if (stationId) await queryClient.prefetchQuery(stationQueryOptions(stationId));
  const router = createMemoryRouter([{ path: '*', element: <PostMenu variant="bottom" /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '投稿' }));
  await screen.findByRole('menu');
  return { user, router };
}

const entry = (name: RegExp) => screen.getByRole('menuitem', { name });

describe('PostMenu', () => {
  it('starts every entry at the station whose page is open', async () => {
    const { user, router } = await openMenuAt(`/station/${TOKYO}`, TOKYO);
    expect(entry(/^スポット/).getAttribute('href')).toBe(
      `/post/create/spot?stationGroupId=${TOKYO}`,
    );
    expect(entry(/^スポット/).textContent).toContain('東京駅の近くの場所を地図で選んで投稿');
    expect(entry(/^イベント/).getAttribute('href')).toBe(
      `/post/create/event?stationGroupId=${TOKYO}`,
    );
    expect(entry(/^駅の写真/).getAttribute('href')).toBe(`/post/create/image/${TOKYO}`);
    expect(entry(/^駅の写真/).textContent).toContain('東京駅の写真を投稿');
    // Straight to the form: no question which station.
    await user.click(entry(/^駅の写真/));
    expect(router.state.location.pathname).toBe(`/post/create/image/${TOKYO}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('elsewhere opens a blank spot and asks for the station of a photo', async () => {
    const { user } = await openMenuAt('/rankings/impact');
    expect(entry(/^スポット/).getAttribute('href')).toBe('/post/create/spot');
    expect(entry(/^駅の写真/).getAttribute('href')).toBeNull();
    await user.click(entry(/^駅の写真/));
    expect(await screen.findByRole('dialog', { name: '写真の駅を選ぶ' })).toBeTruthy();
  });

  it('does not start at a 廃駅, which takes no new posts', async () => {
    await openMenuAt('/station/1130199', 1130199);
    expect(entry(/^スポット/).getAttribute('href')).toBe('/post/create/spot');
    expect(entry(/^イベント/).getAttribute('href')).toBeNull();
  });
});
