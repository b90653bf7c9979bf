import type { stampCheckInBodySchema } from '@ekispot/shared';
import { stampCheckInSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { stationStampQueryOptions } from './get-station-stamp';
import { invalidateStampBooks } from './query-keys';

/** The device position sent with a check-in. */
export type CheckInPosition = RequestBody<typeof stampCheckInBodySchema>;

/** POST /stations/{id}/stamp with the device position (used once by the server, never kept). */
export async function checkIn(stationGroupId: number, position: CheckInPosition) {
  const { data } = await apiRequest(`/stations/${stationGroupId}/stamp`, {
    method: 'POST',
    body: position,
    schema: stampCheckInSchema,
  });
  return data;
}

/** The check-in; on success the station's stamp state and every stamp book follow. */
export function useCheckIn(stationGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (position: CheckInPosition) => checkIn(stationGroupId, position),
    onSuccess: (stamp) => {
      queryClient.setQueryData(stationStampQueryOptions(stationGroupId).queryKey, {
        stampedByMe: true,
        collectedOn: stamp.collectedOn,
        stampCount: stamp.stampCount,
      });
      invalidateStampBooks(queryClient);
    },
  });
}
