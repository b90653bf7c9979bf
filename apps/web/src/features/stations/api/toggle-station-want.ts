import { wantStateSchema } from '@ekispot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '../../../lib/action-queue/send-or-queue';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { stationQueryOptions } from './get-station';
import { stationKeys } from './query-keys';

/** GET /stations/{id}/want-to-visit → whether the viewer wants to visit, and the count. */
export async function getStationWant(stationGroupId: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/stations/${stationGroupId}/want-to-visit`, {
    schema: wantStateSchema,
    signal,
  });
  return data;
}

export function stationWantQueryOptions(stationGroupId: number) {
  return queryOptions({
    queryKey: stationKeys.want(stationGroupId),
    queryFn: ({ signal }) => getStationWant(stationGroupId, signal),
  });
}

export function useStationWant(stationGroupId: number) {
  return useQuery(stationWantQueryOptions(stationGroupId));
}

/**
 * POST (on) or DELETE (off) /stations/{id}/want-to-visit → {wanted, want_count}; null when it
 * waits in the offline queue (docs/pwa.md#queued-actions).
 */
export async function setStationWant(stationGroupId: number, on: boolean) {
  const result = await sendOrQueue(
    {
      method: on ? 'POST' : 'DELETE',
      path: `/stations/${stationGroupId}/want-to-visit`,
      body: null,
      target: { kind: 'station-want', stationGroupId, on },
    },
    wantStateSchema,
  );
  return result.queued ? null : result.data;
}

/** The 行きたい state a station will have once the queue has sent it: null when nothing waits. */
export function usePendingStationWant(stationGroupId: number): boolean | null {
  const waiting = useQueuedTargets('station-want').filter(
    (target) => target.stationGroupId === stationGroupId,
  );
  return waiting.at(-1)?.on ?? null;
}

/**
 * Toggles 行きたい on a station. A visitor's call answers 401, which sends them to /login and back
 * (docs/product-rules.md#session). The viewer's state and the station's count follow the server's
 * answer; offline the press waits in the queue.
 */
export function useToggleStationWant(stationGroupId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = stationQueryOptions(stationGroupId);
  return useMutation({
    // Offline the call goes into the queue (sendOrQueue), so it must not be paused here.
    networkMode: 'always',
    mutationFn: (on: boolean) => setStationWant(stationGroupId, on),
    onSuccess: async (state) => {
      // Queued: the button shows the waiting state (usePendingStationWant).
      if (!state) return;
      queryClient.setQueryData(stationWantQueryOptions(stationGroupId).queryKey, state);
      queryClient.setQueryData(queryKey, (station) =>
        station
          ? { ...station, counts: { ...station.counts, wantToVisit: state.wantCount } }
          : station,
      );
      await refreshAfterWrite(queryClient, {
        kind: 'station-wanted',
        stationGroupId,
        inCache: true,
      });
    },
  });
}
