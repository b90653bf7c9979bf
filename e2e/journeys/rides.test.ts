import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { signIn } from '../support/members.js';

/**
 * Rides at 390 px (docs/rides.md): from 方南町's page a journey with two transfers (丸ノ内線 →
 * 新宿 → 山手線 → 品川 → 東海道新幹線 → 新大阪) in at most 10 taps; the 山手線 page colours the
 * sections ridden and the nationwide map has the three lines; a ride recorded offline waits as
 * 送信待ち and is sent once when the network is back.
 */

const YAMANOTE = 11302;

async function stationId(page: Page, name: string): Promise<number> {
  const answer = await page.request.get(
    `${baseUrl}/api/v2/stations/search?q=${encodeURIComponent(name)}`,
  );
  const { data } = (await answer.json()) as { data: { items: { id: number; name: string }[] } };
  return data.items.find((item) => item.name === name)!.id;
}

async function rideCount(page: Page): Promise<number> {
  const answer = await page.request.get(`${baseUrl}/api/v2/rides?limit=100`);
  return ((await answer.json()) as { data: { items: unknown[] } }).data.items.length;
}

describeInBrowser('rides', () => {
  const browser = useBrowser();

  it('records a journey with two transfers from a station page, shows it on the line page and the map, and sends an offline ride once', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, phone: true });
    await signIn(page, 'rider');
    const honancho = await stationId(page, '方南町');
    const shinagawa = await stationId(page, '品川');
    let taps = 0;
    const tap = async (role: 'button' | 'link', name: string) => {
      await page.getByRole(role, { name, exact: true }).first().click();
      taps += 1;
    };

    await open(page, `/station/${honancho}`);
    await tap('link', 'ここから乗った');
    await tap('button', '東京メトロ丸ノ内線');
    await tap('button', '新宿');
    await tap('button', 'JR山手線');
    await tap('button', '品川');
    await tap('button', '東海道新幹線');
    await tap('button', '新大阪');
    await page.getByText('東海道新幹線 品川→新大阪').waitFor();
    await tap('button', '記録する');
    await page.getByText('3区間の乗車を記録しました。').waitFor();
    expect(taps).toBeLessThanOrEqual(10);
    await expect.poll(() => page.getByTestId('ride').count()).toBe(3);

    // The 山手線 page colours 新宿→品川 (the short way: 8 sections) in its station list.
    await open(page, `/line/${YAMANOTE}`);
    await page.getByRole('region', { name: 'あなたの乗車' }).waitFor();
    await expect.poll(() => page.locator('li[data-ridden="true"]').count()).toBe(8);

    // The nationwide map is ready with the three lines.
    await open(page, '/rides/map');
    const map = page.getByTestId('rides-map');
    await page.locator('[data-testid="rides-map"][data-state="ready"]').waitFor();
    expect(await map.getAttribute('data-features')).toBe('3');

    // Offline: 品川 → 田町 waits as 送信待ち, and is sent once when the network is back.
    await open(page, `/station/${shinagawa}`);
    await page.getByRole('link', { name: 'ここから乗った', exact: true }).click();
    await page.getByRole('button', { name: 'JR山手線', exact: true }).click();
    await page.getByRole('button', { name: '田町', exact: true }).click();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: '記録する', exact: true }).click();
    await page.getByText('送信待ち', { exact: true }).waitFor();
    await page.context().setOffline(false);
    await page.getByText('送信待ち', { exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('ride').count()).toBe(4);
    expect(await rideCount(page)).toBe(4);
  });
});
