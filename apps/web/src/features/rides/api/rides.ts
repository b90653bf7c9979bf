import {
  lineDetailSchema,
  rideImportResultSchema,
  rideJourneySchema,
  rideLineSectionsSchema,
  ridePageSchema,
  rideSectionCollectionSchema,
  rideSettingsSchema,
  rideSummarySchema,
  stationDetailSchema,
  stationSearchResponseSchema,
} from '@ekispot/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sendOrQueue } from '../../../lib/action-queue/send-or-queue';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';
import { stationKeys } from '../../../lib/query-keys';
import { RIDE_KEYS_ROOT, rideKeys } from './query-keys';

/** The rides API (docs/rides.md); station and line reads share the stations feature's keys. */

export interface RideLegInput {
  lineId: number;
  fromStationId: number;
  toStationId: number;
  way?: 'short' | 'long';
}

export interface RideInput {
  riddenOn: string;
  legs: RideLegInput[];
  note?: string;
  public?: boolean;
}

/**
 * POST /rides — one ride or a journey, sent now or kept in the offline queue with its
 * idempotency key (sent once when the network is back); null when queued.
 */
export async function recordRides(input: RideInput, label: string) {
  const result = await sendOrQueue(
    {
      method: 'POST',
      path: '/rides',
      body: input,
      target: { kind: 'ride', label, riddenOn: input.riddenOn },
    },
    rideJourneySchema,
  );
  return result.queued ? null : result.data;
}

/** Rides waiting in the offline queue (shown 送信待ち). */
export function usePendingRides() {
  return useQueuedTargets('ride');
}

export function useRideSummary(enabled = true) {
  return useQuery({
    queryKey: rideKeys.summary(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/me/rides/summary', { schema: rideSummarySchema, signal })).data,
    enabled,
  });
}

export function useLineRideSections(lineId: number, enabled: boolean) {
  return useQuery({
    queryKey: rideKeys.line(lineId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/me/rides/lines/${lineId}`, { schema: rideLineSectionsSchema, signal }))
        .data,
    enabled,
  });
}

export function useRideMap() {
  return useQuery({
    queryKey: rideKeys.map(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/me/rides/map', { schema: rideSectionCollectionSchema, signal })).data,
  });
}

export function useRideList() {
  return useInfiniteQuery({
    queryKey: rideKeys.list(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) =>
      (
        await apiRequest('/rides', {
          schema: ridePageSchema,
          signal,
          query: { cursor: pageParam ?? undefined, limit: 30 },
        })
      ).data,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRideSettings() {
  return useQuery({
    queryKey: rideKeys.settings(),
    queryFn: async ({ signal }) =>
      (await apiRequest('/me/rides/settings', { schema: rideSettingsSchema, signal })).data,
  });
}

export async function saveRideSettings(body: {
  publicByDefault?: boolean;
  totalsPublic?: boolean;
}) {
  return (
    await apiRequest('/me/rides/settings', { method: 'PUT', body, schema: rideSettingsSchema })
  ).data;
}

export async function deleteRide(rideId: string) {
  await apiRequest(`/rides/${rideId}`, { method: 'DELETE', schema: z.null() });
}

export async function importRidesCsv(csv: string) {
  return (
    await apiRequest('/me/rides/import', {
      method: 'POST',
      body: { csv },
      schema: rideImportResultSchema,
    })
  ).data;
}

/** Drops every ride query after a write. */
export function useRefreshRides() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RIDE_KEYS_ROOT });
}

/** GET /lines/{id}, under the stations feature's key (one cache for both). */
export function useLineStations(lineId: number | null) {
  return useQuery({
    queryKey: stationKeys.line(lineId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/lines/${lineId}`, { schema: lineDetailSchema, signal })).data,
    enabled: lineId !== null,
    staleTime: 60 * 60_000,
  });
}

/** GET /stations/{id}, under the stations feature's key. */
export function useStationLines(stationGroupId: number | null) {
  return useQuery({
    queryKey: stationKeys.detail(stationGroupId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/stations/${stationGroupId}`, { schema: stationDetailSchema, signal }))
        .data,
    enabled: stationGroupId !== null,
    staleTime: 10 * 60_000,
  });
}

export function useStationSearch(q: string) {
  return useQuery({
    queryKey: stationKeys.search(q),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/stations/search', {
          schema: stationSearchResponseSchema,
          signal,
          query: { q },
        })
      ).data,
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}
