import { unsubscribeResultSchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /mail/unsubscribe/{token}. Only a person's click sends it: mail scanners that merely
 * open the page must not unsubscribe anyone.
 */
export async function unsubscribe(token: string) {
  const { data, message } = await apiRequest(`/mail/unsubscribe/${encodeURIComponent(token)}`, {
    method: 'POST',
    schema: unsubscribeResultSchema,
  });
  return { email: data.email, message };
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
