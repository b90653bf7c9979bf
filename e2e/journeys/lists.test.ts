import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { field } from '../support/accounts.js';
import { seriousAccessibilityProblems } from '../support/axe.js';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { apiLogin } from '../support/api-login.js';

/**
 * Lists in the browser: a member creates a list, adds two stations and a spot from their
 * pages, moves an item with the keyboard, makes the list private (a visitor then gets the 404
 * page), makes it public again (it is on the list timeline) and downloads it as GeoJSON.
 */

const stamp = Date.now();
const SHINJUKU = 1130208;

/** A spot posted through the API (the posts journey covers the editor). */
async function postSpot(member: { email: string; password: string }, title: string) {
  const { token } = await apiLogin(member);
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', title);
  form.set('lat', '35.6895');
  form.set('lng', '139.6917');
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`post failed: ${created.status}`);
  return ((await created.json()).data as { id: string }).id;
}

/** Opens 「リストに追加」 on the current page and ticks the list. */
async function addFromPage(page: Page, listTitle: string) {
  await page.getByRole('button', { name: 'リストに追加' }).click();
  const dialog = page.getByRole('dialog', { name: 'リストに追加' });
  const box = dialog.getByRole('checkbox', { name: listTitle });
  await box.check();
  await page.getByText(`「${listTitle}」に追加しました。`).waitFor();
  await expect.poll(() => box.isChecked()).toBe(true);
  await page.keyboard.press('Escape');
}

/** What a visitor's read of the list answers: 200 while it is public, 404 while it is not. */
async function visitorStatus(listId: string): Promise<number> {
  return (await fetch(`${baseUrl}/api/v2/lists/${listId}`)).status;
}

async function itemNames(listId: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/v2/lists/${listId}/items`);
  const { items } = (await response.json()).data as {
    items: { station: { name: string } | null; post: { title: string } | null }[];
  };
  return items.map((item) => item.station?.name ?? item.post?.title ?? '');
}

describeInBrowser('lists', () => {
  const browser = useBrowser();

  it('creates, fills, reorders, hides, shares and exports a list', async () => {
    const spotTitle = `西口の駅そば ${stamp}`;
    await postSpot(member('listsOwner'), spotTitle);
    const listTitle = `秩父の駅めぐり ${stamp}`;

    const { page, problems } = await browser.newPage();
    await signIn(page, 'listsOwner');

    // Create the list from the member's own lists tab; its page opens, empty.
    await open(page, '/timeline/post/all');
    const me = (await page.evaluate(() =>
      fetch('/api/v2/auth/me').then((response) => response.json()),
    )) as { data: { id: string } };
    await open(page, `/profile/${me.data.id}/lists`);
    await page.getByRole('link', { name: 'リストを作成' }).click();
    await page.getByRole('heading', { level: 1, name: 'リストの作成' }).waitFor();
    await field(page, 'タイトル').fill(listTitle);
    await field(page, '説明').fill('週末に回る駅');
    await page.getByRole('button', { name: '作成する' }).click();
    await page.waitForURL(/\/list\/[0-9a-f-]{36}$/);
    const listId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { level: 1, name: listTitle }).waitFor();
    await page.getByText('このリストにはまだ項目がありません。').waitFor();

    // 東京 from the list's editor, by search; 新宿 and the spot from their own pages.
    await open(page, `/list/update/${listId}`);
    await page.getByRole('button', { name: '駅を追加' }).click();
    const picker = page.getByRole('dialog', { name: 'リストに駅を追加' });
    await picker.getByRole('combobox').fill('とうきょう');
    // The suggestions open in a popup of their own, outside the dialog.
    await page.getByRole('option', { name: /^東京/ }).first().click();
    await page.getByText('東京駅をリストに追加しました。').waitFor();
    await page.getByRole('button', { name: '「東京駅」を並べ替え' }).waitFor();
    await open(page, `/station/${SHINJUKU}`);
    await page.getByRole('heading', { level: 1, name: '新宿' }).waitFor();
    await addFromPage(page, listTitle);
    // The member's own spot, from the editor's 「投稿を追加」 (checked for accessibility too).
    await open(page, `/list/update/${listId}`);
    await page.getByRole('button', { name: '投稿を追加' }).click();
    const posts = page.getByRole('dialog', { name: 'このリストに投稿を追加' });
    await posts.getByRole('button', { name: new RegExp(spotTitle) }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await posts.getByRole('button', { name: new RegExp(spotTitle) }).click();
    await page.getByText(`「${spotTitle}」をリストに追加しました。`).waitFor();
    expect(await itemNames(listId)).toEqual(['東京', '新宿', spotTitle]);

    // Move 東京 one place down with the keyboard: the handle, Space, ↓, Space.
    await open(page, `/list/update/${listId}`);
    await page.getByRole('heading', { level: 1, name: 'リストの作成' }).waitFor();
    const handle = page.getByRole('button', { name: '「東京駅」を並べ替え' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // The announcement names the new place once the item has moved over it. The sensor listens
    // for arrows only a moment after it picked the item up, and on a busy machine a press can
    // come before that and be lost: press again until the move is announced (one place only,
    // since a press that counted is announced before the next).
    const moved = page.getByText('「東京駅」を3件中2番目に移動しました。').first();
    await expect
      .poll(
        async () => {
          if ((await moved.count()) > 0) return true;
          await page.keyboard.press('ArrowDown');
          return moved.waitFor({ state: 'attached', timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.keyboard.press('Space');
    await page.getByText('並び順を保存しました。').waitFor();
    await expect.poll(() => itemNames(listId)).toEqual(['新宿', '東京', spotTitle]);

    // Private: a visitor gets the 404 page.
    await page.getByRole('switch', { name: '公開する' }).uncheck();
    await page.getByRole('button', { name: '保存する' }).click();
    await page.getByText('リストを保存しました。').waitFor();
    await expect.poll(() => visitorStatus(listId)).toBe(404);
    const { page: visitor } = await browser.newPage();
    await open(visitor, `/list/${listId}`);
    await visitor.getByRole('heading', { level: 1, name: 'ページが見つかりません' }).waitFor();

    // Public again: on the list timeline, with its three items.
    await page.getByRole('switch', { name: '公開する' }).check();
    await page.getByRole('button', { name: '保存する' }).click();
    // The message of the save before may still be on screen: the server says when this one is in.
    await expect.poll(() => visitorStatus(listId)).toBe(200);
    await open(visitor, '/timeline/list/all');
    await visitor.getByRole('heading', { level: 1, name: 'リストのタイムライン' }).waitFor();
    await visitor.getByRole('link', { name: new RegExp(listTitle) }).click();
    await visitor.waitForURL(`${baseUrl}/list/${listId}`);
    await visitor.getByRole('heading', { level: 1, name: listTitle }).waitFor();
    await expect.poll(() => visitor.getByTestId('list-item').count()).toBe(3);
    // The map is the server's image until the reader asks for the interactive one.
    const mapImage = visitor.getByRole('img', {
      name: `「${listTitle}」の項目の地図（番号は並び順）`,
    });
    await expect
      .poll(() =>
        mapImage.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await visitor.locator('.maplibregl-map').count()).toBe(0);
    await visitor.getByRole('button', { name: '地図を操作する' }).click();
    await expect.poll(() => visitor.getByTestId('numbered-place').count()).toBe(3);

    // The GeoJSON download holds the three places in list order.
    const download = visitor.waitForEvent('download');
    await visitor.getByRole('link', { name: 'GeoJSONで書き出す' }).click();
    const file = await (await download).path();
    const collection = JSON.parse(await fs.readFile(file, 'utf8')) as {
      features: { properties: { position: number; name: string } }[];
    };
    expect(collection.features.map((feature) => feature.properties.name)).toEqual([
      '新宿駅',
      '東京駅',
      spotTitle,
    ]);

    // Refused calls are logged by the browser as failed loads; no script error may be.
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual(
      [],
    );
  });
});
