// @vitest-environment node
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressPlugin } from './precompress-plugin';

let dir = '';
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function runPlugin(files: Record<string, string>) {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-precompress-'));
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), text);
  }
  const plugin = precompressPlugin();
  const hook = <T>(value: T) =>
    typeof value === 'function' ? value : (value as { handler: T }).handler;
  (hook(plugin.configResolved) as (config: unknown) => void)({
    root: dir,
    build: { outDir: '.' },
  });
  await (hook(plugin.closeBundle) as () => Promise<void>)();
  return (await fs.readdir(dir, { recursive: true })).map(String).sort();
}

describe('precompressPlugin', () => {
  it('writes brotli and gzip copies that decompress to the file', async () => {
    const script = `export const stations = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `駅${i}`))};`;
    const files = await runPlugin({ 'assets/app-a1.js': script });
    expect(files).toEqual([
      'assets',
      'assets/app-a1.js',
      'assets/app-a1.js.br',
      'assets/app-a1.js.gz',
    ]);
    const br = await fs.readFile(path.join(dir, 'assets/app-a1.js.br'));
    const gz = await fs.readFile(path.join(dir, 'assets/app-a1.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(Buffer.byteLength(script) / 2);
  });

  it('leaves small files, source maps, images and dot folders alone', async () => {
    const big = 'x'.repeat(4096);
    const files = await runPlugin({
      'assets/tiny.js': 'export {};',
      'assets/app.js.map': big,
      'icon.png': big,
      '.vite/manifest.json': big,
      'basemap/land.json': big,
    });
    expect(files.filter((file) => /\.(br|gz)$/.test(file))).toEqual([
      'basemap/land.json.br',
      'basemap/land.json.gz',
    ]);
  });
});
