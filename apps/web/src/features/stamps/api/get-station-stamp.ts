import { stationStampStateSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stampKeys } from './query-keys';

/** GET /stations/{id}/stamp → whether the viewer has the stamp, and how many members do. */
export async function getStationStamp(stationGroupId: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/stations/${stationGroupId}/stamp`, {
    schema: stationStampStateSchema,
    signal,
  });
  return data;
}

export function stationStampQueryOptions(stationGroupId: number) {
  return queryOptions({
    queryKey: stampKeys.station(stationGroupId),
    queryFn: ({ signal }) => getStationStamp(stationGroupId, signal),
  });
}

export function useStationStamp(stationGroupId: number) {
  return useQuery(stationStampQueryOptions(stationGroupId));
}
