import { stationSummarySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface RandomStationFilter {
  prefecture: number | null;
  line: number | null;
}

/** GET /stations/random?prefecture=&line= — a 404 means nothing matches the filter. */
export async function getRandomStation(filter: RandomStationFilter) {
  const { data } = await apiRequest('/stations/random', {
    schema: stationSummarySchema,
    query: { prefecture: filter.prefecture, line: filter.line },
  });
  return data;
}

/** Every spin is a new draw, so it is not cached like a query. */
export function useRandomStation() {
  return useMutation({ mutationFn: getRandomStation });
}
