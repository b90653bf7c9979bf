import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

const TOKYO = 1130101;
const QUEUED = 'オフラインです。接続が戻ったら送信します。';

async function token(key: 'pwaMember') {
  const { email, password } = member(key);
  const login = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()).data as { token: string }).token;
}

/** The post as the server has it now: its likes and its comments with this text. */
async function serverCounts(postId: string, text: string) {
  const post = await fetch(`${baseUrl}/api/v2/posts/${postId}`).then((r) => r.json());
  const comments = await fetch(`${baseUrl}/api/v2/posts/${postId}/comments`).then((r) => r.json());
  const items = (comments.data as { items: { body: string }[] }).items;
  return {
    likes: (post.data as { like_count: number }).like_count,
    comments: items.filter((item) => item.body === text).length,
  };
}

/**
 * Installed, active and in control of the page from its start. The first load is not: the worker
 * takes the page over (clients.claim) part way, so reads made before that never went through it
 * and are not cached. Reload once the worker is ready, so the page's every read goes through it,
 * and wait until the worker has cached what the idle page asked it to (`<html
 * data-offline-ready>`, docs/pwa.md#offline).
 */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        return navigator.serviceWorker.controller !== null && (navigation?.workerStart ?? 0) > 0;
      }),
    )
    .toBe(true);
  await page.waitForSelector('html[data-offline-ready]', { state: 'attached', timeout: 30_000 });
}

/** What the worker holds: the shell's page and offline page, and the build's files it keeps. */
async function cached(page: Page) {
  return page.evaluate(async () => {
    const paths = async (name: string) =>
      (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return {
      shellPage: (await caches.match('/index.html')) !== undefined,
      offlinePage: (await caches.match('/offline.html')) !== undefined,
      assets: await paths('ekispot-assets-v1'),
      loaded: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    };
  });
}

/**
 * The service worker and the offline queue (docs/pwa.md#offline, docs/pwa.md#queued-actions):
 * pages opened once are there offline, a page never opened gets the app's own offline state,
 * and a like, a comment and a station's 行きたい made offline wait, marked, and are sent exactly
 * once.
 */
describeInBrowser('pwa offline', () => {
  const browser = useBrowser({ serviceWorkers: 'allow' });

  it(
    'keeps opened pages, says so for others, and sends what waited exactly once',
    { timeout: 240_000 },
    async () => {
      const title = `圏外のホーム ${Date.now()}`;
      const { postId } = await postSpotAs(member('pwaMember'), title);
      const bearer = await token('pwaMember');
      const listTitle = `圏外でも見るリスト ${Date.now()}`;
      const created = await fetch(`${baseUrl}/api/v2/lists`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ title: listTitle, is_public: true }),
      });
      expect(created.status).toBe(201);
      const listId = ((await created.json()).data as { id: string }).id;

      const { page } = await browser.newPage();
      await signIn(page, 'pwaMember');
      await open(page, `/station/${TOKYO}`);
      await waitForWorker(page);
      await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
      await open(page, `/list/${listId}`);
      await page.getByRole('heading', { level: 1, name: listTitle }).waitFor();
      await open(page, `/post/${postId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('textbox', { name: 'コメント' }).waitFor();
      await page.waitForSelector('html[data-offline-ready]', { state: 'attached' });

      // Cached once the pages were idle: the app shell, and the code of the pages visited, not
      // every page's code (the post form and the top page were never opened).
      const kept = await cached(page);
      expect(kept).toMatchObject({ shellPage: true, offlinePage: true });
      expect(kept.assets.some((path) => path.startsWith('/assets/station-detail-'))).toBe(true);
      expect(kept.assets.some((path) => path.startsWith('/assets/post-detail-'))).toBe(true);
      expect(kept.assets.some((path) => path.startsWith('/assets/post-editor-'))).toBe(false);
      expect(kept.assets.some((path) => path.startsWith('/assets/home-'))).toBe(false);

      // Offline: both pages reload from the worker's caches, content and all.
      await page.context().setOffline(true);
      await open(page, `/station/${TOKYO}`);
      await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
      await open(page, `/list/${listId}`);
      await page.getByRole('heading', { level: 1, name: listTitle }).waitFor();
      // A page never opened (a line's): the app shell, and the app's own offline state in its
      // layout.
      await open(page, '/line/11302');
      await page.getByRole('heading', { level: 1, name: 'オフラインです' }).waitFor();
      await page.getByText('オフラインです。接続が戻ると最新の内容を表示します。').waitFor();
      await page.getByRole('banner').waitFor();

      // The signal comes back: the page keeps its word and shows the line (its code, never
      // cached, loads now; the page reloads itself once for it, so the journey waits for that
      // before going on).
      await page.context().setOffline(false);
      await page.getByRole('heading', { level: 1, name: 'JR山手線' }).waitFor();
      await page.waitForLoadState('load');

      // The signal drops on a post page: a like and a comment wait, marked. (A page loaded
      // offline has no session: /auth/me is never cached, docs/pwa.md#offline.)
      await open(page, `/post/${postId}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('textbox', { name: 'コメント' }).waitFor();
      await page.context().setOffline(true);
      const before = await serverCounts(postId, '圏外から送ります');
      const like = page.getByRole('button', { name: /いいね/ });
      await like.click();
      await page.getByTestId('pending-mark').waitFor();
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('textbox', { name: 'コメント' }).fill('圏外から送ります');
      await page.getByRole('button', { name: 'コメントする' }).click();
      await page.getByTestId('pending-comment').getByText('圏外から送ります').waitFor();
      await page.getByText(QUEUED).waitFor();
      // The post is not said to have no comments while one waits to be sent.
      expect(await page.getByText('まだコメントはありません。').count()).toBe(0);
      expect(await serverCounts(postId, '圏外から送ります')).toEqual(before);

      // Online: sent once each, the marks gone, the server's numbers one up.
      await page.context().setOffline(false);
      await page.getByTestId('pending-comment').waitFor({ state: 'detached' });
      await page.getByTestId('pending-mark').waitFor({ state: 'detached' });
      await page.getByRole('listitem').getByText('圏外から送ります').waitFor();
      await expect
        .poll(() => serverCounts(postId, '圏外から送ります'))
        .toEqual({ likes: before.likes + 1, comments: 1 });
      // A reload (and its start-up flush) sends nothing again.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('listitem').getByText('圏外から送ります').waitFor();
      expect(await serverCounts(postId, '圏外から送ります')).toEqual({
        likes: before.likes + 1,
        comments: 1,
      });
      // The page arrives drawn for a visitor; the member's own like fills in once the session
      // is known (docs/architecture.md#server-rendering).
      await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');

      // A station's 行きたい pressed offline waits the same way and is sent once.
      const wantState = async () => {
        const answer = await fetch(`${baseUrl}/api/v2/stations/${TOKYO}/want-to-visit`, {
          headers: { authorization: `Bearer ${bearer}` },
        }).then((r) => r.json());
        return (answer.data as { wanted: boolean }).wanted;
      };
      const wantedBefore = await wantState();
      await open(page, `/station/${TOKYO}`);
      await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
      const want = page.getByRole('button', { name: /^行きたい/ });
      await expect.poll(() => want.getAttribute('aria-pressed')).toBe(String(wantedBefore));
      await page.context().setOffline(true);
      await want.click();
      await want.getByTestId('pending-mark').waitFor();
      expect(await want.getAttribute('aria-pressed')).toBe(String(!wantedBefore));
      expect(await wantState()).toBe(wantedBefore);
      await page.context().setOffline(false);
      await want.getByTestId('pending-mark').waitFor({ state: 'detached' });
      await expect.poll(wantState).toBe(!wantedBefore);
      expect(await want.getAttribute('aria-pressed')).toBe(String(!wantedBefore));
    },
  );

  it(
    'with Save-Data caches nothing beyond what the pages loaded, and a visited page still works offline',
    { timeout: 120_000 },
    async () => {
      const { page } = await browser.newPage();
      // What a browser asking to save data shows: the header, and navigator.connection.saveData.
      await page.context().setExtraHTTPHeaders({ 'Save-Data': 'on' });
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
      await open(page, `/station/${TOKYO}`);
      expect(
        await page.evaluate(
          () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData,
        ),
      ).toBe(true);
      await page.waitForSelector('html[data-offline-ready]', {
        state: 'attached',
        timeout: 30_000,
      });
      // No shell: only files the page itself loaded, which the browser's cache had already.
      const first = await cached(page);
      expect(first).toMatchObject({ shellPage: false, offlinePage: false });
      expect(first.assets.length).toBeGreaterThan(0);
      expect(first.assets.filter((path) => !first.loaded.includes(path))).toEqual([]);

      await waitForWorker(page);
      await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
      const again = await cached(page);
      expect(again.shellPage).toBe(false);
      expect(again.assets.some((path) => path.startsWith('/assets/post-editor-'))).toBe(false);

      // Offline, the station page visited comes back from the worker's caches.
      await page.context().setOffline(true);
      await open(page, `/station/${TOKYO}`);
      await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
      await page.context().setOffline(false);
    },
  );
});
