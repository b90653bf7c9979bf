import { postSchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload';
import type { UploadProgress } from '../../../lib/api-upload';

export interface UpdatePostInput {
  postId: string;
  /** Built by buildUpdatePostFormData: only the fields sent change. */
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

/** PATCH /posts/{postId} (multipart), with upload progress for new photos. */
export async function updatePost({ postId, body, onProgress }: UpdatePostInput) {
  const { data } = await apiUpload(`/posts/${encodeURIComponent(postId)}`, {
    method: 'PATCH',
    body,
    schema: postSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return data;
}

export function useUpdatePost() {
  return useMutation({ mutationFn: updatePost });
}
