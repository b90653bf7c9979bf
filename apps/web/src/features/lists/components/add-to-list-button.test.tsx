import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { AddToListButton } from './add-to-list-button';

const LIST_A = '01936f2e-8b9c-7d3a-9c1e-0000000000a1';
const LIST_B = '01936f2e-8b9c-7d3a-9c1e-0000000000b2';
const ITEM = '01936f2e-8b9c-7d3a-9c1e-0000000000c3';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function envelope(status: number, data: unknown, message = '', errors: unknown = null): Response {
  return new Response(JSON.stringify({ data, message, status, success: status < 400, errors }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const containing = (itemOfA: string | null) => ({
  items: [
    { id: LIST_A, title: '秩父の駅めぐり', is_public: true, item_count: 3, item_id: itemOfA },
    { id: LIST_B, title: '行ってみたい駅そば', is_public: false, item_count: 0, item_id: null },
  ],
});

const item = {
  id: ITEM,
  position: 1,
  note: '',
  station: { id: 1130101, name: '東京', prefecture_name: '東京都', closed: false },
  post: null,
  lat: 35.68,
  lng: 139.76,
  created_at: '2026-11-23T00:00:00.000Z',
};

/** Answers by method and path, and records what was sent. */
function answer(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    return Promise.resolve(route ? route() : envelope(404, null, 'not found'));
  });
}

function sent(method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && String(input).includes(path))
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
}

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

function setup() {
  const onNotice = vi.fn();
  renderWithApp(<AddToListButton target={{ stationGroupId: 1130101 }} onNotice={onNotice} />);
  return { onNotice, user: userEvent.setup() };
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AddToListButton', () => {
  it('shows the member’s lists with a check where the station is, and adds it in place', async () => {
    let inA = false;
    answer({
      'GET /api/v2/lists/containing': () => envelope(200, containing(inA ? ITEM : null)),
      [`POST /api/v2/lists/${LIST_A}/items`]: () => {
        inA = true;
        return envelope(201, item, 'リストに追加しました。');
      },
    });
    const { user, onNotice } = setup();
    await user.click(screen.getByRole('button', { name: 'リストに追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'リストに追加' });
    const boxA = await within(dialog).findByRole('checkbox', { name: '秩父の駅めぐり' });
    expect(checked(boxA)).toBe(false);
    expect(checked(within(dialog).getByRole('checkbox', { name: /行ってみたい駅そば/ }))).toBe(
      false,
    );

    await user.click(boxA);
    expect(checked(boxA)).toBe(true);
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith('「秩父の駅めぐり」に追加しました。'),
    );
    expect(sent('POST', `/lists/${LIST_A}/items`)).toEqual([
      { station_group_id: 1130101, note: '' },
    ]);
    await waitFor(() => expect(checked(boxA)).toBe(true));
  });

  it('takes the check back when the server refuses, and says why', async () => {
    answer({
      'GET /api/v2/lists/containing': () => envelope(200, containing(null)),
      [`POST /api/v2/lists/${LIST_A}/items`]: () =>
        envelope(422, null, '1つのリストに追加できるのは500件までです。'),
    });
    const { user, onNotice } = setup();
    await user.click(screen.getByRole('button', { name: 'リストに追加' }));
    const boxA = await screen.findByRole('checkbox', { name: '秩父の駅めぐり' });
    await user.click(boxA);
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith('1つのリストに追加できるのは500件までです。'),
    );
    await waitFor(() => expect(checked(boxA)).toBe(false));
  });

  it('creates a new list with the station in it, and checks the title first', async () => {
    const created = {
      id: LIST_B,
      title: '新しい駅めぐり',
      description: '',
      is_public: true,
      user: { id: '01936f2e-8b9c-7d3a-9c1e-0000000000d4', name: '千尋', avatar: null },
      item_count: 0,
      cover: null,
      created_at: '2026-11-23T00:00:00.000Z',
      updated_at: '2026-11-23T00:00:00.000Z',
    };
    answer({
      'GET /api/v2/lists/containing': () => envelope(200, { items: [] }),
      'POST /api/v2/lists': () => envelope(201, created),
      [`POST /api/v2/lists/${LIST_B}/items`]: () => envelope(201, item),
    });
    const { user, onNotice } = setup();
    await user.click(screen.getByRole('button', { name: 'リストに追加' }));
    await screen.findByText('まだリストがありません。');
    await user.click(screen.getByRole('button', { name: '作成して追加' }));
    await screen.findByText('タイトルを入力してください。');
    expect(sent('POST', '/api/v2/lists')).toEqual([]);

    await user.type(screen.getByLabelText('新しいリストのタイトル'), '新しい駅めぐり');
    await user.click(screen.getByRole('button', { name: '作成して追加' }));
    await waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith('「新しい駅めぐり」に追加しました。'),
    );
    expect(sent('POST', `/lists/${LIST_B}/items`)).toEqual([
      { station_group_id: 1130101, note: '' },
    ]);
  });
});
