// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { precacheEntries } from './service-worker-plugin';

describe('precacheEntries', () => {
  const bundle = new Map<string, string | Uint8Array>([
    ['assets/index-Ab12Cd.js', 'console.log(1)'],
    ['assets/index-Ab12Cd.js.map', '{}'],
    ['assets/index-Ef34.css', 'body{}'],
    ['assets/noto-sans-jp-0.woff2', new Uint8Array([1, 2, 3])],
    ['assets/index-Ab12Cd.js.br', new Uint8Array([4])],
    ['assets/photo-Zz.png', new Uint8Array([5])],
    ['index.html', '<!doctype html><title>えきスポ</title>'],
    ['offline.html', '<!doctype html><title>オフライン</title>'],
    ['manifest.webmanifest', '{"name":"えきスポ"}'],
    ['icons/icon-192.png', new Uint8Array([6])],
    ['icons/icon-512.png', new Uint8Array([7])],
    ['build.json', '{"id":"x"}'],
    ['sw.js', 'self'],
    ['index.html.gz', new Uint8Array([8])],
  ]);

  it('lists the app’s code, its shell, the offline page, the manifest and the small icon, sorted', () => {
    expect(precacheEntries(bundle).map((entry) => entry.url)).toEqual([
      '/assets/index-Ab12Cd.js',
      '/assets/index-Ef34.css',
      '/assets/noto-sans-jp-0.woff2',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
      '/offline.html',
    ]);
  });

  it('versions hashed files by their name and the others by their content', () => {
    const entries = new Map(precacheEntries(bundle).map((entry) => [entry.url, entry.revision]));
    expect(entries.get('/assets/index-Ab12Cd.js')).toBeNull();
    const shell = entries.get('/index.html');
    expect(shell).toMatch(/^[0-9a-f]{16}$/);
    expect(entries.get('/offline.html')).not.toBe(shell);

    const changed = new Map(bundle).set('index.html', '<!doctype html><title>新版</title>');
    const again = new Map(precacheEntries(changed).map((entry) => [entry.url, entry.revision]));
    expect(again.get('/index.html')).not.toBe(shell);
    expect(again.get('/offline.html')).toBe(entries.get('/offline.html'));
  });
});
