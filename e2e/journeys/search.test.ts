import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { apiLogin } from '../support/api-login.js';
import { member, signIn } from '../support/members.js';

/**
 * Search, tags and word mutes on a phone (docs/search.md): from the header, 駅弁 finds a post;
 * its tag is followed from the tag page; a later post with the tag is in the following timeline;
 * a muted word folds that post, and a tap shows it.
 */

const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const TAG = `駅弁旅${stamp % 100_000}`;

async function postAs(key: 'searchAuthor', title: string, body: string) {
  const { token } = await apiLogin(member(key));
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', title);
  form.set('body', body);
  form.set('lat', '35.6809');
  form.set('lng', '139.7665');
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(created.status).toBe(201);
}

describeInBrowser('search, tags and word mutes', () => {
  const browser = useBrowser();

  it('finds 駅弁 from the header, follows its tag, and folds a muted word with a tap to show', async () => {
    await postAs('searchAuthor', `名物の駅弁 ${stamp}`, `朝いちばんに買いました #${TAG}`);
    const { page } = await browser.newPage({ viewport: PHONE });
    await signIn(page, 'searchReader');
    await open(page, '/timeline/post/all');

    await page.getByRole('button', { name: '駅を探す' }).click();
    await page.getByRole('button', { name: '投稿・タグ・ユーザーも検索' }).click();
    await page.waitForURL(/\/search$/);
    await page
      .getByRole('searchbox', { name: '駅・路線・投稿・タグ・ユーザーを検索' })
      .fill('駅弁');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: '投稿' }).click();
    await page.waitForURL(/tab=posts/);
    await page.getByRole('link', { name: new RegExp(`名物の駅弁 ${stamp}`) }).click();

    await page.getByRole('link', { name: `#${TAG}` }).click();
    await page.getByRole('heading', { level: 1, name: `#${TAG}` }).waitFor();
    await page.getByRole('button', { name: 'フォローする' }).click();
    await page.getByRole('button', { name: 'フォロー中' }).waitFor();

    const second = `二つ目の駅弁 ${stamp}`;
    await postAs('searchAuthor', second, `昼に食べました #${TAG}`);
    await open(page, '/timeline/post/follow');
    await page
      .getByRole('link', { name: new RegExp(second) })
      .first()
      .waitFor();

    await open(page, '/settings/mutes');
    await page.getByRole('textbox', { name: 'ミュートする言葉' }).fill('二つ目');
    await page.getByRole('button', { name: 'ミュートする' }).click();
    await page.getByText('二つ目', { exact: true }).waitFor();

    await open(page, '/timeline/post/follow');
    await page.getByText('ミュートしたワードを含む投稿').first().waitFor();
    expect(await page.getByRole('link', { name: new RegExp(second) }).count()).toBe(0);
    await page.getByRole('button', { name: '表示する' }).first().click();
    await page
      .getByRole('link', { name: new RegExp(second) })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
