import { keysToCamel, wantStateSchema } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import type { SessionUser } from '../features/auth/api/get-me';
import { RIDE_KEYS_ROOT } from '../features/rides/api/query-keys';
import { stationKeys } from '../features/stations/api/query-keys';
import type { QueuedTarget } from '../lib/action-queue/queued-action';
import { onQueueEvent } from '../lib/action-queue/page-queue';
import { isSessionAssumed, onSessionLearnedElsewhere } from '../lib/session-owner';
import { refreshAfterWrite } from '../lib/write-invalidation';
import type { Write } from '../lib/write-map';

/** The write a queued action made, as the write map names it (nothing of it is in the cache). */
function writeOf(target: Exclude<QueuedTarget, { kind: 'ride' }>): Write {
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
  if (target.kind === 'ride') {
    // Rides are the member's own and in no other page's data (docs/rides.md#offline).
    void queryClient.invalidateQueries({ queryKey: RIDE_KEYS_ROOT });
    return;
  }
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
 * changed, so a refused one's optimistic state goes back to what the server has. A refusal for
 * want of a session (401) means the session ended: it is asked again, and what was the
 * member's goes (docs/pwa.md#whose-data).
 */
export function connectActionQueue(queryClient: QueryClient): () => void {
  return onQueueEvent((event) => {
    if (event.type === 'sent') refreshFor(queryClient, event.action.target, event.body);
    if (event.type === 'refused') {
      refreshFor(queryClient, event.action.target);
      if (event.action.refusal?.status === 401)
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
  });
}

/**
 * The page learns whose session it is from every answer about it (`learnSession`,
 * lib/session-owner.ts, docs/pwa.md#whose-data); another tab that learned a different member
 * (a login there, a logout) makes this one ask the server again, so it never goes on acting as
 * the member it showed.
 */
export function clearMemberDataOnSessionChange(queryClient: QueryClient): () => void {
  return onSessionLearnedElsewhere((owner) => {
    const shown = queryClient.getQueryData<SessionUser | null>(ME_QUERY_KEY);
    if ((shown?.id ?? null) !== owner)
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  });
}

/**
 * A page loaded offline shows the member last seen, or a visitor when there was none
 * (docs/pwa.md#whose-data): when the network is back the session is asked again, so the
 * server's answer replaces what was assumed, and only then does the queue send anything.
 */
export function recheckSessionWhenOnline(queryClient: QueryClient): () => void {
  const recheck = () => {
    if (queryClient.getQueryData(ME_QUERY_KEY) === null || isSessionAssumed())
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
  window.addEventListener('online', recheck);
  return () => window.removeEventListener('online', recheck);
}
