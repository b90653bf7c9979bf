import { lineDetailSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stationKeys } from './query-keys';

/** GET /lines/{lineId} — a line with its stations in order. */
export async function getLine(lineId: number, signal?: AbortSignal) {
  const { data } = await apiRequest(`/lines/${lineId}`, { schema: lineDetailSchema, signal });
  return data;
}

export function lineQueryOptions(lineId: number) {
  return queryOptions({
    queryKey: stationKeys.line(lineId),
    queryFn: ({ signal }) => getLine(lineId, signal),
    staleTime: 60 * 60_000,
  });
}

export function useLine(lineId: number | null) {
  return useQuery({ ...lineQueryOptions(lineId ?? 0), enabled: lineId !== null });
}
