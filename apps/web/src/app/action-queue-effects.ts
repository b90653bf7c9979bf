import { keysToCamel, wantStateSchema } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import type { SessionUser } from '../features/auth/api/get-me';
import { stationKeys } from '../features/stations/api/query-keys';
import type { QueuedTarget } from '../lib/action-queue/queued-action';
import { clearActionQueue, onQueueEvent } from '../lib/action-queue/page-queue';
import { clearMemberCaches } from '../lib/sw-registration';
import { refreshAfterWrite } from '../lib/write-invalidation';
import type { Write } from '../lib/write-map';

/** The write a queued action made, as the write map names it (nothing of it is in the cache). */
function writeOf(target: QueuedTarget): Write {
  switch (target.kind) {
    case 'reaction':
      return {
        kind: 'post-reacted',
        postId: target.postId,
        reaction: target.reaction,
        inCache: false,
      };
    case 'comment':
      return { kind: 'comment-added', postId: target.postId, inCache: false };
    case 'stamp':
      return { kind: 'stamp-collected', stationGroupId: target.stationGroupId, inCache: false };
    case 'station-want':
      return { kind: 'station-wanted', stationGroupId: target.stationGroupId, inCache: false };
  }
}

/** The queries a queued action changes, refetched once it is sent or refused. */
function refreshFor(queryClient: QueryClient, target: QueuedTarget, answer?: unknown): void {
  if (target.kind === 'station-want') {
    // The server's new state at once, so the button does not show the old one meanwhile.
    const sent = wantStateSchema.safeParse((answer as { data?: unknown } | undefined)?.data);
    if (sent.success)
      queryClient.setQueryData(stationKeys.want(target.stationGroupId), keysToCamel(sent.data));
  }
  void refreshAfterWrite(queryClient, writeOf(target));
}

/**
 * Where the offline queue meets the features' caches (docs/pwa.md#queued-actions): an action
 * sent or refused — by this page, another tab or the service worker — refetches what it
 * changed, so a refused one's optimistic state goes back to what the server has.
 */
export function connectActionQueue(queryClient: QueryClient): () => void {
  return onQueueEvent((event) => {
    if (event.type === 'sent') refreshFor(queryClient, event.action.target, event.body);
    if (event.type === 'refused') refreshFor(queryClient, event.action.target);
  });
}

/**
 * When the signed-in member changes (signing out, or in as someone else), the queue and the
 * worker's caches of member reads and pages are theirs: both are emptied. Only a change away
 * from a member counts: a page loaded offline starts as a visitor (`/auth/me` is never cached,
 * docs/pwa.md#offline), and the member it then turns out to be once the network is back must
 * keep what they queued.
 */
export function clearMemberDataOnSessionChange(queryClient: QueryClient): () => void {
  let memberId: string | null = null;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey.join('/') !== ME_QUERY_KEY.join('/')) return;
    if (event.query.state.status !== 'success') return;
    const user = event.query.state.data as SessionUser | null | undefined;
    const next = user?.id ?? null;
    if (memberId !== null && next !== memberId) {
      void clearActionQueue();
      void clearMemberCaches();
    }
    memberId = next;
  });
}

/**
 * A page loaded offline took its visitor for a visitor (the session call failed, getMe answered
 * null): when the network is back the session is asked again, so a member sees their own
 * header and buttons without a reload.
 */
export function recheckSessionWhenOnline(queryClient: QueryClient): () => void {
  const recheck = () => {
    if (queryClient.getQueryData(ME_QUERY_KEY) === null)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
  window.addEventListener('online', recheck);
  return () => window.removeEventListener('online', recheck);
}
