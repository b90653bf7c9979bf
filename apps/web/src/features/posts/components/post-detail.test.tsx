import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFlash } from '../../../lib/flash-message';
import type { ReportTarget } from '../../../lib/report-target';
import type { PostView } from '../api/get-post';
import {
  buildPost,
  envelope,
  OWNER_ID,
  POST_ID,
  renderWithApp,
  VIEWER_ID,
} from '../test/post-fixtures';
import { PostDetail } from './post-detail';

const IMAGES: PostView['images'] = [1, 2, 3].map((n) => ({
  id: `01936f2e-8b9c-7d3a-9c1e-00000000100${n}`,
  width: 1600,
  height: 1200,
  thumbWidth: 400,
  thumbHeight: 300,
}));

function toWire(post: PostView) {
  return {
    id: post.id,
    kind: post.kind,
    title: post.title,
    body: post.body,
    images: post.images.map((image) => ({
      id: image.id,
      width: image.width,
      height: image.height,
      thumb_width: image.thumbWidth,
      thumb_height: image.thumbHeight,
    })),
    user: post.user,
    station_group_id: post.stationGroupId,
    station: post.station
      ? {
          id: post.station.id,
          name: post.station.name,
          prefecture_name: post.station.prefectureName,
        }
      : null,
    parent_post_id: post.parentPostId,
    parent: post.parent,
    lat: post.lat,
    lng: post.lng,
    starts_at: post.startsAt,
    ends_at: post.endsAt,
    like_count: post.likeCount,
    liked: post.liked,
    want_count: post.wantCount,
    wanted: post.wanted,
    comment_count: post.commentCount,
    child_count: post.childCount,
    created_at: post.createdAt,
    updated_at: post.updatedAt,
  };
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function serve(post: PostView | null) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/v2/posts/${POST_ID}`) {
      return Promise.resolve(
        post ? envelope(200, toWire(post)) : envelope(404, null, '投稿が見つかりません。'),
      );
    }
    return Promise.resolve(envelope(200, { items: [], next_cursor: null }));
  });
}

function renderPost(viewerId: string | null, onReport?: (target: ReportTarget) => void) {
  renderWithApp(<PostDetail postId={POST_ID} viewerId={viewerId} onReport={onReport} />);
  return userEvent.setup();
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PostDetail', () => {
  it('shows an event with its Japan-time period, safe links and the station', async () => {
    serve(
      buildPost({
        kind: 'event',
        title: '駅まつり',
        body: '詳細は https://example.jp/matsuri を見てね。\njavascript:alert(1)',
        startsAt: '2026-05-01T01:00:00Z',
        endsAt: '2026-05-01T09:00:00Z',
      }),
    );
    renderPost(null);
    expect(await screen.findByRole('heading', { level: 1, name: '駅まつり' })).toBeTruthy();
    expect(screen.getByTestId('event-period').textContent).toBe('2026年5月1日(金) 10:00〜18:00');
    expect(screen.getByText('イベント')).toBeTruthy();
    expect(await screen.findByText('終了')).toBeTruthy();

    const link = screen.getByRole('link', { name: 'https://example.jp/matsuri' });
    expect(link.getAttribute('href')).toBe('https://example.jp/matsuri');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeTruthy();

    expect(screen.getByRole('link', { name: '東京駅' }).getAttribute('href')).toBe(
      '/station/1130101',
    );
    expect(screen.getByRole('link', { name: '駅太郎' }).getAttribute('href')).toBe(
      `/profile/${OWNER_ID}/posts`,
    );
    await waitFor(() => expect(document.title).toBe('駅まつり | えきスポ'));
    // Visitors see no owner actions.
    expect(screen.queryByRole('button', { name: '削除' })).toBeNull();
  });

  it('opens the photo viewer, moves with the arrow keys and gives focus back on Escape', async () => {
    serve(buildPost({ images: IMAGES }));
    const user = renderPost(VIEWER_ID);
    const thumbs = await screen.findAllByRole('button', { name: /写真を拡大表示/ });
    expect(thumbs).toHaveLength(3);
    const thumbImage = within(thumbs[1]!).getByRole('img', { hidden: true });
    expect(thumbImage.getAttribute('width')).toBe('400');
    expect(thumbImage.getAttribute('height')).toBe('300');
    expect(thumbImage.getAttribute('loading')).toBe('lazy');
    expect(thumbImage.getAttribute('alt')).toBe('駅前の展望台の写真（2枚目／全3枚）');

    await user.click(thumbs[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('viewer-position').textContent).toBe('2 / 3');
    expect(within(dialog).getByRole('img').getAttribute('src')).toContain('size=full');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('viewer-position').textContent).toBe('3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByTestId('viewer-position').textContent).toBe('1 / 3');
    await user.click(within(dialog).getByRole('button', { name: '前の写真' }));
    expect(within(dialog).getByTestId('viewer-position').textContent).toBe('3 / 3');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbs[1]));
  });

  it('names an untitled photo after its station or its spot, never 「写真の写真」', async () => {
    serve(buildPost({ kind: 'image', title: '', images: IMAGES.slice(0, 1) }));
    const user = renderPost(VIEWER_ID);
    await screen.findByRole('heading', { level: 1, name: '東京駅の写真' });
    await waitFor(() => expect(document.title).toBe('東京駅の写真 | えきスポ'));
    const thumb = await screen.findByRole('button', { name: /写真を拡大表示/ });
    expect(within(thumb).getByRole('img', { hidden: true }).getAttribute('alt')).toBe(
      '東京駅の写真（1枚目／全1枚）',
    );
    await user.click(thumb);
    const dialog = await screen.findByRole('dialog', { name: '東京駅の写真' });
    expect(dialog.textContent).not.toContain('写真の写真');
  });

  it('names an untitled photo of a spot after the spot', async () => {
    serve(
      buildPost({
        kind: 'image',
        title: '',
        parentPostId: POST_ID,
        parent: { id: POST_ID, kind: 'spot', title: '赤レンガ広場' },
      }),
    );
    renderPost(VIEWER_ID);
    await screen.findByRole('heading', { level: 1, name: '赤レンガ広場の写真' });
  });

  it.each([
    [{ kind: 'event' as const, parentPostId: POST_ID }, `/post/update/${POST_ID}/event`],
    [{ kind: 'event' as const }, `/post/update/event?postId=${POST_ID}`],
    [{ kind: 'image' as const }, `/post/update/image/1130101?postId=${POST_ID}`],
    [{ kind: 'image' as const, parentPostId: POST_ID }, `/post/update/${POST_ID}/image`],
  ])(
    'links the owner to the edit page that mirrors how the post was made',
    async (overrides, href) => {
      serve(buildPost(overrides));
      renderPost(OWNER_ID);
      expect((await screen.findByRole('link', { name: '編集' })).getAttribute('href')).toBe(href);
    },
  );

  it('gives the owner edit and delete, with the edit page for the kind', async () => {
    serve(buildPost({ kind: 'spot' }));
    const user = renderPost(OWNER_ID);
    const edit = await screen.findByRole('link', { name: '編集' });
    expect(edit.getAttribute('href')).toBe(`/post/update/spot?postId=${POST_ID}`);
    await user.click(screen.getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'この投稿を削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('deletes the post after confirming, then goes to its station with a notice', async () => {
    serve(buildPost({ kind: 'spot' }));
    const user = userEvent.setup();
    const { router } = renderWithApp(<PostDetail postId={POST_ID} viewerId={OWNER_ID} />);
    await user.click(await screen.findByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: 'この投稿を削除しますか？' });
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(init?.method === 'DELETE' ? envelope(200, null) : envelope(404, null)),
    );
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    await screen.findByText('別のページ');
    expect(router.state.location.pathname).toBe('/station/1130101');
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(call?.[0])).toBe(`/api/v2/posts/${POST_ID}`);
    expect(readFlash()?.text).toBe('投稿を削除しました。');
  });

  it('offers to add photos and events to a spot', async () => {
    serve(buildPost({ kind: 'spot' }));
    renderPost(VIEWER_ID);
    expect((await screen.findByRole('link', { name: '写真を追加' })).getAttribute('href')).toBe(
      `/post/create/${POST_ID}/image`,
    );
    expect(screen.getByRole('link', { name: 'イベントを追加' }).getAttribute('href')).toBe(
      `/post/create/${POST_ID}/event`,
    );
  });

  it('counts the attached posts it shows once they are all loaded (one deleted a moment ago)', async () => {
    // The spot's own count still says 1; the list of attached posts is empty now.
    serve(buildPost({ kind: 'spot', childCount: 1 }));
    renderPost(VIEWER_ID);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'この投稿の写真・イベント（0件）' }),
    ).toBeTruthy();
    expect(screen.getByText('まだ写真やイベントはありません。')).toBeTruthy();
  });

  it('copies the link and says so', async () => {
    serve(buildPost());
    const user = renderPost(VIEWER_ID);
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: '共有' }));
    await user.click(await screen.findByRole('menuitem', { name: 'リンクをコピー' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${POST_ID}`);
    expect(await screen.findByText('リンクをコピーしました')).toBeTruthy();
  });

  it('offers another member 「報告する」 in the post’s menu', async () => {
    serve(buildPost());
    const onReport = vi.fn<(target: ReportTarget) => void>();
    const user = renderPost(VIEWER_ID, onReport);
    const menuButton = await screen.findByRole('button', { name: 'この投稿のその他の操作' });
    expect(menuButton.getAttribute('aria-haspopup')).toBe('menu');
    // Keyboard: the button opens the menu, the item is chosen with Enter.
    menuButton.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: '報告する' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    await user.keyboard('{Enter}');
    expect(onReport).toHaveBeenCalledWith({ kind: 'post', id: POST_ID });
  });

  it.each([
    ['its owner', OWNER_ID],
    ['a visitor', null],
  ])('shows %s no 「報告する」', async (_who, viewerId) => {
    serve(buildPost());
    renderPost(viewerId, vi.fn());
    await screen.findByRole('heading', { level: 1, name: '駅前の展望台' });
    expect(screen.queryByRole('button', { name: 'この投稿のその他の操作' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: '報告する' })).toBeNull();
  });

  it('throws the 404 to the error boundary for a missing post', async () => {
    serve(null);
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPost(null);
    expect((await screen.findByTestId('route-error')).textContent).toBe('404');
  });

  it('tells the author that a moderator hid the post and a comment of theirs', async () => {
    const comment = {
      id: '01936f2e-8b9c-7d3a-9c1e-00000000c001',
      post_id: POST_ID,
      body: '宣伝です',
      user: { id: OWNER_ID, name: '駅太郎', avatar: null },
      hidden: true,
      created_at: '2026-05-01T02:00:00.000Z',
      updated_at: '2026-05-01T02:00:00.000Z',
    };
    fetchMock.mockImplementation((input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === `/api/v2/posts/${POST_ID}`) {
        return Promise.resolve(
          envelope(200, { ...toWire(buildPost({ commentCount: 1 })), hidden: true }),
        );
      }
      if (url.pathname === `/api/v2/posts/${POST_ID}/comments`) {
        return Promise.resolve(envelope(200, { items: [comment], next_cursor: null }));
      }
      return Promise.resolve(envelope(200, { items: [], next_cursor: null }));
    });
    renderPost(OWNER_ID);
    await screen.findByRole('heading', { level: 1, name: '駅前の展望台' });
    const postNotice = screen
      .getAllByRole('status')
      .find((status) => status.textContent?.includes('この投稿は運営により'));
    expect(postNotice?.textContent).toBe(
      'この投稿は運営により非表示にされています。あなた以外には表示されません。',
    );
    const commentArticle = await screen.findByTestId('comment');
    expect(within(commentArticle).getByRole('status').textContent).toBe(
      'このコメントは運営により非表示にされています。あなた以外には表示されません。',
    );
  });

  it('shows no notice on a post that is not hidden', async () => {
    serve(buildPost());
    renderPost(OWNER_ID);
    await screen.findByRole('heading', { level: 1, name: '駅前の展望台' });
    expect(screen.queryByText(/運営により非表示/)).toBeNull();
  });
});
