import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { buildRoutes } from './router';
import { resetViewport, setViewportWidth } from '../test/media-queries';

// The map needs WebGL, which the test DOM lacks; the top page is covered by the browser journeys.
vi.mock('./routes/home', () => ({ Component: () => <p>TOP</p> }));

const USER_ID = '01936f2e-8b9c-7d3a-9c1e-0123456789ab';

function stubSession(signedIn: boolean, moderator = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockImplementation((input) => {
      const url = String(input);
      if (moderator && url.endsWith('/moderation/reports')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({
              data: { items: [] },
              message: '',
              status: 200,
              success: true,
              errors: null,
            }),
            { status: 200 },
          ),
        );
      }
      if (url.endsWith('/auth/me')) {
        return Promise.resolve(
          signedIn
            ? new Response(
                JSON.stringify({
                  data: {
                    id: USER_ID,
                    name: '駅太郎',
                    bio: '',
                    avatar: null,
                    created_at: '2026-11-01T00:00:00.000Z',
                    email: 'eki@example.jp',
                    email_verified: true,
                    mail_opt_in: true,
                    is_moderator: moderator,
                  },
                  message: '',
                  status: 200,
                  success: true,
                  errors: null,
                }),
                { status: 200 },
              )
            : new Response(
                JSON.stringify({
                  data: null,
                  message: '',
                  status: 200,
                  success: true,
                  errors: null,
                }),
                { status: 200 },
              ),
        );
      }
      return Promise.resolve(
        new Response(
          JSON.stringify({ data: null, message: 'x', status: 404, success: false, errors: null }),
          { status: 404 },
        ),
      );
    }),
  );
}

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// The pages these tests open. Their modules are transformed on first import, which on a busy
// machine (CI runs the journeys beside this) can outlast a find's bound; they are loaded once
// here, under the hook's bound, so each test waits only on the router.
const VISITED_PATHS = [
  '/no/such/page',
  '/station/1130101',
  '/post/01936f2e-8b9c-7d3a-9c1e-0123456789ab',
  '/login',
  '/register',
  '/timeline/list/all',
  '/notifications',
  '/privacy',
  '/rankings/post',
  '/moderation',
];

beforeAll(async () => {
  const routes = buildRoutes(createQueryClient());
  for (const path of VISITED_PATHS) {
    for (const { route } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy === 'function') await route.lazy();
    }
  }
}, 120_000);

beforeEach(() => stubSession(false));
afterEach(() => {
  vi.unstubAllGlobals();
  resetViewport();
});

describe('router', () => {
  it('shows "Page not found: {path}" for unmatched paths, inside the layout', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Page not found: /no/such/page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'トップへ' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('ページが見つかりません | えきスポ'));
  });

  it('shows the 404 page inside the layout when a parameter is invalid', async () => {
    renderAt('/station/abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ページが見つかりません' }),
    ).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('ページが見つかりません | えきスポ'));
  });

  it('shows the 404 error page for a malformed UUID', async () => {
    renderAt('/post/123');
    expect(await screen.findByText('ページが見つかりません')).toBeTruthy();
  });

  it('shows the 404 error page when the API has no such station', async () => {
    renderAt('/station/999999');
    expect(await screen.findByText('ページが見つかりません')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('ページが見つかりません | えきスポ'));
  });

  it('renders /login with its title', async () => {
    renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('ログイン | えきスポ'));
  });

  it('renders a page under its route title', async () => {
    renderAt('/timeline/list/all');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'リストのタイムライン' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('リストのタイムライン | えきスポ'));
  });

  it('names the page on <html data-shown> only once it has its primary data', async () => {
    delete document.documentElement.dataset.shown;
    const answer = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/auth/me')) await held;
      return answer(input, init);
    });
    const router = renderAt('/login');
    await waitFor(() => expect(document.documentElement.dataset.shown).toBe('/login'));

    await router.navigate('/timeline/list/all?sort=new');
    await screen.findByRole('heading', { level: 1, name: 'リストのタイムライン' });
    expect(document.documentElement.dataset.shown).toBe('/login');
    release();
    await waitFor(() =>
      expect(document.documentElement.dataset.shown).toBe('/timeline/list/all?sort=new'),
    );
  });

  it('sends visitors from auth pages to /login with the intended path', async () => {
    const router = renderAt('/notifications?tab=all');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/notifications?tab=all')}`,
    );
  });

  it('sends signed-in users from guest pages to /', async () => {
    stubSession(true);
    const router = renderAt('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("sends an editor's address that names nothing to the member's own lists or posts", async () => {
    stubSession(true);
    for (const [path, to] of [
      ['/list/update', `/profile/${USER_ID}/lists`],
      ['/post/update/spot', `/profile/${USER_ID}/posts`],
      ['/post/update/event', `/profile/${USER_ID}/posts`],
      ['/post/update/image/1130101', `/profile/${USER_ID}/posts`],
    ] as const) {
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname, path).toBe(to));
      cleanup();
    }
  });

  it("sends /stamps, the installed app's shortcut, to the member's own stamp book", async () => {
    const visitor = renderAt('/stamps');
    await waitFor(() => expect(visitor.state.location.pathname).toBe('/login'));
    expect(visitor.state.location.search).toBe(`?redirect=${encodeURIComponent('/stamps')}`);
    cleanup();

    stubSession(true);
    const member = renderAt('/stamps');
    await waitFor(() => expect(member.state.location.pathname).toBe(`/profile/${USER_ID}/stamps`));
  });

  it('lets signed-in users open auth pages', async () => {
    stubSession(true);
    renderAt('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: '通知' })).toBeTruthy();
  });

  // The main destinations: in the header on a desktop, in the bottom bar on a phone.
  it.each([
    [1280, 'メインメニュー'],
    [390, 'メニュー'],
  ] as const)('at %i px wide, renders the %s and the footer links', async (width, name) => {
    setViewportWidth(width);
    renderAt('/privacy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'プライバシーポリシー' }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name });
    const href = (label: string) =>
      within(nav).getByRole('link', { name: label }).getAttribute('href');
    expect(href('地図')).toBe('/');
    expect(href('タイムライン')).toBe('/timeline/post/all');
    expect(href('ランキング')).toBe('/rankings/impact');
    expect(href('駅ガチャ')).toBe('/search/station/random');
    expect(screen.getByRole('button', { name: '駅を探す' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /ログイン/ }).getAttribute('href')).toBe(
      '/login?redirect=%2Fprivacy',
    );
    expect(screen.getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/service');
    expect(screen.getByRole('link', { name: '駅データ.jp' })).toBeTruthy();
  });

  it('marks the current destination and gives a member the bell and account menu', async () => {
    stubSession(true);
    setViewportWidth(1280);
    renderAt('/rankings/post');
    await screen.findByRole('heading', { level: 1, name: '投稿数ランキング' });
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: 'ランキング' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: '地図' }).getAttribute('aria-current')).toBeNull();
    expect((await screen.findByRole('link', { name: '通知' })).getAttribute('href')).toBe(
      '/notifications',
    );
    expect(screen.getAllByRole('button', { name: '投稿する' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /アカウントメニュー/ })).toBeTruthy();
  });

  it('shows visitors and members the moderators’ pages as addresses that name nothing', async () => {
    for (const [signedIn, path] of [
      [false, '/moderation'],
      [true, '/moderation'],
      [true, '/moderation/log'],
    ] as const) {
      stubSession(signedIn);
      const router = renderAt(path);
      expect(await screen.findByText(`Page not found: ${path}`)).toBeTruthy();
      expect(
        screen.getByRole('heading', { level: 1, name: 'ページが見つかりません' }),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe(path);
      await waitFor(() => expect(document.title).toBe('ページが見つかりません | えきスポ'));
      expect(screen.queryByRole('menuitem', { name: 'モデレーション' })).toBeNull();
      cleanup();
    }
  });

  it('opens the queue for a moderator, who finds it in the account menu', async () => {
    stubSession(true, true);
    renderAt('/moderation');
    expect(await screen.findByRole('heading', { level: 1, name: 'モデレーション' })).toBeTruthy();
    expect(await screen.findByText('未対応の報告はありません。')).toBeTruthy();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /アカウントメニュー/ }));
    expect(
      (await screen.findByRole('menuitem', { name: 'モデレーション' })).getAttribute('href'),
    ).toBe('/moderation');
  });

  it('gives a member who is no moderator no way to the moderators’ pages', async () => {
    stubSession(true);
    setViewportWidth(1280);
    renderAt('/rankings/post');
    await screen.findByRole('heading', { level: 1, name: '投稿数ランキング' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /アカウントメニュー/ }));
    await screen.findByRole('menuitem', { name: 'アカウント設定' });
    expect(screen.queryByRole('menuitem', { name: 'モデレーション' })).toBeNull();
  });
});
