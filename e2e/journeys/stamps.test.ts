import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../support/axe.js';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';

/**
 * Stamps and rankings in the browser: a member standing at 東京駅 (a granted, mocked position)
 * presses 「スタンプを押す」; the stamp appears in their stamp book and 東京都's share rises on the
 * completion map; after posting, the post ranking shows them. Each page is checked with axe.
 */

const run = Date.now();
/** Beside 東京駅's Marunouchi entrance, known to 20 m. */
const AT_TOKYO_STATION = { latitude: 35.6812, longitude: 139.7664, accuracy: 20 };
const TOKYO = 1130101;

async function noSeriousProblems(page: Page, path: string) {
  expect({ path, problems: await seriousAccessibilityProblems(page) }).toEqual({
    path,
    problems: [],
  });
}

async function tokyoShare(page: Page): Promise<number> {
  const share = await page.locator('path[data-prefecture="13"]').getAttribute('data-share');
  return Number(share);
}

describeInBrowser('stamps and rankings', () => {
  const browser = useBrowser();

  it('stamps a station, shows it in the stamp book and the member in the ranking', async () => {
    const { page, problems } = await browser.newPage({ geolocation: AT_TOKYO_STATION });
    await signIn(page, 'stamper');
    const me = (await (await page.request.get(`${baseUrl}/api/v2/auth/me`)).json()) as {
      data: { id: string };
    };
    const userId = me.data.id;

    // The stamp book starts empty, with 東京都 blank on the map.
    await open(page, `/profile/${userId}/stamps`);
    await page.getByRole('heading', { level: 2, name: 'スタンプ帳' }).waitFor();
    await page.getByText('スタンプはまだありません。', { exact: false }).waitFor();
    await page.locator('path[data-prefecture="13"]').waitFor();
    expect(await tokyoShare(page)).toBe(0);

    // At the station: press, and the stamp comes down in a dialog (checked for accessibility
    // while open), then stays on the page.
    await open(page, `/station/${TOKYO}`);
    await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    await page.getByRole('button', { name: 'スタンプを押す' }).click();
    const moment = page.getByRole('dialog', { name: 'スタンプを押しました！' });
    await moment.getByText('東京駅のスタンプを押しました！').waitFor();
    await moment.getByText(/^あなたの1駅目のスタンプです$/).waitFor();
    await noSeriousProblems(page, `/station/${TOKYO} (the stamp dialog)`);
    await moment.getByRole('button', { name: '閉じる' }).click();
    await page.getByRole('img', { name: '東京駅のスタンプ' }).waitFor();
    await noSeriousProblems(page, `/station/${TOKYO}`);

    // The stamp book has it, with today's date, and 東京都's share has risen.
    await open(page, `/profile/${userId}/stamps`);
    await page.getByRole('link', { name: '東京駅' }).waitFor();
    await page.getByRole('img', { name: '東京駅のスタンプ' }).waitFor();
    await expect.poll(() => tokyoShare(page)).toBeGreaterThan(0);
    await page.getByText('全国 1 /', { exact: false }).waitFor();
    await page.getByText('都道府県ごとの表を見る').click();
    const tokyoRow = page.getByRole('row', { name: /^東京都 1 / });
    await tokyoRow.waitFor();
    await page.getByRole('progressbar', { name: /^JR山手線 1\/30$/ }).waitFor();
    await noSeriousProblems(page, `/profile/${userId}/stamps`);

    // A post puts the member on this week's post ranking, on the podium and in the table.
    const created = await page.request.post(`${baseUrl}/api/v2/posts`, {
      multipart: {
        kind: 'spot',
        title: `丸の内の駅舎が見える場所 ${run}`,
        lat: '35.6809',
        lng: '139.7665',
      },
      headers: { origin: baseUrl },
    });
    expect(created.status()).toBe(201);
    await open(page, '/rankings/post');
    await page.getByRole('heading', { level: 1, name: '投稿数ランキング' }).waitFor();
    await page.getByText('投稿数 ＝ 期間中に投稿した', { exact: false }).waitFor();
    await page.getByRole('tab', { name: '今週' }).waitFor();
    await page.getByRole('row', { name: new RegExp(member('stamper').name) }).waitFor();
    await noSeriousProblems(page, '/rankings/post');

    await page.getByRole('tab', { name: '全期間' }).click();
    await page.waitForURL((url) => url.searchParams.get('period') === 'all');
    await page.getByRole('row', { name: new RegExp(member('stamper').name) }).waitFor();
    await open(page, '/rankings/impact');
    await page.getByText('影響度数 ＝', { exact: false }).waitFor();
    await noSeriousProblems(page, '/rankings/impact');
    expect(problems).toEqual([]);
  });

  it('explains a refused check-in in Japanese', async () => {
    // In 新宿, about 6 km from 東京駅.
    const { page } = await browser.newPage({
      geolocation: { latitude: 35.6896, longitude: 139.7006, accuracy: 20 },
    });
    await signIn(page, 'farTraveller');
    await open(page, `/station/${TOKYO}`);
    await page.getByRole('button', { name: 'スタンプを押す' }).click();
    const refused = page.getByRole('dialog', { name: 'スタンプを押せませんでした' });
    const alert = refused.getByRole('alert').filter({ hasText: '駅から約' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/駅の500m以内でスタンプを押してください。/);
  });
});
