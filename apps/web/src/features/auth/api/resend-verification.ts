import type { resendVerificationBodySchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

/** POST /auth/email/resend — the same answer whether or not the address has an account. */
export async function resendVerification(email: string): Promise<string> {
  const { message } = await apiRequest('/auth/email/resend', {
    method: 'POST',
    body: { email } satisfies RequestBody<typeof resendVerificationBodySchema>,
    schema: z.null(),
  });
  return message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
