// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { appShell, shellCode } from './service-worker-plugin';
import type { BundleFile } from './service-worker-plugin';

/**
 * A build like the app's: the entry starts the app (start.tsx) and zod's set-up; the app loads
 * the framework and its styles statically and every page dynamically, the map's page with the
 * map's big chunk and styles.
 */
function bundleOf(changes: Record<string, BundleFile> = {}): Map<string, BundleFile> {
  return new Map(
    Object.entries({
      'assets/index-Ab12.js': {
        source: 'entry',
        isEntry: true,
        imports: ['assets/preload-helper-Cd34.js'],
        dynamicImports: ['assets/start-Ef56.js', 'assets/zod-config-Gh78.js'],
      },
      'assets/preload-helper-Cd34.js': { source: 'helper' },
      'assets/start-Ef56.js': {
        source: 'app',
        imports: ['assets/framework-Ij90.js', 'assets/zod-config-Gh78.js'],
        dynamicImports: ['assets/home-Kl12.js', 'assets/post-editor-Mn34.js'],
        importedCss: ['assets/start-Op56.css'],
      },
      'assets/zod-config-Gh78.js': { source: 'zod' },
      'assets/framework-Ij90.js': { source: 'react' },
      'assets/start-Op56.css': { source: 'body{}', importedAssets: ['assets/font-Qr78.woff2'] },
      'assets/font-Qr78.woff2': { source: new Uint8Array([1]) },
      'assets/home-Kl12.js': {
        source: 'map page',
        dynamicImports: ['assets/maplibre-gl-St90.js'],
        importedCss: ['assets/browser-map-Uv12.css'],
      },
      'assets/maplibre-gl-St90.js': { source: 'maplibre', imports: ['assets/framework-Ij90.js'] },
      'assets/browser-map-Uv12.css': { source: '.map{}' },
      'assets/post-editor-Mn34.js': { source: 'editor', imports: ['assets/framework-Ij90.js'] },
      'assets/start-Ef56.js.map': { source: '{}' },
      'assets/start-Ef56.js.br': { source: new Uint8Array([2]) },
      'index.html': { source: '<!doctype html><title>えきスポ</title>' },
      'offline.html': { source: '<!doctype html><title>オフライン</title>' },
      'manifest.webmanifest': { source: '{"name":"えきスポ"}' },
      'icons/icon-192.png': { source: new Uint8Array([6]) },
      'icons/icon-512.png': { source: new Uint8Array([7]) },
      'build.json': { source: '{"id":"x"}' },
      'sw.js': { source: 'self' },
      ...changes,
    }),
  );
}
const publicFiles = new Map([['favicon.svg', new Uint8Array([9])]]);

describe('shellCode', () => {
  it('is the entry, the app it starts and what they load statically: no page’s own chunk', () => {
    expect([...shellCode(bundleOf())].sort()).toEqual([
      'assets/font-Qr78.woff2',
      'assets/framework-Ij90.js',
      'assets/index-Ab12.js',
      'assets/preload-helper-Cd34.js',
      'assets/start-Ef56.js',
      'assets/start-Op56.css',
      'assets/zod-config-Gh78.js',
    ]);
  });
});

describe('appShell', () => {
  it('lists the shell’s code by name, and its page, the offline page, the manifest, the small icon and the favicon, sorted', () => {
    expect(appShell(bundleOf(), publicFiles).files.map((file) => file.url)).toEqual([
      '/assets/font-Qr78.woff2',
      '/assets/framework-Ij90.js',
      '/assets/index-Ab12.js',
      '/assets/preload-helper-Cd34.js',
      '/assets/start-Ef56.js',
      '/assets/start-Op56.css',
      '/assets/zod-config-Gh78.js',
      '/favicon.svg',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
      '/offline.html',
    ]);
  });

  it('leaves out every page’s chunk, the map’s and its styles', () => {
    const urls = appShell(bundleOf(), publicFiles).files.map((file) => file.url);
    for (const page of ['home', 'post-editor', 'maplibre-gl', 'browser-map'])
      expect(urls.some((url) => url.includes(page))).toBe(false);
  });

  it('versions hashed files by their name and the others by their content', () => {
    const revisions = (bundle: Map<string, BundleFile>) =>
      new Map(appShell(bundle, publicFiles).files.map((file) => [file.url, file.revision]));
    const first = revisions(bundleOf());
    expect(first.get('/assets/index-Ab12.js')).toBeNull();
    expect(first.get('/index.html')).toMatch(/^[0-9a-f]{16}$/);
    expect(first.get('/offline.html')).not.toBe(first.get('/index.html'));

    const again = revisions(
      bundleOf({ 'index.html': { source: '<!doctype html><title>新版</title>' } }),
    );
    expect(again.get('/index.html')).not.toBe(first.get('/index.html'));
    expect(again.get('/offline.html')).toBe(first.get('/offline.html'));
  });

  it('has a new version, and so a new worker and an update, when any file of the build changes', () => {
    const { version } = appShell(bundleOf(), publicFiles);
    expect(appShell(bundleOf(), publicFiles).version).toBe(version);
    // Only a page's chunk changed: the shell's files are the same, the build is not.
    const bundle = bundleOf();
    bundle.delete('assets/post-editor-Mn34.js');
    bundle.set('assets/post-editor-Wx56.js', { source: 'editor v2' });
    expect(appShell(bundle, publicFiles).files).toEqual(appShell(bundleOf(), publicFiles).files);
    expect(appShell(bundle, publicFiles).version).not.toBe(version);
    expect(appShell(bundleOf(), new Map([['favicon.svg', new Uint8Array([8])]])).version).not.toBe(
      version,
    );
  });
});
