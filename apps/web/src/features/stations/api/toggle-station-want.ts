import { wantStateSchema } from '@ekispot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
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

/** POST (on) or DELETE (off) /stations/{id}/want-to-visit → {wanted, want_count}. */
export async function setStationWant(stationGroupId: number, on: boolean) {
  const { data } = await apiRequest(`/stations/${stationGroupId}/want-to-visit`, {
    method: on ? 'POST' : 'DELETE',
    schema: wantStateSchema,
  });
  return data;
}

/**
 * Toggles 行きたい on a station. A visitor's call answers 401, which sends them to /login and back
 * (docs/product-rules.md#session). The viewer's state and the station's count follow the server's
 * answer.
 */
export function useToggleStationWant(stationGroupId: number) {
  const queryClient = useQueryClient();
  const { queryKey } = stationQueryOptions(stationGroupId);
  return useMutation({
    mutationFn: (on: boolean) => setStationWant(stationGroupId, on),
    onSuccess: async (state) => {
      queryClient.setQueryData(stationWantQueryOptions(stationGroupId).queryKey, state);
      queryClient.setQueryData(queryKey, (station) =>
        station
          ? { ...station, counts: { ...station.counts, wantToVisit: state.wantCount } }
          : station,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
