import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import {
  HIDDEN_COMMENT,
  LOG_ENTRY,
  OVERDUE_POST,
  POST_ID,
  SUSPENDED_MEMBER,
  TAKEDOWN_WITH_TARGET,
  TAKEDOWN_WITHOUT_TARGET,
} from '../test/moderation-fixtures';
import { ModerationQueue } from './moderation-queue';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function serve({
  reports = [OVERDUE_POST, HIDDEN_COMMENT, SUSPENDED_MEMBER] as unknown[],
  takedowns = [TAKEDOWN_WITH_TARGET, TAKEDOWN_WITHOUT_TARGET] as unknown[],
} = {}) {
  fetchMock.mockImplementation((input, init) => {
    const url = String(input);
    if (url === '/api/v2/moderation/reports') {
      return Promise.resolve(envelope(200, { data: { items: reports }, message: '' }));
    }
    if (url === '/api/v2/moderation/takedowns') {
      return Promise.resolve(envelope(200, { data: { items: takedowns }, message: '' }));
    }
    if (url === '/api/v2/moderation/actions' && init?.method === 'POST') {
      // The item leaves the queue once acted on.
      reports = reports.filter((item) => item !== OVERDUE_POST);
      return Promise.resolve(
        envelope(201, {
          data: { entry: { ...LOG_ENTRY, action: 'hide' }, message: '投稿を非表示にしました。' },
          message: '投稿を非表示にしました。',
        }),
      );
    }
    return Promise.resolve(envelope(404, { message: 'お探しのデータは見つかりませんでした。' }));
  });
}

function calls(url: string) {
  return fetchMock.mock.calls.filter(([called]) => String(called) === url);
}

function card(name: string | RegExp): HTMLElement {
  return screen.getByRole('article', { name });
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ModerationQueue', () => {
  it('shows each reported item with its state, author record, reasons and waiting time', async () => {
    serve();
    renderWithApp(<ModerationQueue />);
    const post = await screen.findByRole('article', { name: '駅前の格安チケット' });
    expect(screen.getByRole('tab', { name: '報告（3）', selected: true })).toBeTruthy();

    expect(
      within(post).getByRole('link', { name: '駅前の格安チケット' }).getAttribute('href'),
    ).toBe(`/post/${POST_ID}`);
    expect(within(post).getByText('こちらのサイトで激安チケットを販売中です')).toBeTruthy();
    expect(within(post).getByText('投稿')).toBeTruthy();
    expect(within(post).getByLabelText('状態：表示中')).toBeTruthy();
    expect(within(post).getByText('報告 3件')).toBeTruthy();
    expect(within(post).getByRole('link', { name: '宣伝太郎' })).toBeTruthy();
    expect(within(post).getByText('過去の報告 3件・対応 1件')).toBeTruthy();
    expect(
      within(post)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['スパム 2件', '不適切な画像 1件']);
    expect(
      within(post)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['対応不要として閉じる', '非表示にする', '削除する', '投稿者に警告する']);

    // A comment has no title: the start of its text names it; it can be shown again.
    const comment = card('ばかじゃないの');
    expect(within(comment).getByLabelText('状態：非表示')).toBeTruthy();
    expect(within(comment).getByRole('button', { name: '再表示する' })).toBeTruthy();
    expect(within(comment).queryByRole('button', { name: '非表示にする' })).toBeNull();

    const member = card('荒らし花子');
    expect(within(member).getByText('メンバー', { selector: 'dt' })).toBeTruthy();
    expect(within(member).getByText(/停止中（2026年12月3日まで）/)).toBeTruthy();
    expect(
      within(member)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      '対応不要として閉じる',
      'メンバーに警告する',
      'アカウントを停止する',
      '停止を解除する',
    ]);
  });

  it('marks an item waiting 7 days or more as overdue, in words as well as colour', async () => {
    serve();
    renderWithApp(<ModerationQueue />);
    const post = await screen.findByRole('article', { name: '駅前の格安チケット' });
    expect(post.getAttribute('data-overdue')).toBe('true');
    expect(within(post).getByTestId('waiting').textContent).toBe('9日経過期限超過');

    const comment = card('ばかじゃないの');
    expect(comment.getAttribute('data-overdue')).toBe('false');
    expect(within(comment).getByTestId('waiting').textContent).toBe('2日経過');
    expect(within(comment).queryByText('期限超過')).toBeNull();
  });

  it('acts through the dialog, then shows the API’s message and the refreshed queue', async () => {
    serve();
    renderWithApp(<ModerationQueue />);
    const user = userEvent.setup();
    const post = await screen.findByRole('article', { name: '駅前の格安チケット' });
    await user.click(within(post).getByRole('button', { name: '非表示にする' }));
    const dialog = await screen.findByRole('dialog', { name: '非表示にする' });
    expect(dialog.textContent).toContain('対象の投稿：駅前の格安チケット');
    const reason = within(dialog).getByRole('textbox', { name: /理由/ });
    // Focus moves into the dialog, as with the report dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.type(reason, '宣伝のみの投稿です');
    await user.click(within(dialog).getByRole('button', { name: '非表示にする' }));

    expect(await screen.findByText('投稿を非表示にしました。')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [, init] = calls('/api/v2/moderation/actions')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      action: 'hide',
      target: { kind: 'post', id: POST_ID },
      reason: '宣伝のみの投稿です',
    });
    expect(calls('/api/v2/moderation/reports').length).toBe(2);
    expect(screen.queryByRole('article', { name: '駅前の格安チケット' })).toBeNull();
    expect(screen.getByRole('tab', { name: '報告（2）' })).toBeTruthy();
    // The card that held the button is gone: focus is on the queue, not lost.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tabpanel')));
  });

  it('says when no report waits', async () => {
    serve({ reports: [] });
    renderWithApp(<ModerationQueue />);
    expect(await screen.findByText('未対応の報告はありません。')).toBeTruthy();
  });

  it('lists the takedown requests in their own tab, acting through the item they name', async () => {
    serve();
    const { router } = renderWithApp(<ModerationQueue />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: '削除の申し出（2）' }));
    expect(router.state.location.search).toBe('?tab=takedowns');

    const named = await screen.findByRole('article', {
      name: `https://ekispot.jp/post/${POST_ID}`,
    });
    expect(named.getAttribute('data-overdue')).toBe('true');
    expect(within(named).getByText('掲載されている本人')).toBeTruthy();
    expect(within(named).getByText('個人情報・プライバシー')).toBeTruthy();
    expect(within(named).getByText('山田花子 <hanako@example.jp>')).toBeTruthy();
    // The number the requester was given, to find the request when they write or call again.
    expect(within(named).getByText('受付番号')).toBeTruthy();
    expect(within(named).getByText('K7MX-3RPA')).toBeTruthy();
    expect(within(named).getByRole('link', { name: '開く' }).getAttribute('href')).toBe(
      `/post/${POST_ID}`,
    );
    expect(within(named).getByRole('button', { name: '削除する' })).toBeTruthy();

    const unnamed = card('https://example.com/somewhere');
    expect(within(unnamed).queryByRole('button')).toBeNull();
    expect(within(unnamed).getByText(/対象を特定できませんでした/)).toBeTruthy();
  });

  it('says when no takedown request waits', async () => {
    serve({ takedowns: [] });
    renderWithApp(<ModerationQueue />);
    await userEvent.setup().click(await screen.findByRole('tab', { name: '削除の申し出（0）' }));
    expect(await screen.findByText('未対応の削除の申し出はありません。')).toBeTruthy();
  });
});
