// @vitest-environment node
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isWebRoutePath } from '@ekispot/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { THEME_COLORS } from './src/lib/theme-colors';
import { APPLE_TOUCH_ICON, WEB_MANIFEST_FILE, type WebAppManifest } from './web-manifest';
import { generateWebManifestFiles, webManifestPlugin } from './web-manifest-plugin';

const publicDir = fileURLToPath(new URL('./public', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width × height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

let files: Map<string, Buffer>;
let manifest: WebAppManifest;

beforeAll(async () => {
  files = await generateWebManifestFiles(publicDir);
  manifest = JSON.parse(files.get(WEB_MANIFEST_FILE)!.toString('utf8')) as WebAppManifest;
});

/** A file the manifest names, as the build writes it (icons) or copies it from public/ (screenshots). */
async function fileAt(src: string): Promise<Buffer> {
  const name = src.replace(/^\//, '');
  return files.get(name) ?? fs.readFile(`${publicDir}/${name}`);
}

describe('the web app manifest', () => {
  it('names the app in Japanese and opens it standalone on the top page', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'えきスポ - 駅と周辺スポットの地図',
      short_name: 'えきスポ',
      lang: 'ja',
      dir: 'ltr',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.description).toMatch(/駅/);
    expect(isWebRoutePath(new URL(manifest.start_url, 'https://x.test').pathname)).toBe(true);
  });

  it("takes its colours from the theme's", () => {
    expect(manifest.theme_color).toBe(THEME_COLORS.primary);
    expect(manifest.background_color).toBe(THEME_COLORS.background);
  });

  it('has 192 and 512 px icons, for any use and maskable, each of the size it says', async () => {
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      expect(pngSize(await fileAt(icon.src)), icon.src).toBe(icon.sizes);
    }
  });

  it('offers shortcuts to pages of the app, each with a 96 px icon', async () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['地図', '/'],
      ['投稿', '/post/create/spot'],
      ['通知', '/notifications'],
      ['スタンプ帳', '/stamps'],
    ]);
    for (const shortcut of manifest.shortcuts) {
      expect(isWebRoutePath(shortcut.url), shortcut.url).toBe(true);
      expect(shortcut.description).toMatch(/\S/);
      expect(shortcut.icons).toHaveLength(1);
      expect(pngSize(await fileAt(shortcut.icons[0]!.src))).toBe('96x96');
    }
  });

  it('shows a narrow and a wide screenshot of the sizes their files have', async () => {
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const size = pngSize(await fileAt(shot.src));
      expect(size, shot.src).toBe(shot.sizes);
      const [width = 0, height = 0] = size.split('x').map(Number);
      // What Chromium's install sheet takes: portrait for narrow, landscape for wide, at most 2.3:1.
      if (shot.form_factor === 'narrow') expect(height).toBeGreaterThan(width);
      else expect(width).toBeGreaterThan(height);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
      expect(shot.label).toMatch(/\S/);
    }
  });
});

describe('the icons', () => {
  it('are drawn from the favicon, whose background is the theme colour', async () => {
    const favicon = await fs.readFile(`${publicDir}/favicon.svg`, 'utf8');
    expect(favicon).toContain(`fill="${THEME_COLORS.primary}"`);
  });

  it('keep a maskable glyph inside the middle 80 % circle, the rest all theme colour', async () => {
    const maskable = manifest.icons.find(
      (icon) => icon.purpose === 'maskable' && icon.sizes === '512x512',
    );
    const { data, info } = await sharp(await fileAt(maskable!.src))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(THEME_COLORS.primary.slice(at, at + 2), 16));
    const middle = info.width / 2;
    let outside = 0;
    for (let y = 0; y < info.height; y += 1) {
      for (let x = 0; x < info.width; x += 1) {
        if (Math.hypot(x + 0.5 - middle, y + 0.5 - middle) <= info.width * 0.4) continue;
        const at = (y * info.width + x) * info.channels;
        const same = [r, g, b].every((value, i) => Math.abs(data[at + i]! - value!) <= 2);
        if (!same || data[at + 3] !== 255) outside += 1;
      }
    }
    expect(outside).toBe(0);
  });

  it('include an opaque apple-touch-icon, which iOS rounds itself', async () => {
    const icon = files.get(APPLE_TOUCH_ICON.fileName)!;
    expect(pngSize(icon)).toBe('180x180');
    const { isOpaque } = await sharp(icon).stats();
    expect(isOpaque).toBe(true);
  });
});

describe('webManifestPlugin', () => {
  it("adds the theme's colour as theme-color to index.html", () => {
    const plugin = webManifestPlugin();
    const transform = plugin.transformIndexHtml as () => unknown;
    expect(transform()).toEqual([
      {
        tag: 'meta',
        attrs: { name: 'theme-color', content: THEME_COLORS.primary },
        injectTo: 'head',
      },
    ]);
  });
});
