import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';

describeInBrowser('pages', () => {
  const browser = useBrowser();

  it('shows a station page with lines (Shinkansen too), address and nearby stations', async () => {
    const { page } = await browser.newPage();
    await open(page, '/station/1130101');
    await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    await expect.poll(() => page.title()).toContain('東京');
    // The Shinkansen lines come from the bundled Shinkansen table (docs/stations.md).
    await expect.poll(() => page.getByText('東海道新幹線').count()).toBeGreaterThan(0);
    // The old data's machine-translated English names are shown nowhere.
    expect(await page.getByText('Tokyo', { exact: true }).count()).toBe(0);
    await expect.poll(() => page.getByText('JR山手線').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/東京都千代田区/).count()).toBeGreaterThan(0);
    const nearby = page.getByRole('link', { name: /大手町|二重橋前|有楽町|京橋|日本橋/ }).first();
    await nearby.waitFor();
    await nearby.click();
    await page.waitForURL(/\/station\/\d+$/);
    expect(page.url()).not.toMatch(/1130101$/);

    // A station only the Shinkansen serves has its own page, with its line and opening date.
    await open(page, '/station/100902');
    await page.getByRole('heading', { level: 1, name: '安中榛名' }).waitFor();
    await page.getByText('北陸新幹線').first().waitFor();
    await page.getByText('1997年10月1日').waitFor();
    expect(await page.getByText('群馬県').count()).toBeGreaterThan(0);
  });

  it('gives each name of a transfer group its own page, linked under 乗り換え', async () => {
    const { page } = await browser.newPage();
    // 3400201 is a platform of 大阪梅田 (阪急宝塚本線): its address leads to the station's.
    await open(page, '/station/3400201');
    await page.waitForURL(/\/station\/3400101$/);
    await page.getByRole('heading', { level: 1, name: '大阪梅田' }).waitFor();
    const higashiUmeda = page.getByRole('link', { name: /^東梅田（直線約/ });
    await higashiUmeda.click();
    await page.waitForURL(/\/station\/9961910$/);
    await page.getByRole('heading', { level: 1, name: '東梅田' }).waitFor();
    for (const name of ['梅田', '大阪', '北新地', '西梅田', '大阪梅田']) {
      const link = page.getByRole('link', {
        name: new RegExp(`^${name}（直線約\\d+m・徒歩約\\d+分）$`),
      });
      await link.waitFor();
    }
  });

  it('opens a line from a station, its stations in order on a map and in a list', async () => {
    const { page } = await browser.newPage();
    await open(page, '/station/1130101');
    await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
    await page.getByRole('link', { name: 'JR山手線', exact: true }).click();
    await page.waitForURL(/\/line\/11302$/);
    await page.getByRole('heading', { level: 1, name: 'JR山手線' }).waitFor();
    await page.getByRole('region', { name: 'JR山手線の駅の地図' }).waitFor();
    const stations = page
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: '品川' }) });
    // Each link reads its number (hidden from screen readers) and then the station's name.
    const names = (await stations.getByRole('link').allTextContents()).map((name) =>
      name.replace(/^\d+/, ''),
    );
    // In order along the line: 東京, then 有楽町 and 新橋 southwards.
    expect(names.indexOf('有楽町')).toBe(names.indexOf('東京') + 1);
    expect(names.indexOf('新橋')).toBe(names.indexOf('有楽町') + 1);
    await page.getByRole('link', { name: '高輪ゲートウェイ' }).click();
    await page.waitForURL(/\/station\/1130230$/);
    await page.getByRole('heading', { level: 1, name: '高輪ゲートウェイ' }).waitFor();
  });

  it('draws a random station, filtered by prefecture, and goes to it', async () => {
    const { page } = await browser.newPage();
    await open(page, '/search/station/random');
    await expect.poll(() => page.title()).toContain('駅ガチャ');
    await page.getByLabel('都道府県').click();
    await page.getByRole('option', { name: '沖縄県' }).click();
    await page.getByRole('button', { name: 'ガチャを回す' }).click();
    const go = page.getByRole('link', { name: 'この駅へ行く' });
    await go.waitFor();
    await expect.poll(() => page.getByText('沖縄県').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'もう一度' }).click();
    await go.waitFor();
    await go.click();
    await page.waitForURL(/\/station\/\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('answers an unknown path with the 404 text', async () => {
    const { page } = await browser.newPage();
    await open(page, '/no/such/page');
    await page.getByText('Page not found: /no/such/page').waitFor();
  });

  it('shows the 404 page for a station that does not exist', async () => {
    const { page } = await browser.newPage();
    const response = await page.goto(`${baseUrl}/station/999999999`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'ページが見つかりません' }).waitFor();
  });

  it('sends a signed-out visitor from an auth-only page to /login and remembers the page', async () => {
    const { page } = await browser.newPage();
    await open(page, '/notifications');
    await page.waitForURL(/\/login/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/notifications');
  });

  it('has written privacy and terms pages', async () => {
    const { page } = await browser.newPage();
    await open(page, '/privacy');
    await page.getByRole('heading', { level: 1, name: /プライバシー/ }).waitFor();
    await expect.poll(() => page.getByText(/退会/).count()).toBeGreaterThan(0);
    await open(page, '/service');
    await page.getByRole('heading', { level: 1, name: /利用規約/ }).waitFor();
  });
});
