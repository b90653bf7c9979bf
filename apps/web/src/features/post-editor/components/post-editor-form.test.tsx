import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { apiUpload } from '../../../lib/api-upload';
import type { UploadProgress } from '../../../lib/api-upload';
import { createQueryClient } from '../../../lib/query-client';
import { theme } from '../../../lib/theme';
import type { PostData } from '../api/post-data';
import { buildPost, IMAGE_IDS, imageFile, OWNER_ID, POST_ID } from '../test/post-fixture';
import { EditPostView } from './edit-post-view';
import { PostEditorKitProvider } from './editor-kit';
import type { PostEditorKit } from './editor-kit';
import { PostEditorForm } from './post-editor-form';

vi.mock('../../../lib/api-upload', () => ({ apiUpload: vi.fn() }));
const upload = vi.mocked(apiUpload);

/**
 * The test DOM has no WebGL: the map is a plain box here, saying where it opened; the browser
 * journeys cover the real one.
 */
const testKit: PostEditorKit = {
  MapView: ({ initialViewState }) => (
    <div data-testid="map" data-start={JSON.stringify(initialViewState)} />
  ),
  StationSearchBox: () => null,
  useStationSearch: () => ({ stations: [], loading: false }),
  useNearestStation: () => null,
};

function PostPage() {
  return <p>投稿ページ {useParams().postId}</p>;
}

function renderAt(path: string, element: ReactNode, options: { applyAccept?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/post/:postId', element: <PostPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>
        <PostEditorKitProvider kit={testKit}>
          <RouterProvider router={router} />
        </PostEditorKitProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup(options);
}

/** The call the form made, and a way to finish it. */
function holdUpload() {
  let finish: (post: PostData) => void = () => undefined;
  upload.mockImplementationOnce(
    (_path, options) =>
      new Promise((resolve) => {
        options.onProgress?.({ loaded: 50, total: 100, fraction: 0.5 } satisfies UploadProgress);
        finish = (post) =>
          resolve({ success: true, data: post, message: '', status: 200, errors: null });
      }),
  );
  return { finish: (post: PostData) => finish(post) };
}

function sentBody(): FormData {
  const body = upload.mock.calls[0]?.[1].body;
  if (!(body instanceof FormData)) throw new Error('no multipart body was sent');
  return body;
}

beforeEach(() => {
  upload.mockReset();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.clearAllMocks());

describe('PostEditorForm: photos of a station', () => {
  const target = { kind: 'image', stationGroupId: 1130101, parentPostId: null } as const;

  it('asks for a photo before sending anything', async () => {
    const user = renderAt('/new', <PostEditorForm target={target} cancelHref="/" />);
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('写真を1枚以上選んでください。')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends the photos in the chosen order once, shows progress, then opens the post', async () => {
    const onSaved = vi.fn();
    const first = imageFile('first.jpg');
    const second = imageFile('second.png', 'image/png');
    const user = renderAt(
      '/new',
      <PostEditorForm target={target} cancelHref="/" onSaved={onSaved} />,
    );

    await user.upload(screen.getByLabelText('投稿する写真のファイル'), [first, second]);
    expect(screen.getByText('2 / 10枚')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2枚目の写真を前へ移動' }));
    expect(screen.getByRole('status', { name: '' }).textContent).toContain(
      '2枚目の写真を1枚目に移動しました。',
    );

    const pending = holdUpload();
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    const progress = await screen.findByRole('progressbar', {
      name: '写真のアップロードの進み具合',
    });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    const sending = screen.getByRole('button', { name: '投稿しています…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    // A second submit (Enter in a field) while sending is ignored.
    const form = sending.closest('form');
    if (form) fireEvent.submit(form);
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));

    const body = sentBody();
    expect(upload.mock.calls[0]?.[0]).toBe('/posts');
    expect(body.get('kind')).toBe('image');
    expect(body.get('station_group_id')).toBe('1130101');
    expect(body.get('images[0]')).toBe(second);
    expect(body.get('images[1]')).toBe(first);

    const saved = buildPost({ kind: 'image', lat: null, lng: null });
    pending.finish(saved);
    expect(await screen.findByText(`投稿ページ ${POST_ID}`)).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith(saved, null);
  });

  it('refuses a file of the wrong type with a message naming it', async () => {
    const user = renderAt('/new', <PostEditorForm target={target} cancelHref="/" />, {
      applyAccept: false,
    });
    await user.upload(
      screen.getByLabelText('投稿する写真のファイル'),
      imageFile('memo.txt', 'text/plain'),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      '「memo.txt」は対応していない形式です',
    );
    expect(screen.getByText('0 / 10枚')).toBeTruthy();
  });
});

describe('PostEditorForm: a new spot', () => {
  it('explains what is missing and focuses the first field on the page', async () => {
    const target = { kind: 'spot', stationGroupId: null, parentPostId: null } as const;
    const user = renderAt('/new', <PostEditorForm target={target} cancelHref="/" />);
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    expect(await screen.findByText('タイトルを入力してください。')).toBeTruthy();
    expect(screen.getByText('地図をクリックして場所を選んでください。')).toBeTruthy();
    // Focus moves once the errors are drawn, which can be a moment after they appear.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/タイトル/)));
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('PostEditorForm: a spot from a station’s page', () => {
  it('opens the map around the station, with no pin yet', () => {
    const target = { kind: 'spot', stationGroupId: null, parentPostId: null } as const;
    const tokyo = {
      id: 1130101,
      name: '東京',
      prefectureName: '東京都',
      lat: 35.681,
      lng: 139.767,
    };
    renderAt('/new', <PostEditorForm target={target} startStation={tokyo} cancelHref="/" />);
    const start = JSON.parse(screen.getByTestId('map').getAttribute('data-start') ?? '{}');
    expect(start).toEqual({ latitude: 35.681, longitude: 139.767, zoom: 14 });
    expect(screen.getByText('地図は東京駅の周辺を表示しています。')).toBeTruthy();
    expect(screen.getByText('まだ場所が選ばれていません。')).toBeTruthy();
  });
});

describe('PostEditorForm: editing a spot', () => {
  const spot = buildPost();
  const target = { kind: 'spot', stationGroupId: spot.stationGroupId, parentPostId: null } as const;

  it('starts filled in, with the saved photos as thumbnails', () => {
    renderAt('/edit', <PostEditorForm target={target} post={spot} cancelHref="/" />);
    expect((screen.getByLabelText(/タイトル/) as HTMLInputElement).value).toBe(spot.title);
    const list = screen.getByRole('list', { name: '選択中の写真' });
    const thumbs = within(list).getAllByRole('img');
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual(
      IMAGE_IDS.map((id) => `/api/v2/image/${id}?size=thumb`),
    );
    expect(screen.getByText(/選択中の場所：北緯35\.68124度/)).toBeTruthy();
  });

  it('sends only what changed and shows the server’s field errors beside the fields', async () => {
    upload.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        message: '入力内容を確認してください。',
        errors: { title: ['そのタイトルは使えません。'], 'images.1': ['画像が壊れています。'] },
      }),
    );
    const user = renderAt('/edit', <PostEditorForm target={target} post={spot} cancelHref="/" />);
    await user.click(screen.getByRole('button', { name: '1枚目の写真を削除' }));
    const title = screen.getByLabelText(/タイトル/);
    await user.clear(title);
    await user.type(title, '新しいタイトル');
    await user.click(screen.getByRole('button', { name: '保存する' }));

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toBe(`/posts/${POST_ID}`);
    expect(upload.mock.calls[0]?.[1].method).toBe('PATCH');
    expect([...sentBody().entries()]).toEqual([
      ['title', '新しいタイトル'],
      ['images[0]', IMAGE_IDS[1]],
    ]);
    expect(await screen.findByText('そのタイトルは使えません。')).toBeTruthy();
    expect(screen.getByText('2枚目の写真：画像が壊れています。')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('入力内容を確認してください。');
    await waitFor(() => expect(document.activeElement).toBe(title));
  });

  it('asks before a dirty form is left', async () => {
    const user = renderAt(
      '/edit',
      <PostEditorForm target={target} post={spot} cancelHref="/post/x" />,
    );
    await user.type(screen.getByLabelText(/タイトル/), '!');
    await user.click(screen.getByRole('link', { name: 'キャンセル' }));
    const dialog = await screen.findByRole('dialog', { name: '変更を破棄しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '編集を続ける' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '保存する' })).toBeTruthy();
  });
});

describe('EditPostView', () => {
  const loaded = (post: PostData) => ({
    data: post,
    isPending: false,
    isError: false,
    error: null,
    refetch: () => undefined,
  });

  it('is a 404 for someone else, who never sees the form', () => {
    const other = buildPost({ user: { id: 'someone-else', name: '他人', avatar: null } });
    renderAt(
      '/edit',
      <EditPostView
        title="スポットの編集"
        kind="spot"
        postId={POST_ID}
        post={loaded(other)}
        viewerId={OWNER_ID}
      />,
    );
    expect(screen.getByText('ページが見つかりません')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存する' })).toBeNull();
  });

  it('is a 404 for a post of another kind or no post id', () => {
    renderAt(
      '/edit',
      <EditPostView
        title="イベントの編集"
        kind="event"
        postId={POST_ID}
        post={loaded(buildPost())}
        viewerId={OWNER_ID}
      />,
    );
    expect(screen.getByText('ページが見つかりません')).toBeTruthy();
  });

  it('gives the owner the form with a delete button', () => {
    renderAt(
      '/edit',
      <EditPostView
        title="スポットの編集"
        kind="spot"
        postId={POST_ID}
        post={loaded(buildPost())}
        viewerId={OWNER_ID}
      />,
    );
    expect(screen.getByRole('heading', { name: 'スポットの編集' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'この投稿を削除' })).toBeTruthy();
  });
});

describe('PostEditorForm: an event that already started', () => {
  const target = { kind: 'event', stationGroupId: null, parentPostId: null } as const;
  const tokyo = { id: 1130101, name: '東京', prefectureName: '東京都', lat: 35.681, lng: 139.767 };

  async function fillEvent(startsAt: string, endsAt: string) {
    const user = renderAt(
      '/new',
      <PostEditorForm target={target} startStation={tokyo} cancelHref="/" />,
    );
    await user.type(screen.getByRole('textbox', { name: /タイトル/ }), '駅前の朝市');
    fireEvent.change(screen.getByLabelText(/開始日時/), { target: { value: startsAt } });
    fireEvent.change(screen.getByLabelText(/終了日時/), { target: { value: endsAt } });
    return user;
  }

  it('warns beside the dates, asks before posting, and posts only once confirmed', async () => {
    const user = await fillEvent('2020-05-01T10:00', '2020-05-01T15:00');
    expect(screen.getByTestId('past-event-warning').textContent).toContain('開始日時が過去です');
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    const dialog = await screen.findByRole('dialog', {
      name: '過去のイベントとして投稿しますか？',
    });
    expect(dialog.textContent).toContain('2020年5月1日(金) 10:00');
    expect(upload).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: '日時を直す' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(upload).not.toHaveBeenCalled();

    holdUpload();
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    await user.click(await screen.findByRole('button', { name: 'このまま投稿する' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(sentBody().get('starts_at')).toBe('2020-05-01T10:00:00+09:00');
  }, 20_000);

  it('posts a future event without asking', async () => {
    const user = await fillEvent('2099-05-01T10:00', '2099-05-01T15:00');
    expect(screen.queryByTestId('past-event-warning')).toBeNull();
    holdUpload();
    await user.click(screen.getByRole('button', { name: '投稿する' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);
});
