import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { field } from '../support/accounts.js';
import { signIn } from '../support/members.js';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { createPng } from '../support/png.js';

/**
 * The heart of the product in the browser: member A puts a spot with two photos on the map;
 * it shows on the top map and on its station's page; member B likes it, wants to go and
 * comments; A edits it, then deletes it.
 */

const stamp = Date.now();
const title = `丸の内の赤レンガ広場 ${stamp}`;
const editedTitle = `丸の内の赤レンガ駅前広場 ${stamp}`;

let photoDir = '';
let photos: string[] = [];

beforeAll(async () => {
  photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-photos-'));
  photos = [path.join(photoDir, 'first.png'), path.join(photoDir, 'second.png')];
  await fs.writeFile(photos[0]!, createPng(320, 240));
  await fs.writeFile(photos[1]!, createPng(240, 320));
});

afterAll(async () => {
  await fs.rm(photoDir, { recursive: true, force: true });
});

describeInBrowser('posts', () => {
  const browser = useBrowser();

  it('creates a spot with photos, shows it, gets reactions and comments, edits and deletes it', async () => {
    // A puts a spot next to Tokyo station with two photos.
    const { page: a, problems } = await browser.newPage();
    await signIn(a, 'postsA');
    await open(a, '/post/create/spot');
    await a.getByRole('heading', { level: 1, name: 'スポットの投稿' }).waitFor();
    await field(a, 'タイトル').fill(title);
    await field(a, '説明').fill('夕方は駅舎がきれいに見えます。https://example.jp/guide');
    const search = a.getByRole('combobox', { name: /駅/ }).first();
    await search.fill('東京');
    await a.getByRole('option', { name: /^東京/ }).first().click();
    // The map flies to the station; the button pins where it is going, even mid-flight.
    await a.getByRole('button', { name: '地図の中心にピンを立てる' }).click();
    // On the station itself, not on a point of the flight there.
    await a.getByText('最寄り駅：東京駅（約0m）').waitFor({ timeout: 15_000 });
    await a.getByLabel('投稿する写真のファイル').setInputFiles(photos);
    await a.getByText('2 / 10枚').waitFor();
    await a.getByRole('button', { name: '投稿する' }).click();

    await a.waitForURL(/\/post\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const postPath = new URL(a.url()).pathname;
    const postId = postPath.split('/').pop()!;
    await a.getByRole('heading', { level: 1, name: title }).waitFor();
    const gallery = a.getByRole('img', { name: new RegExp(`${title}の写真（\\d枚目／全2枚）`) });
    await expect.poll(() => gallery.count()).toBe(2);
    await expect
      .poll(() =>
        gallery
          .first()
          .evaluate(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
      )
      .toBe(true);
    const link = a.getByRole('link', { name: 'https://example.jp/guide' });
    expect(await link.getAttribute('rel')).toContain('noopener');

    // It is on the top map around Tokyo station and on the station's page.
    await open(a, '/?lat=35.681&lng=139.767&z=14');
    await a.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    await a.getByText(/スポット・イベント[1-9]\d*件を表示しています/).waitFor({ timeout: 20_000 });
    const markers = (await (
      await fetch(`${baseUrl}/api/v2/map/markers?bbox=139.75,35.67,139.78,35.69&kinds=spot`)
    ).json()) as { data: { items: { id: string }[] } };
    expect(markers.data.items.map((item) => item.id)).toContain(postId);

    const found = (await (
      await fetch(`${baseUrl}/api/v2/stations/search?q=${encodeURIComponent('東京')}`)
    ).json()) as { data: { items: { id: number; name: string }[] } };
    const tokyo = found.data.items.find((station) => station.name === '東京');
    await open(a, `/station/${tokyo?.id}`);
    await a.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    await a.getByRole('tab', { name: 'スポット' }).click();
    await a
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor();

    // B likes it, wants to go, and comments.
    const { page: b } = await browser.newPage();
    await signIn(b, 'postsB');
    await open(b, postPath);
    await b.getByRole('heading', { level: 1, name: title }).waitFor();
    const like = b.getByRole('button', { name: /^いいね/ });
    const want = b.getByRole('button', { name: /^行きたい/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await want.click();
    await expect.poll(() => want.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.textContent()).toContain('1');
    await expect.poll(() => want.textContent()).toContain('1');
    await field(b, 'コメント').fill('素敵な場所ですね。今度行ってみます！');
    await b.getByRole('button', { name: 'コメントする' }).click();
    await b.getByText('素敵な場所ですね。今度行ってみます！').waitFor();
    await b.getByRole('heading', { name: 'コメント（1件）' }).waitFor();

    // The counts are real: a fresh load shows them to A too.
    await open(a, postPath);
    await a.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect
      .poll(() => a.getByRole('button', { name: /^いいね/ }).textContent())
      .toContain('1');
    await a.getByText('素敵な場所ですね。今度行ってみます！').waitFor();
    // B cannot edit A's post.
    expect(await b.getByRole('link', { name: '編集' }).count()).toBe(0);

    // A edits the title.
    await a.getByRole('link', { name: '編集' }).click();
    await a.waitForURL(/\/post\/update\/spot\?postId=/);
    const titleField = field(a, 'タイトル');
    await expect.poll(() => titleField.inputValue()).toBe(title);
    await titleField.fill(editedTitle);
    await a.getByRole('button', { name: '保存する' }).click();
    await a.waitForURL((url) => url.pathname === postPath);
    await a.getByRole('heading', { level: 1, name: editedTitle }).waitFor();

    // A deletes it, after confirming.
    await a.getByRole('button', { name: '削除' }).first().click();
    const dialog = a.getByRole('dialog', { name: 'この投稿を削除しますか？' });
    await dialog.getByRole('button', { name: '削除' }).click();
    await a.getByText('投稿を削除しました。').waitFor();
    const gone = await fetch(`${baseUrl}/api/v2/posts/${postId}`);
    expect(gone.status).toBe(404);

    expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
    // A whole life of a post in two browsers: close to a minute on a busy 2-core machine.
  }, 150_000);
});
