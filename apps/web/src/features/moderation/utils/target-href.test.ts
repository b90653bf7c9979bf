import { describe, expect, it } from 'vitest';
import { ownPath, shorten, targetHref } from './target-href';

const ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';

describe('target links', () => {
  it('opens an item by kind, except a comment, whose page needs its post', () => {
    expect(targetHref({ kind: 'post', id: ID })).toBe(`/post/${ID}`);
    expect(targetHref({ kind: 'list', id: ID })).toBe(`/list/${ID}`);
    expect(targetHref({ kind: 'user', id: ID })).toBe(`/profile/${ID}`);
    expect(targetHref({ kind: 'comment', id: ID })).toBeNull();
  });

  it('opens a takedown request’s own URL here', () => {
    expect(ownPath(`https://ekispot.jp/post/${ID}/comment/${ID}?x=1`)).toBe(
      `/post/${ID}/comment/${ID}?x=1`,
    );
    expect(ownPath('not a url')).toBeNull();
  });

  it('cuts a long text to one short line', () => {
    expect(shorten('  駅前の\n 時計  ')).toBe('駅前の 時計');
    expect(shorten('あ'.repeat(50), 10)).toBe(`${'あ'.repeat(9)}…`);
  });
});
