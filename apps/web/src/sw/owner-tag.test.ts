import { describe, expect, it } from 'vitest';
import type { Owner } from '../lib/session-record';
import {
  dropOthers,
  mayServe,
  OWNER_HEADER,
  ownerOfCached,
  ownerPlugin,
  withOwner,
} from './owner-tag';

const answer = (body: string) =>
  new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });

/** A cache with the three calls dropOthers makes, holding answers by address. */
function cacheOf(entries: Record<string, Response>) {
  const held = new Map(Object.entries(entries));
  const cache = {
    keys: async () => [...held.keys()].map((url) => new Request(url)),
    match: async (request: Request) => held.get(request.url)?.clone(),
    delete: async (request: Request) => held.delete(request.url),
  } as unknown as Cache;
  return { cache, addresses: () => [...held.keys()] };
}

/** What a Workbox plugin's callbacks are handed, the parts these use. */
type WillUpdate = (options: { response: Response }) => Promise<Response | null>;
type WillBeUsed = (options: { cachedResponse?: Response }) => Promise<Response | null>;

function pluginFor(owner: Owner) {
  const plugin = ownerPlugin(async () => owner);
  return {
    willUpdate: plugin.cacheWillUpdate as unknown as WillUpdate,
    willBeUsed: plugin.cachedResponseWillBeUsed as unknown as WillBeUsed,
  };
}

describe('owner tags of cached member reads and pages', () => {
  it('tags a kept answer with the member, or empty for a visitor, keeping its body and status', async () => {
    const tagged = withOwner(answer('{"a":1}'), 'u1');
    expect(tagged.headers.get(OWNER_HEADER)).toBe('u1');
    expect(tagged.headers.get('Content-Type')).toBe('application/json');
    expect(await tagged.text()).toBe('{"a":1}');
    expect(ownerOfCached(tagged)).toBe('u1');
    expect(ownerOfCached(withOwner(answer('x'), null))).toBeNull();
    // Kept before tags: nobody's.
    expect(ownerOfCached(answer('x'))).toBeUndefined();
  });

  it('serves an answer only to the session it was kept for', () => {
    expect(mayServe('u1', 'u1')).toBe(true);
    expect(mayServe(null, null)).toBe(true);
    expect(mayServe('u1', 'u2')).toBe(false);
    expect(mayServe('u1', null)).toBe(false);
    expect(mayServe(null, 'u1')).toBe(false);
    expect(mayServe(undefined, 'u1')).toBe(false);
    expect(mayServe('u1', undefined)).toBe(false);
  });

  it('keeps an answer only while the session is known, tagged with it', async () => {
    const kept = await pluginFor('u1').willUpdate({ response: answer('list') });
    expect(kept && ownerOfCached(kept)).toBe('u1');
    expect(await kept?.text()).toBe('list');
    // A login under way, or a session never seen: nothing is kept.
    expect(await pluginFor(undefined).willUpdate({ response: answer('list') })).toBeNull();
  });

  it('hands the cache’s answer back only to its owner', async () => {
    const a = () => withOwner(answer('A の非公開リスト'), 'u1');
    expect(await (await pluginFor('u1').willBeUsed({ cachedResponse: a() }))?.text()).toBe(
      'A の非公開リスト',
    );
    expect(await pluginFor('u2').willBeUsed({ cachedResponse: a() })).toBeNull();
    expect(await pluginFor(null).willBeUsed({ cachedResponse: a() })).toBeNull();
    expect(await pluginFor(undefined).willBeUsed({ cachedResponse: a() })).toBeNull();
    expect(await pluginFor('u1').willBeUsed({})).toBeNull();
  });

  it('drops every answer that is not the new owner’s when the session changes', async () => {
    const { cache, addresses } = cacheOf({
      'https://e.example/api/v2/lists/1': withOwner(answer('A'), 'u1'),
      'https://e.example/api/v2/posts/1': withOwner(answer('visitor'), null),
      'https://e.example/api/v2/lists/2': withOwner(answer('B'), 'u2'),
      'https://e.example/api/v2/posts/2': answer('untagged'),
    });
    expect(await dropOthers(cache, 'u2')).toBe(3);
    expect(addresses()).toEqual(['https://e.example/api/v2/lists/2']);
    // The session ended: even the member's own go.
    expect(await dropOthers(cache, null)).toBe(1);
    expect(addresses()).toEqual([]);
  });
});
