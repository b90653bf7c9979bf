import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithApp } from '../../../test/render-with-app';
import { notificationKeys } from '../api/query-keys';
import { NotificationList } from './notification-list';

const POST_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000c3';
const COMMENT_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000c4';
const actor = (n: number) => ({
  id: `01936f2e-8b9c-7d3a-9c1e-00000000010${n}`,
  name: `会員${n}`,
  avatar: null,
});

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function envelope(data: unknown): Response {
  return new Response(
    JSON.stringify({ data, message: '', status: 200, success: true, errors: null }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}

const page = {
  items: [
    {
      id: '01936f2e-8b9c-7d3a-9c1e-0000000002a1',
      ids: ['01936f2e-8b9c-7d3a-9c1e-0000000002a1', '01936f2e-8b9c-7d3a-9c1e-0000000002a2'],
      type: 'like',
      target: {
        post: { id: POST_ID, kind: 'spot', title: '駅前の時計' },
        comment_id: null,
        station: null,
      },
      actors: [actor(1), actor(2), actor(3)],
      actor_count: 4,
      latest_at: new Date(Date.now() - 3 * 60_000).toISOString(),
      read: false,
    },
    {
      id: '01936f2e-8b9c-7d3a-9c1e-0000000002b1',
      ids: ['01936f2e-8b9c-7d3a-9c1e-0000000002b1'],
      type: 'comment',
      target: {
        post: { id: POST_ID, kind: 'spot', title: '駅前の時計' },
        comment_id: COMMENT_ID,
        station: null,
      },
      actors: [actor(4)],
      actor_count: 1,
      latest_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      read: true,
    },
  ],
  next_cursor: null,
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationList', () => {
  it('shows grouped sentences with times and links, and marks the unread ones it shows read', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/v2/notifications/read')) return envelope({ unread_count: 0 });
      return envelope(page);
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount: 2 });
    renderWithApp(<NotificationList notify={() => {}} />, queryClient);

    expect(await screen.findByText('会員1さんほか3人があなたの投稿にいいねしました')).toBeTruthy();
    expect(screen.getByText('3分前')).toBeTruthy();
    expect(screen.getByText('2時間前')).toBeTruthy();
    const comment = screen.getByText('会員4さんがあなたの投稿にコメントしました').closest('a');
    expect(comment?.getAttribute('href')).toBe(`/post/${POST_ID}/comment/${COMMENT_ID}`);
    const items = screen.getAllByTestId('notification-item');
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'true']);

    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url) === '/api/v2/notifications/read'),
      ).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/read')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ ids: page.items[0]!.ids });
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ unreadCount: 0 }),
    );
    // The page keeps showing what was new until it is opened again.
    expect(screen.getAllByTestId('notification-item')[0]?.getAttribute('data-read')).toBe('false');
  });

  it('marks everything read on request', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/read') ? envelope({ unread_count: 0 }) : envelope(page),
    );
    const notify = vi.fn();
    renderWithApp(<NotificationList notify={notify} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'すべて既読にする' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('すべての通知を既読にしました。'));
  });
});
