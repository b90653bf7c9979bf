import { expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../support/axe.js';
import { baseUrl, describeInBrowser, moveInApp, open, useBrowser } from '../support/browser.js';
import { member as seeded, signIn } from '../support/members.js';
import { createPng } from '../support/png.js';
import { apiLogin } from '../support/api-login.js';

const VISITOR_PAGES: [string, string][] = [
  ['/station/1130101', '東京'],
  ['/line/11302', 'JR山手線'],
  ['/login', 'ログイン'],
  ['/register', '新規登録'],
  ['/forgot', 'パスワード'],
  ['/search/station/random', '駅ガチャ'],
  ['/privacy', 'プライバシー'],
];

const MEMBER_PAGES: [string, string][] = [
  ['/settings/profile', 'アカウント設定'],
  ['/post/create/spot', 'スポット'],
  ['/post/create/event', 'イベント'],
  ['/post/create/image/1130101', '写真'],
  ['/leave', '退会'],
];

/** A spot with a photo, posted through the API as the member; its id and the member's. */
async function postSpot(
  email: string,
  password: string,
): Promise<{ postId: string; userId: string; token: string }> {
  const { token, user } = await apiLogin({ email, password });
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', '駅前の広場');
  form.set('body', '待ち合わせに便利です。https://example.jp/');
  form.set('lat', '35.6809');
  form.set('lng', '139.7665');
  form.set(
    'images[0]',
    new Blob([new Uint8Array(createPng(64, 48))], { type: 'image/png' }),
    'square.png',
  );
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`post failed: ${created.status}`);
  return {
    postId: ((await created.json()).data as { id: string }).id,
    userId: user.id,
    token,
  };
}

/** A list with a station and the post in it, made through the API; its id. */
async function createList(token: string, postId: string): Promise<string> {
  const call = async (path: string, body: object) => {
    const response = await fetch(`${baseUrl}/api/v2${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path} failed: ${response.status}`);
    return (await response.json()).data as { id: string };
  };
  const list = await call('/lists', { title: '点検用のリスト', description: '駅と広場' });
  await call(`/lists/${list.id}/items`, { station_group_id: 1130101, note: '丸の内側' });
  await call(`/lists/${list.id}/items`, { post_id: postId });
  return list.id;
}

describeInBrowser('accessibility', () => {
  const browser = useBrowser();

  it('has none on the error pages and the navigation, on a desktop and on a phone', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page } = await browser.newPage({ viewport });
      for (const path of ['/station/abc', '/no/such/page', '/rankings/impact']) {
        await open(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect({ path, viewport, problems: await seriousAccessibilityProblems(page) }).toEqual({
          path,
          viewport,
          problems: [],
        });
      }
      // One landmark each, and a skip link that reaches the content first.
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '本文へ移動' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main-content');

      // The open post menu and the station search dialog, reached by keyboard.
      const postButton =
        viewport.width >= 1280
          ? page.getByRole('banner').getByRole('button', { name: '投稿する' })
          : page
              .getByRole('navigation', { name: 'メニュー', exact: true })
              .getByRole('button', { name: '投稿' });
      await postButton.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: /^スポット/ }).waitFor();
      expect({ menu: viewport, problems: await seriousAccessibilityProblems(page) }).toEqual({
        menu: viewport,
        problems: [],
      });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '駅を探す' }).click();
      await page.getByRole('dialog', { name: '駅を探す' }).getByRole('combobox').waitFor();
      expect({ dialog: viewport, problems: await seriousAccessibilityProblems(page) }).toEqual({
        dialog: viewport,
        problems: [],
      });
    }
  });

  it('has no serious WCAG 2.1 AA problems on the pages a visitor opens', async () => {
    const { page } = await browser.newPage();
    // The first page drawn by the server, the rest reached inside the app
    // (docs/testing.md#page-walks): axe reads the same document either way.
    for (const [index, [path, heading]] of VISITOR_PAGES.entries()) {
      await (index === 0 ? open : moveInApp)(page, path);
      await page.getByRole('heading', { level: 1, name: new RegExp(heading) }).waitFor();
      expect({ path, problems: await seriousAccessibilityProblems(page) }).toEqual({
        path,
        problems: [],
      });
    }
  });

  it('has none on the map, nor on a member’s forms and people pages', async () => {
    const member = seeded('a11yInspector');
    const { page } = await browser.newPage();
    await open(page, '/');
    await page.getByRole('combobox', { name: /駅を検索/ }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    // The member's saved session (support/members.ts): logging in through the form would open
    // the map a second time; the login page is checked with the visitor's pages.
    await signIn(page, 'a11yInspector');
    const { postId, userId, token } = await postSpot(member.email, member.password);
    const listId = await createList(token, postId);
    const pages: [string, string][] = [
      ...MEMBER_PAGES,
      [`/post/${postId}`, '駅前の広場'],
      [`/post/update/spot?postId=${postId}`, 'スポット'],
      ['/users', 'ユーザー一覧'],
      ['/users?q=点検', 'ユーザー一覧'],
      [`/profile/${userId}/posts`, '点検係'],
      [`/profile/${userId}/action/liked`, '点検係'],
      [`/profile/${userId}/want-to-visit-stations`, '点検係'],
      [`/users/${userId}/followers`, '点検係さんのフォロワー'],
      [`/users/${userId}/following`, '点検係さんがフォロー中'],
      ['/list/create', 'リストの作成'],
      [`/list/${listId}`, '点検用のリスト'],
      [`/list/update/${listId}`, 'リストの作成'],
      [`/profile/${userId}/lists`, '点検係'],
      ['/timeline/list/all', 'リストのタイムライン'],
      ['/timeline/list/follow', 'フォロー中のリスト'],
    ];
    // Signed in by cookie: the first page is loaded afresh, the rest reached inside the app.
    for (const [index, [path, heading]] of pages.entries()) {
      await (index === 0 ? open : moveInApp)(page, path);
      await page.getByRole('heading', { level: 1, name: new RegExp(heading) }).waitFor();
      expect({ path, problems: await seriousAccessibilityProblems(page) }).toEqual({
        path,
        problems: [],
      });
    }

    // Another member's profile, as this member sees it: the follow button, the tabs for events
    // and spots, a private tab, and the menu with ブロック / ミュート.
    const other = seeded('a11yOther');
    const { userId: otherId, token: otherToken } = await postSpot(other.email, other.password);
    const privacy = await fetch(`${baseUrl}/api/v2/users/me/privacy`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${otherToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ actions_public: false }),
    });
    expect(privacy.status).toBe(200);
    for (const tab of [
      'posts',
      'action/want-to-participate-events',
      'action/want-to-visit-spots',
    ]) {
      const path = `/profile/${otherId}/${tab}`;
      await moveInApp(page, path);
      await page.getByRole('button', { name: 'フォローする' }).waitFor();
      expect({ path, problems: await seriousAccessibilityProblems(page) }).toEqual({
        path,
        problems: [],
      });
    }
    await moveInApp(page, `/profile/${otherId}/action/liked`);
    await page.getByText('非公開です').waitFor();
    expect({ tab: 'private', problems: await seriousAccessibilityProblems(page) }).toEqual({
      tab: 'private',
      problems: [],
    });
    await page.getByRole('button', { name: 'その他の操作' }).click();
    await page.getByRole('menuitem', { name: 'ブロック' }).waitFor();
    expect({ menu: 'profile', problems: await seriousAccessibilityProblems(page) }).toEqual({
      menu: 'profile',
      problems: [],
    });
    await page.keyboard.press('Escape');

    // The 「リストに追加」 dialog, opened from the post page.
    await moveInApp(page, `/post/${postId}`);
    await page.getByRole('button', { name: 'リストに追加' }).click();
    await page
      .getByRole('dialog', { name: 'リストに追加' })
      .getByRole('checkbox', { name: '点検用のリスト' })
      .waitFor();
    expect({ dialog: 'add-to-list', problems: await seriousAccessibilityProblems(page) }).toEqual({
      dialog: 'add-to-list',
      problems: [],
    });
  }, 150_000); // some twenty pages and dialogs, each checked with axe
});
