/**
 * Cached member reads and pages belong to one member (docs/pwa.md#whose-data): the worker tags
 * each answer it keeps with whose session the page last learned (lib/session-record.ts), serves
 * a tagged answer only while that is still the session, and drops the others' when it changes.
 * Kept apart from the worker so each decision is tested (`owner-tag.test.ts`).
 */
import type { WorkboxPlugin } from 'workbox-core/types';
import type { Owner } from '../lib/session-record';

/** The header a kept answer carries: the member's id, or empty for a visitor's. */
export const OWNER_HEADER = 'X-Ekispot-Owner';

/** The owner an answer was kept for; `undefined` when it carries no tag (kept before tags). */
export function ownerOfCached(response: { headers: { get(name: string): string | null } }): Owner {
  const tag = response.headers.get(OWNER_HEADER);
  if (tag === null) return undefined;
  return tag === '' ? null : tag;
}

/** Whether an answer kept for `cached` may be shown to the session as last learned. */
export function mayServe(cached: Owner, current: Owner): boolean {
  return cached !== undefined && current !== undefined && cached === current;
}

/** The answer with its owner's tag, to be kept; the page gets the untouched original. */
export function withOwner(response: Response, owner: string | null): Response {
  const headers = new Headers(response.headers);
  headers.set(OWNER_HEADER, owner ?? '');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * A Workbox plugin for the caches of member reads and pages: an answer is kept only when the
 * session is known (tagged with it), and a kept one is used only for its own owner.
 */
export function ownerPlugin(currentOwner: () => Promise<Owner>): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      const owner = await currentOwner();
      return owner === undefined ? null : withOwner(response, owner);
    },
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      if (!cachedResponse) return null;
      return mayServe(ownerOfCached(cachedResponse), await currentOwner()) ? cachedResponse : null;
    },
  };
}

/** Deletes every answer in the cache that is not `owner`'s; returns how many went. */
export async function dropOthers(cache: Cache, owner: Owner): Promise<number> {
  let dropped = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response && mayServe(ownerOfCached(response), owner)) continue;
    await cache.delete(request);
    dropped += 1;
  }
  return dropped;
}
