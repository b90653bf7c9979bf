import { takedownConfirmResultSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { takedownKeys } from './query-keys';

/** POST /takedowns/confirm/{token} — the request's number, and whether it was confirmed before. */
export async function confirmTakedown(token: string) {
  const { data, message } = await apiRequest(`/takedowns/confirm/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: takedownConfirmResultSchema,
  });
  return { result: data, message };
}

/**
 * Opening the page confirms: like the mail address links, the outcome is kept for the page's
 * life and never refetched, so a re-render sends nothing twice.
 */
export function confirmTakedownQueryOptions(token: string) {
  return queryOptions({
    queryKey: takedownKeys.confirm(token),
    queryFn: () => confirmTakedown(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useConfirmTakedown(token: string) {
  return useQuery(confirmTakedownQueryOptions(token));
}
