import { describe, expect, it } from 'vitest';
import { buildPost, OWNER_ID, POST_ID, SPOT_ID } from '../test/post-fixture';
import { afterDeleteHref, postEditHref } from '../../../config/paths';
import {
  canBeParentOf,
  readPostIdParam,
  readStationGroupIdParam,
  resolveEditAccess,
} from './editor-routes';

const OTHER_ID = '01936f2e-8b9c-7d3a-9c1e-0000000000ff';

describe('readPostIdParam', () => {
  it('takes a UUID from ?postId= and nothing else', () => {
    expect(readPostIdParam(`?postId=${POST_ID}`)).toBe(POST_ID);
    expect(readPostIdParam('?postId=123')).toBeNull();
    expect(readPostIdParam('')).toBeNull();
  });
});

describe('readStationGroupIdParam', () => {
  it('takes a positive integer from ?stationGroupId= and nothing else', () => {
    expect(readStationGroupIdParam('?stationGroupId=1130101')).toBe(1130101);
    for (const search of [
      '',
      '?stationGroupId=',
      '?stationGroupId=0',
      '?stationGroupId=-1',
      '?stationGroupId=01130101',
      '?stationGroupId=1.5',
      '?stationGroupId=1e3',
      '?stationGroupId=abc',
      '?stationGroupId=2147483648',
    ]) {
      expect(readStationGroupIdParam(search)).toBeNull();
    }
  });
});

describe('postEditHref', () => {
  it('mirrors how each kind was created', () => {
    expect(postEditHref(buildPost())).toBe(`/post/update/spot?postId=${POST_ID}`);
    expect(postEditHref(buildPost({ kind: 'event' }))).toBe(`/post/update/event?postId=${POST_ID}`);
    expect(postEditHref(buildPost({ kind: 'event', parentPostId: SPOT_ID }))).toBe(
      `/post/update/${POST_ID}/event`,
    );
    expect(postEditHref(buildPost({ kind: 'image' }))).toBe(
      `/post/update/image/1130101?postId=${POST_ID}`,
    );
    expect(postEditHref(buildPost({ kind: 'image', parentPostId: SPOT_ID }))).toBe(
      `/post/update/${POST_ID}/image`,
    );
  });
});

describe('resolveEditAccess', () => {
  it('lets the owner edit a post of the route’s kind', () => {
    expect(resolveEditAccess(buildPost(), OWNER_ID, { kind: 'spot' })).toEqual({ type: 'edit' });
  });

  it('never gives someone else the form', () => {
    expect(resolveEditAccess(buildPost(), OTHER_ID, { kind: 'spot' })).toEqual({
      type: 'not-found',
    });
    expect(resolveEditAccess(buildPost(), null, { kind: 'spot' })).toEqual({ type: 'not-found' });
  });

  it('treats a post of another kind as not found', () => {
    expect(resolveEditAccess(buildPost({ kind: 'event' }), OWNER_ID, { kind: 'spot' })).toEqual({
      type: 'not-found',
    });
  });

  it('sends a photo post named under the wrong station to its own address', () => {
    expect(
      resolveEditAccess(buildPost({ kind: 'image' }), OWNER_ID, {
        kind: 'image',
        stationGroupId: 999,
      }),
    ).toEqual({ type: 'redirect', to: `/post/update/image/1130101?postId=${POST_ID}` });
  });
});

describe('canBeParentOf and afterDeleteHref', () => {
  it('allows events at spots and photos of spots or events', () => {
    expect(canBeParentOf('event', 'spot')).toBe(true);
    expect(canBeParentOf('event', 'event')).toBe(false);
    expect(canBeParentOf('image', 'event')).toBe(true);
    expect(canBeParentOf('image', 'image')).toBe(false);
  });

  it('leaves a deleted post for its spot, its station or the top page', () => {
    expect(afterDeleteHref(buildPost({ parentPostId: SPOT_ID }))).toBe(`/post/${SPOT_ID}`);
    expect(afterDeleteHref(buildPost())).toBe('/station/1130101');
    expect(afterDeleteHref(buildPost({ stationGroupId: null }))).toBe('/');
  });
});
