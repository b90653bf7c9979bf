import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

/** A built asset with the copies apps/web/precompress-plugin.ts writes beside it. */
const SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `駅${i}`))};`;
/** An asset the build left uncompressed (as if written by hand into public/). */
const STYLE = `.map { color: #1b5e20; }\n`.repeat(200);

/**
 * The web app manifest as apps/web/web-manifest-plugin.ts writes it (the members the server's
 * answer depends on), with the icons it names drawn at their sizes, and its brotli copy.
 */
const MANIFEST = {
  id: '/',
  name: 'えきスポ - 駅と周辺スポットの地図',
  short_name: 'えきスポ',
  start_url: '/?source=pwa',
  display: 'standalone',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: '通知',
      url: '/notifications',
      icons: [{ src: '/icons/shortcut-notifications.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let distDir: string;

async function writeManifestAndIcons() {
  const text = JSON.stringify(MANIFEST);
  await fs.writeFile(path.join(distDir, 'manifest.webmanifest'), text);
  await fs.writeFile(path.join(distDir, 'manifest.webmanifest.br'), zlib.brotliCompressSync(text));
  await fs.mkdir(path.join(distDir, 'icons'));
  const icons = [...MANIFEST.icons, ...MANIFEST.shortcuts.flatMap((shortcut) => shortcut.icons)];
  for (const icon of icons) {
    const [width = 0, height = 0] = icon.sizes.split('x').map(Number);
    await sharp({ create: { width, height, channels: 4, background: '#1b5e20' } })
      .png()
      .toFile(path.join(distDir, icon.src));
  }
}

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><html><head></head></html>');
  await fs.mkdir(path.join(distDir, 'assets'));
  const script = path.join(distDir, 'assets', 'app-a1.js');
  await fs.writeFile(script, SCRIPT);
  await fs.writeFile(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  await fs.writeFile(`${script}.gz`, zlib.gzipSync(SCRIPT));
  await fs.writeFile(path.join(distDir, 'assets', 'style-b2.css'), STYLE);
  await fs.writeFile(
    path.join(distDir, 'assets', 'map-worker-d4.mjs'),
    'self.onmessage = () => {};',
  );
  await writeManifestAndIcons();
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets', () => {
  it('are sent as the build compressed them, to a browser that takes brotli', async () => {
    const response = await get('/assets/app-a1.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('fall back to gzip, then to the file itself', async () => {
    const gzip = await get('/assets/app-a1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-a1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('without a compressed copy are compressed on the fly', async () => {
    const response = await get('/assets/style-b2.css', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(STYLE);
  });

  it('that do not exist answer 404, not the page', async () => {
    const response = await get('/assets/missing-c3.js', 'br');
    expect(response.statusCode).toBe(404);
  });
});

describe('headers of built assets (docs/security.md#headers)', () => {
  it('are only those that mean something on a script or stylesheet', async () => {
    for (const url of ['/assets/app-a1.js', '/assets/style-b2.css']) {
      const { headers } = await get(url, 'br');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy'])
        expect(headers[documentOnly]).toBeUndefined();
    }
  });

  it('keep the CSP on a module worker, which takes it from its own response', async () => {
    const { headers } = await get('/assets/map-worker-d4.mjs');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('leave pages with the full set', async () => {
    for (const url of ['/', '/assets-list']) {
      const { headers } = await get(url);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('the web app manifest (docs/pwa.md#serving)', () => {
  it('is sent as application/manifest+json, revalidated on every use', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual(MANIFEST);

    const etag = String(response.headers.etag);
    const again = await ctx.app.inject({
      url: '/manifest.webmanifest',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps its type when sent as the build compressed it', async () => {
    const response = await get('/manifest.webmanifest', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual(MANIFEST);
  });

  it('names icons that answer as PNG images of the sizes it states', async () => {
    const manifest = (await get('/manifest.webmanifest')).json<typeof MANIFEST>();
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      const response = await get(icon.src);
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(response.rawPayload).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });
});
