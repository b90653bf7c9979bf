import { describe, expect, it } from 'vitest';
import {
  canonicalPagePath,
  isModeratorsOnlyWebPath,
  isWebParamValid,
  isWebRoutePath,
  pageSearchOf,
} from './web-routes.js';
import { photoOf, postDisplayTitle } from './posts.js';

describe('isWebRoutePath', () => {
  it('accepts every kind of page address the web app has', () => {
    for (const path of [
      '/',
      '/login',
      '/station/1130101',
      '/station/1130101/',
      '/STATION/1130101',
      '/post/01890000-0000-7000-8000-000000000000',
      '/post/01890000-0000-7000-8000-000000000000/comment/01890000-0000-7000-8000-000000000001',
      '/post/create/spot',
      '/post/create/image/1130101',
      '/reset-password/abc_DEF-123',
      '/list/create',
      '/profile/01890000-0000-7000-8000-000000000000/posts',
      '/timeline/post/all',
    ]) {
      expect({ path, page: isWebRoutePath(path) }).toEqual({ path, page: true });
    }
  });

  it('refuses unknown paths and malformed parameters', () => {
    for (const path of [
      '/no/such/page',
      '/station/abc',
      '/station/0',
      '/station/01130101',
      '/station/99999999999',
      '/post/not-a-uuid',
      '/post/create/abc/event',
      '/profile/abc/posts',
      '/list/nope',
      '/reset-password/%E0%A4%A',
      '/timeline',
    ]) {
      expect({ path, page: isWebRoutePath(path) }).toEqual({ path, page: false });
    }
  });

  it('checks station ids as the API does: positive 32-bit integers', () => {
    expect(isWebParamValid('stationGroupId', '2147483647')).toBe(true);
    expect(isWebParamValid('stationGroupId', '2147483648')).toBe(false);
    expect(isWebParamValid('stationGroupId', '1e3')).toBe(false);
  });
});

describe('pageSearchOf', () => {
  it('keeps only what the page reads, first value each, in declared order, as written', () => {
    expect(pageSearchOf('/station/1130101', '?cb=123')).toBe('');
    expect(pageSearchOf('/rankings/post', '?utm_source=x&period=month&period=all')).toBe(
      '?period=month',
    );
    expect(pageSearchOf('/', '?kinds=spot,event&z=12.00&lat=35.1&lng=139.2&x=1')).toBe(
      '?lat=35.1&lng=139.2&z=12.00&kinds=spot,event',
    );
    expect(pageSearchOf('/login', '?redirect=%2Fstation%2F1130101')).toBe(
      '?redirect=%2Fstation%2F1130101',
    );
    expect(pageSearchOf('/users', '?%71=%E6%9D%B1')).toBe('?%71=%E6%9D%B1');
    expect(pageSearchOf('/no/such/page', '?q=1')).toBe('');
    expect(pageSearchOf('/users', '?%E0%A4%A=1&&q')).toBe('?q');
  });
});

describe('canonicalPagePath', () => {
  it("spells a page's path one way: its pattern's literals, its parameters as they came", () => {
    expect(canonicalPagePath('/STATION/1130101/')).toBe('/station/1130101');
    expect(canonicalPagePath('/station//1130101')).toBe('/station/1130101');
    expect(canonicalPagePath('/')).toBe('/');
    expect(canonicalPagePath('/Post/01890000-0000-7000-8000-00000000000A')).toBe(
      '/post/01890000-0000-7000-8000-00000000000A',
    );
    expect(canonicalPagePath('/no/such/page')).toBeNull();
  });
});

describe('postDisplayTitle', () => {
  it('names an untitled photo after what it is of', () => {
    const base = { kind: 'image' as const, title: '' };
    expect(postDisplayTitle({ ...base, station: { name: '東京' } })).toBe('東京駅の写真');
    expect(
      postDisplayTitle({ ...base, station: { name: '東京' }, parent: { title: '赤レンガ広場' } }),
    ).toBe('赤レンガ広場の写真');
    expect(postDisplayTitle(base)).toBe('写真');
    expect(postDisplayTitle({ kind: 'spot', title: '駅前広場' })).toBe('駅前広場');
  });

  it('never says 「写真の写真」', () => {
    expect(photoOf('東京駅の写真')).toBe('東京駅の写真');
    expect(photoOf('駅前広場')).toBe('駅前広場の写真');
  });
});

describe('isModeratorsOnlyWebPath', () => {
  it('knows the moderators’ pages as the router matches them, and nothing else', () => {
    for (const path of ['/moderation', '/moderation/', '/Moderation', '/moderation/log'])
      expect({ path, moderators: isModeratorsOnlyWebPath(path) }).toEqual({
        path,
        moderators: true,
      });
    for (const path of [
      '/',
      '/moderation/nope',
      '/moderations',
      '/login',
      '/api/v2/moderation/log',
    ])
      expect({ path, moderators: isModeratorsOnlyWebPath(path) }).toEqual({
        path,
        moderators: false,
      });
  });
});
