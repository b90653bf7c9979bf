import { countryMapLayout, decodeStationMarkers } from '@ekispot/shared';
import { expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';

describeInBrowser('top map', () => {
  const browser = useBrowser();

  // The map is the dearest page to open (WebGL drawn in software, about 4 s of CPU): the tests
  // on the desktop's first view share one opening, and the shared-view check is made on the
  // street-level view the names test opens.
  it('draws every station group as clusters, with Japanese map controls; finds stations by reading, lines by name, and a station whose pop-up leads to its page; no CSP or script errors', async () => {
    const { page, problems } = await browser.newPage();
    await open(page, '/');
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    await expect.poll(() => page.title()).toContain('TOP');
    await expect.poll(() => page.getByText(/9,025/).count()).toBeGreaterThan(0);
    // Clusters are drawn on the canvas: check it is really painted, not blank.
    const canvas = page.locator('canvas.maplibregl-canvas');
    await expect.poll(() => canvas.count()).toBe(1);
    const screenshot = await canvas.screenshot();
    expect(screenshot.length).toBeGreaterThan(20_000);
    await expect.poll(() => page.getByText('駅データ.jp').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: '拡大' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: '縮小' }).count()).toBe(1);

    // A station by its reading, a line by its name, and a station on the line's list.
    const search = page.getByRole('combobox', { name: /駅/ });
    await search.fill('うめだ');
    await page.getByRole('option', { name: /^梅田/ }).first().waitFor();
    await search.fill('山手線');
    await page.getByRole('option', { name: /^JR山手線/ }).click();
    const dialog = page.getByRole('dialog', { name: /JR山手線/ });
    await dialog.getByRole('button', { name: '高輪ゲートウェイ' }).click();
    const popup = page.getByTestId('station-popup');
    await popup.getByText('高輪ゲートウェイ').waitFor();

    // A station found with the search box: its pop-up, then its page.
    await search.fill('新宿');
    const option = page.getByRole('option', { name: /^新宿/ }).first();
    await option.waitFor();
    await option.click();
    await popup.getByRole('heading', { name: '新宿' }).waitFor({ timeout: 20_000 });
    const link = popup.getByRole('link', { name: '駅の詳細を見る' });
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await page.waitForURL(/\/station\/1130208$/);
    await page.getByRole('heading', { level: 1, name: '新宿' }).waitFor();
    expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  });

  it('asks for names and detailed lines only once zoomed in, keeps the view in the URL so it can be shared, and names a tapped station', async () => {
    const { page } = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/stations\/markers\/names$|\/map\/railways|\/basemap\/prefectures/.test(pathname))
        asked.push(pathname);
    });
    await open(page, '/');
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    // The country view: simplified lines and borders, no names.
    await expect
      .poll(() => [...asked].sort())
      .toEqual(['/api/v2/map/railways/overview', '/basemap/prefectures-overview.json']);

    // 東京 in the middle of a street-level view: its names arrive, and a tap on it names it.
    const markers = decodeStationMarkers(
      (await (await fetch(`${baseUrl}/api/v2/stations/markers`)).json()).data,
    );
    const tokyo = markers.ids.indexOf(1130101);
    const [lat, lng] = [markers.lats[tokyo]!, markers.lngs[tokyo]!];
    const names = page.waitForResponse((response) =>
      response.url().endsWith('/stations/markers/names'),
    );
    await open(page, `/?lat=${lat}&lng=${lng}&z=16`);
    expect((await names).status()).toBe(200);
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    // The view opened from a shared URL stays in it.
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('lat'))).toBeCloseTo(lat, 2);
    expect(Number(url.searchParams.get('lng'))).toBeCloseTo(lng, 2);
    expect(Number(url.searchParams.get('z'))).toBeCloseTo(16, 0);
    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByTestId('station-popup').getByRole('heading', { name: '東京' }).waitFor();
    await expect.poll(() => asked).toContain('/api/v2/map/railways');
    expect(asked).toContain('/basemap/prefectures.json');
  });

  it('says from its first paint that the map is loading, until the clusters are drawn; says so when the map cannot start', async () => {
    // The server's page already says it: it is on screen before any script has run.
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toMatch(/role="status"[^>]*>.*地図を読み込んでいます…/);
    // Under it, the first view as the server drew it (docs/map.md#the-first-view-as-an-image).
    expect(html).toMatch(/<img[^>]*src="\/api\/v2\/maps\/country\/portrait\.webp"/);
    // Not for a shared view: that view is not the one drawn.
    const shared = await (await fetch(`${baseUrl}/?lat=35.68&lng=139.76&z=12`)).text();
    expect(shared).not.toContain('/maps/country/');

    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, phone: true });
    // MapLibre's worker, which reads the stations into clusters, is held back until the status
    // has been seen, so the check cannot race the map.
    let release = () => {};
    let asked = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.context().route(/\/assets\/maplibre-gl-worker-[\w-]+\.m?js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await open(page, '/');
    const loading = page.getByRole('status').filter({ hasText: '地図を読み込んでいます…' });
    await loading.waitFor();
    const box = (await loading.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The country and its clusters are on screen meanwhile, covering the map's box.
    const image = page.getByRole('img', { name: /日本全国の地図/ });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await image.isVisible()).toBe(true);
    const mapBox = (await page.getByTestId('map').boundingBox())!;
    const drawnAt = (await image.boundingBox())!;
    expect(drawnAt.x).toBeLessThanOrEqual(mapBox.x);
    expect(drawnAt.y).toBeLessThanOrEqual(mapBox.y);
    expect(drawnAt.x + drawnAt.width).toBeGreaterThanOrEqual(mapBox.x + mapBox.width);
    expect(drawnAt.y + drawnAt.height).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
    // Centred on the map's box, as the fitted view is.
    expect(Math.abs(drawnAt.x + drawnAt.width / 2 - (mapBox.x + mapBox.width / 2))).toBeLessThan(1);
    expect(Math.abs(drawnAt.y + drawnAt.height / 2 - (mapBox.y + mapBox.height / 2))).toBeLessThan(
      1,
    );
    release();
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    expect(asked).toBe(true);
    expect(await loading.count()).toBe(0);
    // The map opened on the image's view: its centre and the zoom at the image's scale.
    const layout = countryMapLayout('portrait');
    await expect.poll(() => new URL(page.url()).searchParams.get('z')).not.toBeNull();
    const view = new URL(page.url()).searchParams;
    expect(Number(view.get('z'))).toBeCloseTo(
      layout.zoom + Math.log2(drawnAt.width / layout.width),
      1,
    );
    expect(Number(view.get('lat'))).toBeCloseTo(layout.center.lat, 1);
    expect(Number(view.get('lng'))).toBeCloseTo(layout.center.lng, 1);
    // Then the image fades away.
    await image.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('map-status').textContent()).toMatch(/駅を表示/);

    // No WebGL: a plain message instead of a grey box that never fills.
    const { page: noGl } = await browser.newPage({ viewport: { width: 320, height: 640 } });
    await noGl.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind, ...rest) {
        return /webgl/.test(kind) ? null : getContext.call(this, kind, ...rest);
      } as typeof getContext;
    });
    await open(noGl, '/');
    await noGl.getByRole('alert').filter({ hasText: 'この端末では地図を表示できません' }).waitFor();
    expect(await noGl.getByText('地図を読み込んでいます…').count()).toBe(0);
    // The search still works without the map.
    expect(await noGl.getByRole('combobox', { name: /駅/ }).count()).toBe(1);
  });

  it('with Save-Data shows the server’s page and its image, loading neither the app nor the map until 「地図を操作する」', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    // Not open(): it waits for the app, which here waits for the visitor.
    await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
    const start = page.getByRole('button', { name: '地図を操作する' });
    await start.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="map-first-view"] img')?.complete,
    );
    await page.getByText(/データセーバーがオンのため/).waitFor();
    expect(await page.getByText('地図を読み込んでいます…').isVisible()).toBe(false);
    // Nothing but the page, its entry and its image: no app, no MapLibre, no markers call.
    expect(
      asked.filter((path) => /\/start-|maplibre|\/stations\/markers|\/map\//.test(path)),
    ).toEqual([]);
    const box = (await start.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    // The press loads the app and the map (its drawing is the other tests' part).
    const mapCode = page.waitForRequest((request) => /maplibre-gl-/.test(request.url()));
    await start.click();
    await mapCode;
    await page.getByText('地図を読み込んでいます…').waitFor();
    expect(await start.isVisible()).toBe(false);
  });

  it('opens on the whole of Japan on a phone', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(page, '/');
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('z')).not.toBeNull();
    expect(Number(new URL(page.url()).searchParams.get('z'))).toBeLessThan(5);
  });

  it('keeps a phone’s map clear: a folded panel, one search, a pop-up sheet wholly on screen', async () => {
    const { page } = await browser.newPage({ viewport: { width: 320, height: 640 }, phone: true });
    await open(page, '/');
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    // The settings start folded; 「表示の設定」 opens them.
    const settings = page.getByRole('button', { name: '表示の設定' });
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: /^スポット/ }).isVisible()).toBe(false);
    await settings.click();
    await page.getByText('凡例').waitFor();
    await settings.click();
    // One search on the map page: the panel's.
    expect(await page.getByRole('combobox', { name: /駅/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '駅を探す' }).isVisible()).toBe(false);

    await page.getByRole('combobox', { name: /駅/ }).fill('新宿');
    await page.getByRole('option', { name: /^新宿/ }).first().click();
    const sheet = page.getByTestId('station-popup');
    await sheet.getByRole('link', { name: '駅の詳細を見る' }).waitFor({ timeout: 20_000 });
    const box = (await sheet.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    const close = sheet.getByRole('button', { name: '閉じる' });
    const target = (await close.boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
    await close.click();
    await sheet.waitFor({ state: 'detached' });
  });

  it('moves a station tapped low on a phone above its own sheet', async () => {
    const { page } = await browser.newPage({ viewport: { width: 390, height: 844 }, phone: true });
    const markers = decodeStationMarkers(
      (await (await fetch(`${baseUrl}/api/v2/stations/markers`)).json()).data,
    );
    const tokyo = markers.ids.indexOf(1130101);
    const [lat, lng] = [markers.lats[tokyo]!, markers.lngs[tokyo]!];
    // A street-level view with 東京 300 px below its middle (Web Mercator, 512 px tiles, zoom 16).
    const pxPerDegree = ((512 * 2 ** 16) / 360) * (1 / Math.cos((lat * Math.PI) / 180));
    await open(page, `/?lat=${lat + 300 / pxPerDegree}&lng=${lng}&z=16`);
    await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    const box = (await page.locator('canvas.maplibregl-canvas').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2 + 300);
    const sheet = page.getByTestId('station-popup');
    await sheet.getByRole('heading', { name: '東京' }).waitFor();
    // The map has moved so that the station is well above its middle (centred, it would sit
    // behind the sheet's top), clear of the sheet below.
    await expect
      .poll(() => Number(new URL(page.url()).searchParams.get('lat')))
      .toBeLessThan(lat - 50 / pxPerDegree);
  });
});
