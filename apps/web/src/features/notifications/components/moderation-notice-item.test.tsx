import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { NotificationList } from './notification-list';

const POST_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000c3';
const READER = { id: '01936f2e-8b9c-7d3a-9c1e-000000000101', name: '読者さん', avatar: null };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function notice(
  n: number,
  moderation: Record<string, unknown>,
  post: { id: string; kind: string; title: string } | null = null,
) {
  const id = `01936f2e-8b9c-7d3a-9c1e-0000000003a${n}`;
  return {
    id,
    ids: [id],
    type: 'moderation',
    target: { post, comment_id: null, station: null },
    // The reader themselves: never to be shown as a person.
    actors: [READER],
    actor_count: 1,
    latest_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: true,
    moderation: { reason: null, suspended_until: null, ...moderation },
  };
}

const POST = { id: POST_ID, kind: 'spot', title: '駅前の格安チケット' };

function serve(items: unknown[]) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      String(input).endsWith('/read')
        ? envelope(200, { data: { unread_count: 0 }, message: '' })
        : envelope(200, { data: { items, next_cursor: null }, message: '' }),
    ),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('moderation notifications', () => {
  it('come from 「運営チーム」 with a neutral sign, never from the reader as a person', async () => {
    serve([
      notice(1, { action: 'hide', role: 'reporter', target_kind: 'post' }, POST),
      notice(2, { action: 'dismiss', role: 'reporter', target_kind: 'comment' }),
    ]);
    renderWithApp(<NotificationList notify={() => {}} />);
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(within(item).getByText('運営チーム')).toBeTruthy();
      expect(item.textContent).not.toContain('読者さん');
      expect(within(item).queryByRole('img')).toBeNull();
    }
    // To a reporter: what became of the report; a hidden post is no longer theirs to open.
    expect(items[0]?.textContent).toContain(
      '報告いただいた投稿について、運営チームが非表示にしました。',
    );
    expect(items[0]?.tagName).not.toBe('A');
    expect(items[1]?.textContent).toContain('報告いただいたコメントについて');
    expect(items[1]?.textContent).toContain('違反は見つかりませんでした');
  });

  it('tell the author what was done and why, leading to the item while they can see it', async () => {
    serve([
      notice(
        1,
        { action: 'hide', role: 'author', target_kind: 'post', reason: '宣伝のみの投稿です' },
        POST,
      ),
      notice(
        2,
        { action: 'warn', role: 'author', target_kind: 'post', reason: '連投はお控えください' },
        POST,
      ),
      notice(3, {
        action: 'suspend',
        role: 'author',
        target_kind: 'user',
        reason: '嫌がらせの繰り返し',
        suspended_until: '2026-12-03T00:00:00.000Z',
      }),
      notice(4, { action: 'restore', role: 'author', target_kind: 'post' }, POST),
      notice(
        5,
        { action: 'remove', role: 'author', target_kind: 'post', reason: '権利侵害' },
        POST,
      ),
    ]);
    renderWithApp(<NotificationList notify={() => {}} />);
    const [hidden, warned, suspended, restored, removed] =
      await screen.findAllByTestId('notification-item');

    expect(hidden?.textContent).toContain('あなたの投稿は運営チームにより非表示になりました');
    expect(hidden?.textContent).toContain('理由：宣伝のみの投稿です');
    expect(hidden?.getAttribute('href')).toBe(`/post/${POST_ID}`);
    expect(hidden?.textContent).toContain('駅前の格安チケット');

    expect(warned?.textContent).toContain('警告があります');
    expect(warned?.textContent).toContain('理由：連投はお控えください');

    expect(suspended?.textContent).toContain('2026年12月3日まで停止されています');
    expect(suspended?.textContent).toContain('理由：嫌がらせの繰り返し');
    expect(suspended?.getAttribute('href')).toBeNull();

    expect(restored?.textContent).toContain('再び表示されるようになりました');
    expect(restored?.getAttribute('href')).toBe(`/post/${POST_ID}`);

    expect(removed?.textContent).toContain('削除されました');
    expect(removed?.getAttribute('href')).toBeNull();
  });
});
