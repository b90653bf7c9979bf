import {
  archiveImportReportSchema,
  archiveJobSchema,
  archiveStatusSchema,
  followStateSchema,
} from '@ekispot/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';

/** The whole-account archive (docs/archive.md): its status, asking for it, importing one. */

export const archiveKeys = { status: () => ['archive', 'status'] as const };

/** GET /archives/current — the newest archive and how far it has come. */
export async function getArchiveStatus(signal?: AbortSignal) {
  const { data } = await apiRequest('/archives/current', { schema: archiveStatusSchema, signal });
  return data;
}

/** Read again every 2 s while the archive is being made, so the bar moves. */
export function useArchiveStatus() {
  return useQuery(
    queryOptions({
      queryKey: archiveKeys.status(),
      meta: MEMBER_ONLY_META,
      queryFn: ({ signal }) => getArchiveStatus(signal),
      refetchInterval: (query) => {
        const status = query.state.data?.archive?.status;
        return status === 'pending' || status === 'running' ? 2_000 : false;
      },
    }),
  );
}

/** POST /archives. */
export function useRequestArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/archives', { method: 'POST', schema: archiveJobSchema })).data,
    onSuccess: (archive) => queryClient.setQueryData(archiveKeys.status(), { archive }),
  });
}

/** POST /archives/import (multipart `archive`). */
export function useImportArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('archive', file);
      return (
        await apiRequest('/archives/import', {
          method: 'POST',
          body,
          schema: archiveImportReportSchema,
        })
      ).data;
    },
    // Posts, lists and stamps were added: whatever is kept of them is read again.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'auth' }),
  });
}

/** POST /users/{id}/follow — a match the member confirmed. */
export function useFollowMatch() {
  return useMutation({
    mutationFn: async (userId: string) =>
      (await apiRequest(`/users/${userId}/follow`, { method: 'POST', schema: followStateSchema }))
        .data,
  });
}
