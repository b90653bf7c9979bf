import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, moveInApp, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { createPng } from '../support/png.js';
import { apiLogin } from '../support/api-login.js';

/**
 * Getting around (docs/navigation.md): the header and the phone's bottom bar, the map's
 * 「投稿」 button, posting from a station's page and deleting from it (the station's and the
 * profile's counts follow without a reload), error pages inside the layout with the right
 * HTTP status, the loading bar while a slow page loads, a double click on いいね, and a session
 * that ends.
 */

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();

/** A spot posted through the API by a member, for the reactions. */
async function postSpot(
  member: { email: string; password: string },
  title = `ダブルクリックの広場 ${stamp}`,
): Promise<string> {
  const { token } = await apiLogin(member);
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', title);
  form.set('lat', '35.6812');
  form.set('lng', '139.7671');
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`post failed: ${created.status}`);
  return ((await created.json()).data as { id: string }).id;
}

describeInBrowser('navigation', () => {
  const browser = useBrowser();

  it('lets a visitor reach every destination from the header, with no failing call', async () => {
    const { page, problems } = await browser.newPage();
    await open(page, '/station/1130101');
    await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'メインメニュー' });
    for (const [label, path, heading] of [
      ['タイムライン', '/timeline/post/all', '投稿のタイムライン'],
      ['ランキング', '/rankings/impact', '影響度数ランキング'],
      ['駅ガチャ', '/search/station/random', '駅ガチャ'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await nav.getByRole('link', { name: label }).getAttribute('aria-current')).toBe(
        'page',
      );
    }

    // The station search in the header opens a station's page.
    await page.getByRole('button', { name: '駅を探す' }).click();
    const dialog = page.getByRole('dialog', { name: '駅を探す' });
    await dialog.getByRole('combobox').fill('新宿');
    await page.getByRole('option', { name: /^新宿/ }).first().click();
    await page.waitForURL(/\/station\/1130208$/);
    await page.getByRole('heading', { level: 1, name: '新宿' }).waitFor();

    // A visitor's start-up session check is a 200, so nothing logs an error.
    expect(problems).toEqual([]);
  });

  it('posts from a phone’s bottom bar, from the map and from 東京’s page, deletes from it; ユーザー is in the header', async () => {
    const { page } = await browser.newPage({ viewport: PHONE });
    await signIn(page, 'navMapPoster');
    await open(page, '/');
    // Below lg the header's links give way to the bottom bar.
    await page.getByRole('navigation', { name: 'メニュー', exact: true }).waitFor();
    expect(await page.getByRole('navigation', { name: 'メインメニュー' }).count()).toBe(0);

    // One way to post on a phone: the bottom bar, not a second button floating on the map.
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    expect(await page.getByTestId('map-post-button').isVisible()).toBe(false);
    const bottom = page.getByRole('navigation', { name: 'メニュー', exact: true });
    await bottom.getByRole('button', { name: '投稿' }).click();
    await page.getByRole('menuitem', { name: /^スポット/ }).click();
    await page.waitForURL((url) => url.pathname === '/post/create/spot');
    await page.getByRole('heading', { level: 1, name: 'スポットの投稿' }).waitFor();

    // Elsewhere the bottom bar's 「投稿」 asks for the station of a photo first.
    await bottom.getByRole('button', { name: '投稿' }).click();
    await page.getByRole('menuitem', { name: /^駅の写真/ }).click();
    const dialog = page.getByRole('dialog', { name: '写真の駅を選ぶ' });
    await dialog.getByRole('combobox').fill('東京');
    await page.getByRole('option', { name: /^東京/ }).first().click();
    await page.waitForURL(/\/post\/create\/image\/\d+$/);
    await page.getByRole('heading', { level: 1, name: '写真の投稿' }).waitFor();

    // Sent from the foot of the form, as a thumb does: the new post's page opens at its top,
    // its title on screen.
    const title = `丸の内駅舎のドーム ${stamp}`;
    await page.getByLabel('投稿する写真のファイル').setInputFiles({
      name: 'dome.png',
      mimeType: 'image/png',
      buffer: createPng(320, 240),
    });
    await page.getByLabel(/^タイトル/).fill(title);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: '投稿する' }).click();
    await page.waitForURL(/\/post\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    await page.getByText('投稿しました').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = await heading.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);

    // The member directory: an icon in the phone's header, beside the search.
    await page.getByRole('banner').getByRole('link', { name: 'ユーザー' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('heading', { level: 1, name: 'ユーザー一覧' }).waitFor();

    // Deleted from 東京's page, the photo leaves the station's and the member's counts and
    // lists at once, without a reload, though both pages were seen with it
    // (docs/conventions.md#web-client: every write refreshes what shows it).
    const me = await page.evaluate(
      async () =>
        ((await (await fetch('/api/v2/auth/me')).json()) as { data: { id: string } }).data.id,
    );
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(title) });
    const profilePosts = page.getByRole('listitem').filter({ hasText: /^\d+投稿$/ });
    await moveInApp(page, `/profile/${me}/posts`);
    await expect.poll(() => profilePosts.textContent()).toBe('1投稿');
    await card.first().waitFor();
    const stationPosts = page
      .getByRole('main')
      .locator('p', { hasText: /^投稿$/ })
      .locator('..');
    const shownCount = async () => Number((await stationPosts.textContent())?.replace('投稿', ''));
    await moveInApp(page, '/station/1130101');
    await card.first().waitFor();
    const before = await shownCount();
    await card.first().click();
    await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
    await page.getByRole('main').getByRole('button', { name: '削除' }).click();
    await page
      .getByRole('dialog', { name: 'この投稿を削除しますか？' })
      .getByRole('button', { name: '削除' })
      .click();
    await page.waitForURL((url) => url.pathname === '/station/1130101');
    await page.getByText('投稿を削除しました。').waitFor();
    const tokyo = (await (await fetch(`${baseUrl}/api/v2/stations/1130101`)).json()) as {
      data: { counts: { posts: number } };
    };
    expect(tokyo.data.counts.posts).toBe(before - 1);
    await expect.poll(shownCount).toBe(before - 1);
    await expect.poll(() => card.count()).toBe(0);
    await moveInApp(page, `/profile/${me}/posts`);
    await expect.poll(() => profilePosts.textContent()).toBe('0投稿');
    await expect.poll(() => card.count()).toBe(0);

    // On 東京's page 「投稿」 starts at 東京: its photos without asking which station, and a
    // spot whose map opens there rather than over the whole country.
    await moveInApp(page, '/station/1130101');
    await bottom.getByRole('button', { name: '投稿' }).click();
    const photos = page.getByRole('menuitem', { name: /^駅の写真.*東京駅の写真を投稿/ });
    expect(await photos.getAttribute('href')).toBe('/post/create/image/1130101');
    await page.getByRole('menuitem', { name: /^スポット/ }).click();
    await page.waitForURL((url) => url.search === '?stationGroupId=1130101');
    await page.getByText('地図は東京駅の周辺を表示しています。').waitFor();
    const map = page.getByRole('region', { name: '場所を選ぶ地図' });
    await map.scrollIntoViewIfNeeded();
    await map.locator('canvas').waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: '地図の中心にピンを立てる' }).click();
    await page.getByText('最寄り駅：東京駅（約0m）').waitFor({ timeout: 15_000 });
  }, 90_000);

  it('goes back with 「戻る」 through the pages came through, and up from a shared link', async () => {
    const title = `戻るの広場 ${stamp}`;
    const postId = await postSpot(member('navAuthor'), title);
    const { page } = await browser.newPage();
    const main = page.getByRole('main');
    const back = main.getByRole('link', { name: '戻る', exact: true });
    await open(page, '/timeline/post/all');
    await main
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);
    await main.getByRole('link', { name: '東京駅', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/station/1130101');
    await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    const entries = await page.evaluate(() => history.length);

    // Back, back: the post, then the timeline — not the station again.
    await back.click();
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await back.click();
    await page.waitForURL((url) => url.pathname === '/timeline/post/all');
    await page.getByRole('heading', { level: 1, name: '投稿のタイムライン' }).waitFor();
    // Through the browser's history: nothing was added, and forward leads to the post again.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === `/post/${postId}`);

    // A shared link opened cold: up to the post's station, then to the map, never back down.
    const { page: cold } = await browser.newPage();
    await open(cold, `/post/${postId}`);
    const coldBack = cold.getByRole('main').getByRole('link', { name: '戻る', exact: true });
    await coldBack.click();
    await cold.waitForURL((url) => url.pathname === '/station/1130101');
    await cold.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    await coldBack.click();
    await cold.waitForURL((url) => url.pathname === '/');
  }, 60_000);

  it('shows the Japanese 404 inside the layout, with HTTP 404, for a bad station id', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const { page } = await browser.newPage({ viewport });
      const response = await page.goto(`${baseUrl}/station/abc`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }).waitFor();
      await expect.poll(() => page.title()).toBe('ページが見つかりません | えきスポ');
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      await page.getByRole('link', { name: 'トップへ', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }
    const unknownPost = await fetch(`${baseUrl}/post/01890000-0000-7000-8000-000000000000`);
    expect(unknownPost.status).toBe(404);
    const unknownPath = await fetch(`${baseUrl}/no/such/page`);
    expect(unknownPath.status).toBe(404);
    expect((await fetch(`${baseUrl}/station/1130101`)).status).toBe(200);

    const { page } = await browser.newPage();
    await open(page, '/no/such/page');
    await page.getByText('Page not found: /no/such/page').waitFor();
    await page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }).waitFor();
    // The specification's default text beside the Japanese.
    await page.getByText('Page Not Found', { exact: true }).waitFor();
  });

  it('shows the loading bar while a slow page loads, and takes it away once it is there', async () => {
    // No service worker: once one controls the page, the API reads go through it (network
    // first, docs/pwa.md#offline) and `page.route` no longer sees them to slow them down.
    const { page } = await browser.newPage({ serviceWorkers: 'block' });
    await page.route('**/api/v2/stations/1130208', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await open(page, '/privacy');
    await page.getByRole('heading', { level: 1, name: /プライバシー/ }).waitFor();
    await expect.poll(() => page.getByTestId('global-loading').count()).toBe(0);

    await page.getByRole('button', { name: '駅を探す' }).click();
    await page.getByRole('dialog', { name: '駅を探す' }).getByRole('combobox').fill('新宿');
    await page.getByRole('option', { name: /^新宿/ }).first().click();
    const bar = page.getByTestId('global-loading');
    await bar.waitFor({ state: 'visible' });
    const box = await bar.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(3);
    expect(box?.y).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: '新宿' }).count()).toBe(0);

    await page.getByRole('heading', { level: 1, name: '新宿' }).waitFor();
    await bar.waitFor({ state: 'detached' });
  });

  it('counts a double click on いいね once on a slow network, ends liked, and toggles again', async () => {
    const postId = await postSpot(member('navAuthor'));
    // No service worker, so that `page.route` sees the likes (as in the test above).
    const { page } = await browser.newPage({ serviceWorkers: 'block' });
    await signIn(page, 'navFan');
    const likeCalls: string[] = [];
    await page.route(`**/api/v2/posts/${postId}/like`, async (route) => {
      likeCalls.push(route.request().method());
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await open(page, `/post/${postId}`);
    const like = page.getByRole('button', { name: /^いいね/ });
    await like.waitFor();
    expect(await like.textContent()).toContain('0');

    // Waiting for the answer, not only for the button to stop being busy: right after the
    // double click it may not be busy yet, and a click then would be the same multi-click
    // (click detail 3), which counts as the double click it belongs to.
    const liked = page.waitForResponse(
      (response) => response.url().endsWith(`/posts/${postId}/like`),
      { timeout: 10_000 },
    );
    await like.dblclick();
    await liked;
    await expect.poll(() => like.getAttribute('aria-busy'), { timeout: 10_000 }).toBeNull();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.textContent()).toContain('1');
    expect(likeCalls).toEqual(['POST']);

    // A separate click after the answer takes it back, as usual.
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => like.getAttribute('aria-busy'), { timeout: 10_000 }).toBeNull();
    expect(await like.textContent()).toContain('0');
    expect(likeCalls).toEqual(['POST', 'DELETE']);

    // And after a reload the button shows what the server has. The reload waits for the
    // server's answer: right after the clicks the button may not be busy yet, and a reload then
    // would cancel the request still held back by the slow network.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith(`/posts/${postId}/like`),
      { timeout: 10_000 },
    );
    await like.dblclick();
    expect((await answered).request().method()).toBe('POST');
    await expect.poll(() => like.getAttribute('aria-busy'), { timeout: 10_000 }).toBeNull();
    await open(page, `/post/${postId}`);
    const reloaded = page.getByRole('button', { name: /^いいね/ });
    await expect.poll(() => reloaded.getAttribute('aria-pressed')).toBe('true');
    expect(await reloaded.textContent()).toContain('1');
  });

  it('tells a member whose session ended why the login page appears', async () => {
    const postId = await postSpot(member('navExpired'));
    const { page } = await browser.newPage();
    await signIn(page, 'navExpired');
    await open(page, `/post/${postId}`);
    const like = page.getByRole('button', { name: /^いいね/ });
    await like.waitFor();
    // The session ends behind the page's back (as when it runs out or is revoked).
    await page.context().clearCookies();
    await like.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page
      .getByText('ログインの有効期限が切れました。もう一度ログインしてください。')
      .waitFor();

    // A visitor sent to the login page hears nothing of the kind.
    const { page: visitor } = await browser.newPage();
    await open(visitor, '/notifications');
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitor.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
    expect(await visitor.getByText('ログインの有効期限が切れました').count()).toBe(0);
  });
});
