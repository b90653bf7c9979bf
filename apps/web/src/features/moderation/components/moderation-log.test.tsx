import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { LOG_ENTRY } from '../test/moderation-fixtures';
import { ModerationLog } from './moderation-log';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

const HIDE = {
  ...LOG_ENTRY,
  id: '01936f2e-8b9c-7d3a-9c1e-00000000f002',
  action: 'hide',
  target: { kind: 'post', id: '01936f2e-8b9c-7d3a-9c1e-00000000a001' },
  target_owner: { id: '01936f2e-8b9c-7d3a-9c1e-0000000000a1', name: '宣伝太郎' },
  target_summary: '駅前の格安チケット',
  reason: '宣伝のみの投稿です',
  suspended_until: null,
  reports_closed: 3,
  created_at: '2026-11-25T05:07:00.000Z',
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ModerationLog', () => {
  it('lists who did what to what, when and why, page by page', async () => {
    fetchMock.mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      const cursor = url.searchParams.get('cursor');
      return Promise.resolve(
        envelope(200, {
          data: cursor
            ? { items: [HIDE], next_cursor: null }
            : { items: [LOG_ENTRY], next_cursor: 'next' },
          message: '',
        }),
      );
    });
    renderWithApp(<ModerationLog />);
    const log = await screen.findByRole('list', { name: '対応の記録' });
    const [first] = within(log).getAllByRole('listitem');
    expect(first?.textContent).toContain('アカウントを停止する');
    expect(first?.textContent).toContain('2026年11月26日(木) 10:00');
    expect(first?.textContent).toContain('対応者運営の駅長');
    expect(first?.textContent).toContain('メンバー荒らし花子');
    expect(first?.textContent).toContain('理由嫌がらせのコメントを繰り返しています');
    expect(first?.textContent).toContain('停止期限2026年12月3日まで');
    expect(first?.textContent).toContain('閉じた報告 2件');

    await userEvent.setup().click(screen.getByRole('button', { name: 'もっと見る' }));
    const second = (await within(log).findAllByRole('listitem'))[1];
    expect(second?.textContent).toContain('非表示にする');
    expect(second?.textContent).toContain('投稿駅前の格安チケット');
    expect(second?.textContent).toContain('投稿者宣伝太郎');
    expect(second?.textContent).not.toContain('停止期限');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v2/moderation/log?limit=30');
  });

  it('says when nothing has been done yet', async () => {
    fetchMock.mockResolvedValue(
      envelope(200, { data: { items: [], next_cursor: null }, message: '' }),
    );
    renderWithApp(<ModerationLog />);
    expect(await screen.findByText('まだ対応の記録はありません。')).toBeTruthy();
  });
});
