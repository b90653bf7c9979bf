import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';

/**
 * 「共有」 on a phone whose browser has no Web Share API (docs/seo.md#sharing): the menu of copy,
 * LINE and X on 東京駅's page at 390 px, its links encoded and opening safely, within the screen
 * and 44 px high; copying announced. The page's head names the station's card, which is a PNG.
 */

const TOKYO = 1130101;

async function openShareMenu(page: Page) {
  await open(page, `/station/${TOKYO}`);
  await page.getByRole('heading', { level: 1, name: '東京' }).waitFor();
  await page.getByRole('button', { name: '共有' }).click();
  const menu = page.getByRole('menu', { name: '共有' });
  await menu.waitFor();
  // The menu grows into place: its items have their full size once the transition is over.
  await page.waitForFunction(() => {
    const paper = document.querySelector('[role="menu"]')?.closest('.MuiPaper-root');
    if (!paper) return false;
    const style = getComputedStyle(paper);
    return style.opacity === '1' && style.transform === 'none';
  });
  return menu;
}

describeInBrowser('sharing', () => {
  const browser = useBrowser();

  it('offers copy, LINE and X on a station page at 390 px and names the station card', async () => {
    const { page, problems } = await browser.newPage({
      viewport: { width: 390, height: 844 },
      phone: true,
    });
    // Whatever this Chromium offers, the fallback is what is checked here.
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
    });
    const menu = await openShareMenu(page);
    const pageUrl = `${baseUrl}/station/${TOKYO}`;

    const line = menu.getByRole('menuitem', { name: 'LINEで送る' });
    expect(await line.getAttribute('href')).toBe(
      `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(pageUrl)}`,
    );
    const x = menu.getByRole('menuitem', { name: 'Xでポスト' });
    const intent = new URL((await x.getAttribute('href')) ?? '');
    expect(`${intent.origin}${intent.pathname}`).toBe('https://x.com/intent/post');
    expect(intent.searchParams.get('text')).toBe('東京駅 #えきスポ');
    expect(intent.searchParams.get('url')).toBe(pageUrl);
    for (const link of [line, x]) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    for (const item of await menu.getByRole('menuitem').all()) {
      const box = await item.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }

    // Copying, with the keyboard: the first item has focus; Enter copies and it is announced.
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'リンクをコピー' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'リンクをコピー' }).innerText()).toBe(
      'リンクをコピーしました',
    );
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    // What a crawler reads: the station's card, a PNG.
    const html = await (await page.request.get(pageUrl)).text();
    expect(html).toContain(
      `<meta property="og:image" content="${baseUrl}/api/v2/og/station/${TOKYO}.png">`,
    );
    const image = await page.request.get(`${baseUrl}/api/v2/og/station/${TOKYO}.png`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    expect(problems).toEqual([]);
  });
});
