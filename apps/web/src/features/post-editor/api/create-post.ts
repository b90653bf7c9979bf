import { postSchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload';
import type { UploadProgress } from '../../../lib/api-upload';

export interface CreatePostInput {
  /** Built by buildCreatePostFormData. */
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /posts (multipart), with upload progress for the photos. */
export async function createPost({ body, onProgress }: CreatePostInput) {
  const { data } = await apiUpload('/posts', {
    body,
    schema: postSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return data;
}

/** The page that shows the form refreshes the caches (it knows the posts feature's keys). */
export function useCreatePost() {
  return useMutation({ mutationFn: createPost });
}
