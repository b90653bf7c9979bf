import type { takedownCreateBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

/** POST /takedowns — the request waits for the mailed link; the answer is the message. */
export async function createTakedown(
  body: RequestBody<typeof takedownCreateBodySchema>,
): Promise<string> {
  const { message } = await apiRequest('/takedowns', { method: 'POST', body, schema: z.null() });
  return message;
}

/** Nothing the web app shows reads takedown requests back, so there is no cache to refresh. */
export function useCreateTakedown() {
  return useMutation({ mutationFn: createTakedown });
}
