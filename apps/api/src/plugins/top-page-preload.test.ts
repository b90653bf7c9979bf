import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

/** A built web app in miniature: its HTML and the part of Vite's manifest the server reads. */
const TEMPLATE =
  '<!doctype html><html lang="ja"><head><title>えきスポ</title></head><body></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/app/routes/home.tsx': {
    file: 'assets/home-c3.js',
    isDynamicEntry: true,
    imports: ['_react-b2.js', '_base-map-d4.js'],
  },
  '_base-map-d4.js': {
    file: 'assets/base-map-d4.js',
    imports: ['_maplibre-gl-e5.js'],
    css: ['assets/base-map-f6.css'],
  },
  '_maplibre-gl-e5.js': { file: 'assets/maplibre-gl-e5.js' },
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-dist-'));
  await fs.writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  await fs.mkdir(path.join(distDir, '.vite'));
  await fs.writeFile(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  ctx = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const html = async (url: string) => (await ctx.app.inject(url)).body;

describe('the top page announces what its map needs', () => {
  it('preloads the map chunks and the first calls of the country view', async () => {
    const page = await html('/');
    for (const file of ['home-c3.js', 'base-map-d4.js', 'maplibre-gl-e5.js'])
      expect(page).toContain(`<link rel="modulepreload" href="/assets/${file}">`);
    expect(page).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/base-map-f6.css">',
    );
    expect(page).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/v2/stations/markers">',
    );
    expect(page).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/v2/map/markers?bbox=122%2C20%2C154%2C46&zoom=7&kinds=spot%2Cevent">',
    );
    // What the entry loads anyway is not announced twice.
    expect(page).not.toContain('react-b2.js');
  });

  it('announces nothing on other pages, or on a view the address chose', async () => {
    for (const url of ['/privacy', '/?lat=35.68&lng=139.76&z=12', '/?kinds=station'])
      expect(await html(url)).not.toContain('modulepreload');
  });
});
