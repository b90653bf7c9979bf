import { describe, expect, it } from 'vitest';
import type { ShellFile } from './shell';
import { asksToSaveData, planWarmUp } from './warm-up';

const origin = 'https://ekispot.example';
const shell: ShellFile[] = [
  { url: '/assets/framework-Ij90.js', revision: null },
  { url: '/assets/index-Ab12.js', revision: null },
  { url: '/assets/start-Ef56.js', revision: null },
  { url: '/favicon.svg', revision: 'f1' },
  { url: '/icons/icon-192.png', revision: 'i1' },
  { url: '/index.html', revision: 'a1' },
  { url: '/manifest.webmanifest', revision: 'm1' },
  { url: '/offline.html', revision: 'o1' },
];
/** What the top page loaded on a first visit (its Resource Timing entries). */
const loaded = [
  `${origin}/assets/index-Ab12.js`,
  `${origin}/assets/start-Ef56.js`,
  `${origin}/assets/framework-Ij90.js`,
  `${origin}/assets/home-Kl12.js`,
  `${origin}/assets/maplibre-gl-St90.js`,
  `${origin}/assets/browser-map-Uv12.css`,
  `${origin}/basemap/japan-land.json`,
  `${origin}/api/v2/stations/markers`,
  `${origin}/api/v2/auth/me`,
  `${origin}/favicon.svg`,
  `${origin}/build.json`,
  'https://cyberjapandata.gsi.go.jp/xyz/pale/5/28/12.png',
  'not a url at all: %%',
];

describe('planWarmUp', () => {
  it('keeps the hashed files and the basemap the page loaded, and the app shell', () => {
    const plan = planWarmUp({ shell, loaded, saveData: false, origin });
    expect([...plan.files].sort()).toEqual([
      '/assets/browser-map-Uv12.css',
      '/assets/framework-Ij90.js',
      '/assets/home-Kl12.js',
      '/assets/index-Ab12.js',
      '/assets/maplibre-gl-St90.js',
      '/assets/start-Ef56.js',
      '/basemap/japan-land.json',
    ]);
    expect(plan.shellFiles).toEqual([
      '/favicon.svg',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
      '/offline.html',
    ]);
  });

  it('fetches no page’s chunk the page did not load: the shell’s code only', () => {
    const plan = planWarmUp({ shell, loaded: [], saveData: false, origin });
    expect(plan.files).toEqual([
      '/assets/framework-Ij90.js',
      '/assets/index-Ab12.js',
      '/assets/start-Ef56.js',
    ]);
  });

  it('with Save-Data, keeps what the page loaded and nothing more', () => {
    const plan = planWarmUp({ shell, loaded, saveData: true, origin });
    expect(plan.shellFiles).toEqual([]);
    expect(plan.files).not.toContain('/index.html');
    expect(plan.files).toHaveLength(7);
    expect(planWarmUp({ shell, loaded: [], saveData: true, origin })).toEqual({
      files: [],
      shellFiles: [],
    });
  });

  it('never keeps reads, the build id or other origins’ files this way', () => {
    const { files } = planWarmUp({ shell: [], loaded, saveData: false, origin });
    expect(files.some((file) => /api|build\.json|gsi|favicon/.test(file))).toBe(false);
  });

  it('lists a file loaded twice once', () => {
    const twice = [`${origin}/assets/home-Kl12.js`, '/assets/home-Kl12.js'];
    expect(planWarmUp({ shell: [], loaded: twice, saveData: false, origin }).files).toEqual([
      '/assets/home-Kl12.js',
    ]);
  });
});

describe('asksToSaveData', () => {
  it('is the Save-Data header’s on', () => {
    expect(asksToSaveData('on')).toBe(true);
    expect(asksToSaveData(' On ')).toBe(true);
    expect(asksToSaveData('off')).toBe(false);
    expect(asksToSaveData('')).toBe(false);
    expect(asksToSaveData(null)).toBe(false);
  });
});
