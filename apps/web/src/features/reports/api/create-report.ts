import type { reportCreateBodySchema } from '@ekispot/shared';
import { reportSchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

/** POST /reports: the report and the API's thanks (docs/moderation.md#reports). */
export async function createReport(body: RequestBody<typeof reportCreateBodySchema>) {
  const { data, message } = await apiRequest('/reports', {
    method: 'POST',
    body,
    schema: reportSchema,
  });
  return { report: data, message };
}

/** Nothing the web app shows reads reports yet, so there is no cache to refresh. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
