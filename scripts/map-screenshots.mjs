// Screenshots of the map at the zooms docs/basemap.md shows, for checking the offline basemap
// by eye. Start the app with MAP_TILE_URL=off first (e.g. `MAP_TILE_URL=off npm start`), then:
//   node scripts/map-screenshots.mjs --url http://localhost:3000 [--out docs/images/map]
// Needs Debian's chromium (or CHROMIUM_PATH) and fonts-noto-cjk. PNGs are written with a
// reduced palette (sharp) to keep them small.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
const sharp = require('sharp');

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    out: { type: 'string', default: 'docs/images/map' },
  },
});

export const PLACES = [
  { key: 'shinjuku', name: '新宿', lat: 35.6896, lng: 139.7006 },
  { key: 'tokyo', name: '東京', lat: 35.6812, lng: 139.7671 },
  { key: 'osaka', name: '大阪', lat: 34.7025, lng: 135.4959 },
  { key: 'nagoya', name: '名古屋', lat: 35.1709, lng: 136.8815 },
];
export const ZOOMS = [11, 13, 15, 17];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless=new',
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 420 }, locale: 'ja-JP' });
  await fs.mkdir(values.out, { recursive: true });
  for (const place of PLACES) {
    for (const zoom of ZOOMS) {
      await page.goto(`${values.url}/?lat=${place.lat}&lng=${place.lng}&z=${zoom}`);
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      // Let lines and labels settle after the first idle.
      await page.waitForTimeout(1500);
      const png = await page.locator('[data-testid="map"]').screenshot();
      const small = await sharp(png)
        .png({ palette: true, colours: 96, compressionLevel: 9 })
        .toBuffer();
      const file = path.join(values.out, `${place.key}-z${zoom}.png`);
      await fs.writeFile(file, small);
      console.log(`${file} ${Math.round(small.length / 1024)} kB`);
    }
  }
} finally {
  await browser.close();
}
