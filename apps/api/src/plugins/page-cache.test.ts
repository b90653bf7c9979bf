import { describe, expect, it } from 'vitest';
import { prepareBytes } from '../lib/prepared-payload.js';
import { createPageCache, type CachedPage } from './page-cache.js';

const page = async (html: string, status: 200 | 404 = 200): Promise<CachedPage> => ({
  status,
  payload: await prepareBytes(Buffer.from(html), 'fast'),
});

const bodyOf = (kept: CachedPage | undefined) =>
  kept && kept.status !== 301 ? kept.payload.identity.toString() : null;

describe('the page cache', () => {
  it('builds a page once and serves it again until a write', async () => {
    const cache = createPageCache();
    let builds = 0;
    const build = async () => page(`<p>${++builds}</p>`);
    expect(bodyOf(await cache.getOrBuild('/station/1', build))).toBe('<p>1</p>');
    expect(bodyOf(await cache.getOrBuild('/station/1', build))).toBe('<p>1</p>');
    cache.invalidate();
    expect(cache.get('/station/1')).toBeUndefined();
    expect(bodyOf(await cache.getOrBuild('/station/1', build))).toBe('<p>2</p>');
  });

  it('shares one build between requests for the same address', async () => {
    const cache = createPageCache();
    let builds = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds += 1;
      await gate;
      return page('<p>shared</p>');
    };
    const both = Promise.all([cache.getOrBuild('/a', build), cache.getOrBuild('/a', build)]);
    release();
    const [first, second] = await both;
    expect(builds).toBe(1);
    expect(first).toBe(second);
  });

  it('never keeps a page built across a write', async () => {
    const cache = createPageCache();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const building = cache.getOrBuild('/post/1', async () => {
      await gate;
      return page('<p>before the write</p>');
    });
    cache.invalidate();
    release();
    // The request that asked still gets its page; the next one builds anew.
    expect(bodyOf(await building)).toBe('<p>before the write</p>');
    expect(cache.get('/post/1')).toBeUndefined();
  });

  it('lets a page go once it is older than the longest it may be kept', async () => {
    let now = 1_000;
    const cache = createPageCache({ maxAgeMs: 30_000, now: () => now });
    await cache.getOrBuild('/line/1', () => page('<p>line</p>'));
    now += 30_000;
    expect(bodyOf(cache.get('/line/1'))).toBe('<p>line</p>');
    now += 1;
    expect(cache.get('/line/1')).toBeUndefined();
  });

  it('drops the least recently used pages beyond its size', async () => {
    const one = await page('x'.repeat(1000));
    if (one.status === 301) throw new Error('a page');
    const { identity, gzip, br } = one.payload;
    // Room for two such pages (every encoding counts), not three.
    const cache = createPageCache({
      maxBytes: (identity.length + gzip.length + br.length) * 2 + 8,
    });
    await cache.getOrBuild('/1', () => page('x'.repeat(1000)));
    await cache.getOrBuild('/2', () => page('y'.repeat(1000)));
    // /1 is used again, so /2 is now the least recent.
    expect(cache.get('/1')).toBeDefined();
    await cache.getOrBuild('/3', () => page('z'.repeat(1000)));
    expect(cache.get('/2')).toBeUndefined();
    expect(cache.get('/1')).toBeDefined();
    expect(cache.get('/3')).toBeDefined();
  });

  it('keeps addresses with a query string or naming nothing in a quarter of its size, never at a path page’s cost', async () => {
    const one = await page('x'.repeat(1000));
    if (one.status === 301) throw new Error('a page');
    const size = one.payload.identity.length + one.payload.gzip.length + one.payload.br.length;
    // Room for eight such pages; two of them with a query string or answering 404.
    const cache = createPageCache({ maxBytes: size * 8 + 8 });
    for (const path of ['/1', '/2', '/3', '/4', '/5', '/6'])
      await cache.getOrBuild(path, () => page('x'.repeat(1000)));
    for (let q = 0; q < 20; q += 1) {
      await cache.getOrBuild(`/post/unknown-${q}`, () => page('x'.repeat(1000), 404));
      await cache.getOrBuild(`/users?q=${q}`, () => page('x'.repeat(1000)));
    }
    for (const path of ['/1', '/2', '/3', '/4', '/5', '/6']) expect(cache.get(path)).toBeDefined();
    // The latest two are kept, the others made room for them.
    expect(cache.get('/users?q=19')).toBeDefined();
    expect(cache.get('/post/unknown-19')).toBeDefined();
    expect(cache.get('/users?q=18')).toBeUndefined();
  });

  it('keeps a redirect as an address', async () => {
    const cache = createPageCache();
    await cache.getOrBuild('/station/3400201', async () => ({
      status: 301,
      location: '/station/3400101',
    }));
    expect(cache.get('/station/3400201')).toEqual({ status: 301, location: '/station/3400101' });
  });
});
