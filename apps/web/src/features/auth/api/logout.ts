import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { clearSession, refreshAfterSessionChange } from './get-me';

/** POST /auth/logout. A 401 means the session had already ended: that is signed out too. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/auth/logout', {
      method: 'POST',
      schema: z.null(),
      skipUnauthorizedHandler: true,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearSession(queryClient);
      refreshAfterSessionChange(queryClient);
    },
  });
}
