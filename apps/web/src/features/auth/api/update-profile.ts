import { meSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload';
import type { UploadProgress } from '../../../lib/api-upload';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { setSessionUser } from './get-me';

export interface UpdateProfileInput {
  /** Built by buildProfileFormData: only the fields sent change. */
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /auth/update (multipart, docs/product-rules.md#calls-and-their-names), with upload progress
 * for the avatar.
 */
export async function updateProfile({ body, onProgress }: UpdateProfileInput) {
  const { data, message } = await apiUpload('/auth/update', {
    body,
    schema: meSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return { user: data, message };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The name and picture show on every card, comment and list of the member.
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      void refreshAfterWrite(queryClient, { kind: 'profile-edited' });
    },
  });
}
