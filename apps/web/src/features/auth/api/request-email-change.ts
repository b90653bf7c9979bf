import type { emailChangeRequestBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

export type EmailChangeInput = RequestBody<typeof emailChangeRequestBodySchema>;

/** POST /auth/email/change/request — the address changes only when the mailed link is opened. */
export async function requestEmailChange(input: EmailChangeInput): Promise<string> {
  const { message } = await apiRequest('/auth/email/change/request', {
    method: 'POST',
    body: input,
    schema: z.null(),
  });
  return message;
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
