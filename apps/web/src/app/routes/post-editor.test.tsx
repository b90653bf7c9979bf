import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { postEditorRoute } from './post-editor';

const { Component: CreateEventPage } = postEditorRoute('create', 'event');
const { Component: CreateSpotPage } = postEditorRoute('create', 'spot');

const STATION_ID = 1130101;

const TOKYO = {
  id: STATION_ID,
  name: '東京',
  prefecture: { id: 13, name: '東京都' },
  closed: false,
  closed_on: null,
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

function envelope(status: number, data: unknown): Response {
  return new Response(
    JSON.stringify({ data, message: status === 200 ? '' : 'x', status, success: status === 200 }),
    { status },
  );
}

const fetchMock = vi.fn<typeof fetch>();

/** The API: Tokyo station, an empty station search, and 404 for anything else. */
function stubApi() {
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith(`/stations/${STATION_ID}`))
      return Promise.resolve(envelope(200, TOKYO));
    if (url.pathname.endsWith('/stations/search')) return Promise.resolve(envelope(200, []));
    return Promise.resolve(envelope(404, null));
  });
  vi.stubGlobal('fetch', fetchMock);
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/post/create/event', Component: CreateEventPage },
      { path: '/post/create/spot', Component: CreateSpotPage },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const stationRequests = () =>
  fetchMock.mock.calls.filter(([input]) => /\/stations\/\d+$/.test(String(input)));

beforeEach(stubApi);
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('/post/create/event', () => {
  it('starts at the station of ?stationGroupId= and cancels back to its page', async () => {
    renderAt(`/post/create/event?stationGroupId=${STATION_ID}`);
    const stationField = await screen.findByRole('combobox', { name: /駅/ });
    expect((stationField as HTMLInputElement).value).toBe('東京');
    expect(screen.getByText('東京駅（東京都）')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '駅' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'キャンセル' }).getAttribute('href')).toBe(
      `/station/${STATION_ID}`,
    );
  });

  it.each(['abc', '0', '-3', '1.5'])('ignores ?stationGroupId=%s', async (value) => {
    renderAt(`/post/create/event?stationGroupId=${value}`);
    const stationField = await screen.findByRole('combobox', { name: /駅/ });
    expect((stationField as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'キャンセル' }).getAttribute('href')).toBe('/');
    expect(stationRequests()).toEqual([]);
  });

  it('ignores a station that does not exist', async () => {
    renderAt('/post/create/event?stationGroupId=999999');
    const stationField = await screen.findByRole('combobox', { name: /駅/ });
    expect((stationField as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'キャンセル' }).getAttribute('href')).toBe('/');
    expect(stationRequests()).toHaveLength(1);
  });
});

describe('/post/create/spot', () => {
  it('opens its map around the station of ?stationGroupId= and cancels back to its page', async () => {
    renderAt(`/post/create/spot?stationGroupId=${STATION_ID}`);
    expect(
      await screen.findByText(
        '東京駅の近くのお気に入りの場所を地図で選んで、みんなに紹介しましょう。',
      ),
    ).toBeTruthy();
    expect(screen.getByText('地図は東京駅の周辺を表示しています。')).toBeTruthy();
    // No pin yet: the spot is where the member puts it, not the station itself.
    expect(screen.getByText('まだ場所が選ばれていません。')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'キャンセル' }).getAttribute('href')).toBe(
      `/station/${STATION_ID}`,
    );
  });

  it('opens over the whole of Japan without a station, or with one that does not exist', async () => {
    for (const url of ['/post/create/spot', '/post/create/spot?stationGroupId=999999']) {
      renderAt(url);
      expect(
        await screen.findByText('お気に入りの場所を地図で選んで、みんなに紹介しましょう。'),
      ).toBeTruthy();
      expect(screen.queryByText(/の周辺を表示しています/)).toBeNull();
      cleanup();
    }
  });
});
