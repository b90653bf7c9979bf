import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { postQueryKey, usePost } from '../api/get-post';
import {
  buildPost,
  envelope,
  OWNER_ID,
  POST_ID,
  renderWithApp,
  VIEWER_ID,
} from '../test/post-fixtures';
import { CommentsSection } from './comments-section';

const OTHER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000c3';

function comment(n: number, userId: string, name: string) {
  const id = `01936f2e-8b9c-7d3a-9c1e-0000000010${String(n).padStart(2, '0')}`;
  return {
    id,
    post_id: POST_ID,
    body: `コメント${n}`,
    user: { id: userId, name, avatar: null },
    created_at: `2026-05-01T0${n}:00:00.000Z`,
    updated_at: `2026-05-01T0${n}:00:00.000Z`,
  };
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function Harness({
  viewerId,
  onReport,
}: {
  viewerId: string | null;
  onReport?: ComponentProps<typeof CommentsSection>['onReport'];
}) {
  const post = usePost(POST_ID);
  if (!post.data) return null;
  return (
    <CommentsSection
      postId={POST_ID}
      postOwnerId={post.data.user.id}
      commentCount={post.data.commentCount}
      viewerId={viewerId}
      onError={() => undefined}
      onReport={onReport}
    />
  );
}

function setup(viewerId: string | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(postQueryKey(POST_ID), buildPost({ commentCount: 3 }));
  const onReport = vi.fn();
  renderWithApp(<Harness viewerId={viewerId} onReport={onReport} />, { queryClient });
  return { user: userEvent.setup(), queryClient, onReport };
}

function routeFetch(handler: (url: URL, init: RequestInit | undefined) => Response) {
  fetchMock.mockImplementation((input, init) =>
    Promise.resolve(handler(new URL(String(input), 'http://localhost'), init)),
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  routeFetch((url) => {
    if (url.searchParams.get('cursor') === 'page2') {
      return envelope(200, { items: [comment(3, OTHER_ID, '駅花子')], next_cursor: null });
    }
    return envelope(200, {
      items: [comment(1, OTHER_ID, '駅花子'), comment(2, VIEWER_ID, '駅次郎')],
      next_cursor: 'page2',
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('CommentsSection', () => {
  it('lists comments oldest first and loads more with 「もっと見る」', async () => {
    const { user } = setup(VIEWER_ID);
    expect(await screen.findByText('コメント1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'コメント（3件）' })).toBeTruthy();
    expect(screen.queryByText('コメント3')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('コメント3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).toBeNull();
    const texts = screen.getAllByTestId('comment').map((node) => node.textContent ?? '');
    expect(texts.map((text) => /コメント\d/.exec(text)?.[0])).toEqual([
      'コメント1',
      'コメント2',
      'コメント3',
    ]);
  });

  it('lets the author edit and delete only their own comment', async () => {
    setup(VIEWER_ID);
    await screen.findByText('コメント1');
    const [others, mine] = screen.getAllByTestId('comment');
    expect(within(others!).queryByRole('button', { name: '編集' })).toBeNull();
    expect(within(others!).queryByRole('button', { name: '削除' })).toBeNull();
    expect(within(mine!).getByRole('button', { name: '編集' })).toBeTruthy();
    expect(within(mine!).getByRole('button', { name: '削除' })).toBeTruthy();
  });

  it('offers 「報告する」 on others’ comments only, in each comment’s menu', async () => {
    const { user, onReport } = setup(VIEWER_ID);
    await screen.findByText('コメント1');
    const [others, mine] = screen.getAllByTestId('comment');
    expect(within(mine!).queryByRole('button', { name: /その他の操作/ })).toBeNull();
    await user.click(
      within(others!).getByRole('button', { name: '駅花子さんのコメントのその他の操作' }),
    );
    const item = await screen.findByRole('menuitem', { name: '報告する' });
    expect(item.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(item);
    expect(onReport).toHaveBeenCalledWith({ kind: 'comment', id: comment(1, OTHER_ID, '').id });
  });

  it('shows a visitor no comment menu', async () => {
    setup(null);
    await screen.findByText('コメント1');
    expect(screen.queryByRole('button', { name: /その他の操作/ })).toBeNull();
  });

  it("lets the post's owner delete anyone's comment, after confirming", async () => {
    const { user, queryClient } = setup(OWNER_ID);
    await screen.findByText('コメント1');
    const first = screen.getAllByTestId('comment')[0]!;
    expect(within(first).queryByRole('button', { name: '編集' })).toBeNull();

    routeFetch((_url, init) =>
      init?.method === 'DELETE' ? envelope(200, null) : envelope(500, null),
    );
    await user.click(within(first).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'このコメントを削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除' }));

    await waitFor(() => expect(screen.queryByText('コメント1')).toBeNull());
    expect(screen.getByRole('heading', { name: 'コメント（2件）' })).toBeTruthy();
    const deleteCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(deleteCall?.[0])).toContain(`/posts/${POST_ID}/comments/`);
    expect(queryClient.getQueryData<{ commentCount: number }>(postQueryKey(POST_ID))).toMatchObject(
      { commentCount: 2 },
    );
  });

  it('checks the text, then posts a comment and counts it', async () => {
    const { user } = setup(VIEWER_ID);
    await screen.findByText('コメント1');
    // Load the last page first, so the new comment can go straight to the end.
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await screen.findByText('コメント3');

    await user.click(screen.getByRole('button', { name: 'コメントする' }));
    expect(await screen.findByText('コメントを入力してください。')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    routeFetch((_url, init) => {
      if (init?.method !== 'POST') return envelope(500, null);
      expect(JSON.parse(String(init.body))).toEqual({ body: '素敵な場所ですね' });
      return envelope(201, { ...comment(4, VIEWER_ID, '駅次郎'), body: '素敵な場所ですね' });
    });
    await user.type(screen.getByRole('textbox', { name: /コメント/ }), '  素敵な場所ですね ');
    await user.click(screen.getByRole('button', { name: 'コメントする' }));

    expect(await screen.findByText('素敵な場所ですね')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'コメント（4件）' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /コメント/ }) as HTMLTextAreaElement).value).toBe(
      '',
    );
  });

  it('edits a comment in place', async () => {
    const { user } = setup(VIEWER_ID);
    await screen.findByText('コメント2');
    const mine = screen.getAllByTestId('comment')[1]!;
    routeFetch((_url, init) =>
      init?.method === 'PATCH'
        ? envelope(200, {
            ...comment(2, VIEWER_ID, '駅次郎'),
            body: '書き直しました',
            updated_at: '2026-05-02T00:00:00.000Z',
          })
        : envelope(500, null),
    );
    await user.click(within(mine).getByRole('button', { name: '編集' }));
    const box = within(mine).getByRole('textbox', { name: /コメントを編集/ });
    await user.clear(box);
    await user.type(box, '書き直しました');
    await user.click(within(mine).getByRole('button', { name: '保存' }));
    expect(await within(mine).findByText('書き直しました')).toBeTruthy();
    expect(within(mine).getByText(/編集済み/)).toBeTruthy();
  });

  it('asks a visitor to log in instead of showing the form', async () => {
    setup(null);
    await screen.findByText('コメント1');
    expect(screen.queryByRole('textbox')).toBeNull();
    const login = screen.getByRole('link', { name: 'ログイン' });
    expect(login.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/post/${POST_ID}`)}`,
    );
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
  });
});
