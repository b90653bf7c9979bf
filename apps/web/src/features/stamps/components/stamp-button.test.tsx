import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { theme } from '../../../lib/theme';
import { StampButton } from './stamp-button';

const STATION = 1130101;

function envelope(status: number, data: unknown, message = '') {
  return new Response(
    JSON.stringify({ data, message, status, success: status < 400, errors: null }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let checkInAnswer: () => Response;

function renderButton(onStamped?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <StampButton stationGroupId={STATION} name="東京" onStamped={onStamped} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

/** When the granted position was measured: a check-in sends it (docs/stamps.md#queued-check-ins). */
const MEASURED_AT = Date.parse('2026-11-23T02:59:30.000Z');

function grantPosition(coords: { latitude: number; longitude: number; accuracy: number }) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords, timestamp: MEASURED_AT } as GeolocationPosition),
    },
  });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>().mockImplementation((input, init) => {
    if (init?.method === 'POST') return Promise.resolve(checkInAnswer());
    return Promise.resolve(
      envelope(200, { stamped_by_me: false, collected_on: null, stamp_count: 3 }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('StampButton', () => {
  it('sends the device position once and shows the new stamp in a dialog, then on the page', async () => {
    grantPosition({ latitude: 35.6812, longitude: 139.7664, accuracy: 12 });
    checkInAnswer = () =>
      envelope(201, {
        id: '01936f2e-8b9c-7d3a-9c1e-000000000001',
        station: { id: STATION, name: '東京', prefecture_name: '東京都' },
        collected_on: '2026-11-23',
        collected_at: '2026-11-23T03:00:00.000Z',
        distance_bucket: 0,
        stamp_count: 4,
        my_stamp_count: 32,
      });
    const onStamped = vi.fn();
    const user = renderButton(onStamped);
    expect(await screen.findByText('スタンプ 3人')).toBeTruthy();
    expect(onStamped).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'スタンプを押す' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタンプを押しました！' });
    expect(within(dialog).getByText('東京駅のスタンプを押しました！')).toBeTruthy();
    expect(within(dialog).getByText('あなたの32駅目のスタンプです')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '東京駅のスタンプ' })).toBeTruthy();
    // Four members have it: not the station's first.
    expect(within(dialog).queryByText('この駅で最初のスタンプ')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(await screen.findByRole('img', { name: '東京駅のスタンプ' })).toBeTruthy();
    expect(screen.getByText('スタンプ 4人')).toBeTruthy();
    // The page is told, to refresh the station's own count.
    expect(onStamped).toHaveBeenCalledTimes(1);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe(`/api/v2/stations/${STATION}/stamp`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      lat: 35.6812,
      lng: 139.7664,
      accuracy_m: 12,
      measured_at: '2026-11-23T02:59:30.000Z',
    });
  });

  it('explains the server’s refusal in Japanese', async () => {
    grantPosition({ latitude: 35.69, longitude: 139.7, accuracy: 12 });
    const message = '駅から約6.0km離れています。駅の500m以内でスタンプを押してください。';
    checkInAnswer = () =>
      new Response(
        JSON.stringify({
          data: null,
          message,
          status: 422,
          success: false,
          code: 'VALIDATION_FAILED',
          errors: { lat: [message], lng: [message] },
        }),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      );
    const onStamped = vi.fn();
    const user = renderButton(onStamped);
    await user.click(await screen.findByRole('button', { name: 'スタンプを押す' }));
    // In the same dialog, in view wherever the button was.
    const dialog = await screen.findByRole('dialog', { name: 'スタンプを押せませんでした' });
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(onStamped).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(await screen.findByRole('button', { name: 'スタンプを押す' })).toBeTruthy();
  });

  it("marks the station's first stamp with a badge", async () => {
    grantPosition({ latitude: 35.6812, longitude: 139.7664, accuracy: 12 });
    checkInAnswer = () =>
      envelope(201, {
        id: '01936f2e-8b9c-7d3a-9c1e-000000000002',
        station: { id: STATION, name: '東京', prefecture_name: '東京都' },
        collected_on: '2026-11-23',
        collected_at: '2026-11-23T03:00:00.000Z',
        distance_bucket: 0,
        stamp_count: 1,
        my_stamp_count: 1,
      });
    const user = renderButton();
    await user.click(await screen.findByRole('button', { name: 'スタンプを押す' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタンプを押しました！' });
    expect(within(dialog).getByText('この駅で最初のスタンプ')).toBeTruthy();
    expect(within(dialog).getByText('あなたの1駅目のスタンプです')).toBeTruthy();
  });

  it('explains a refused permission without calling the server', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
          failure({
            code: 1,
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
      },
    });
    const user = renderButton();
    await user.click(await screen.findByRole('button', { name: 'スタンプを押す' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '位置情報の利用が許可されていません。ブラウザの設定をご確認ください。',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
