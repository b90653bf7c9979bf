import type { stampCheckInBodySchema } from '@ekispot/shared';
import { stampCheckInSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/action-queue/send-or-queue';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { stationStampQueryOptions } from './get-station-stamp';

/** The device position sent with a check-in. */
export type CheckInPosition = RequestBody<typeof stampCheckInBodySchema>;

/**
 * POST /stations/{id}/stamp with the device position (used once by the server, never kept);
 * null when it waits in the offline queue, with the time the position was measured, which the
 * server judges it at (docs/pwa.md#queued-actions).
 */
export async function checkIn(stationGroupId: number, position: CheckInPosition) {
  const result = await sendOrQueue(
    {
      method: 'POST',
      path: `/stations/${stationGroupId}/stamp`,
      body: position,
      target: {
        kind: 'stamp',
        stationGroupId,
        measuredAt: position.measuredAt ?? new Date().toISOString(),
      },
    },
    stampCheckInSchema,
  );
  return result.queued ? null : result.data;
}

/** Whether a check-in at this station waits in the offline queue. */
export function usePendingCheckIn(stationGroupId: number): boolean {
  return useQueuedTargets('stamp').some((target) => target.stationGroupId === stationGroupId);
}

/**
 * The check-in; on success the station's stamp state shows the answer, and the stamp books, the
 * station's 「スタンプ」 count and the member's profile follow (lib/write-map.ts).
 */
export function useCheckIn(stationGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the check-in goes into the queue, so the call must not be paused here.
    networkMode: 'always',
    mutationFn: (position: CheckInPosition) => checkIn(stationGroupId, position),
    onSuccess: (stamp) => {
      if (!stamp) return;
      queryClient.setQueryData(stationStampQueryOptions(stationGroupId).queryKey, {
        stampedByMe: true,
        collectedOn: stamp.collectedOn,
        stampCount: stamp.stampCount,
      });
      void refreshAfterWrite(queryClient, {
        kind: 'stamp-collected',
        stationGroupId,
        inCache: true,
      });
    },
  });
}
