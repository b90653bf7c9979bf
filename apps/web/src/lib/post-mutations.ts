import { postSchema } from '@ekispot/shared';
import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { apiUpload } from './api-upload';
import type { UploadProgress } from './api-upload';

/**
 * The writes of a post: create, update, delete. Both the post editor and the post page write
 * posts, and features never import each other (docs/conventions.md#layers-and-boundaries), so
 * they live here. The caches they make stale belong to the posts and stations features: the
 * caller refreshes them (the post editor's page through `onSaved`/`onDeleted`, the post page
 * through `useDeletePost`'s `onSuccess`).
 */

export interface CreatePostInput {
  /** Built by buildCreatePostFormData. */
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

export interface UpdatePostInput {
  postId: string;
  /** Built by buildUpdatePostFormData: only the fields sent change. */
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

const postPath = (postId: string) => `/posts/${encodeURIComponent(postId)}`;

/** POST /posts (multipart), with upload progress for the photos. */
export async function createPost({ body, onProgress }: CreatePostInput) {
  const { data } = await apiUpload('/posts', {
    body,
    schema: postSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return data;
}

/** PATCH /posts/{postId} (multipart), with upload progress for new photos. */
export async function updatePost({ postId, body, onProgress }: UpdatePostInput) {
  const { data } = await apiUpload(postPath(postId), {
    method: 'PATCH',
    body,
    schema: postSchema,
    ...(onProgress ? { onProgress } : {}),
  });
  return data;
}

/**
 * DELETE /posts/{postId}: the owner removes the post (with its photos and comments). The
 * envelope's data is not needed.
 */
export async function deletePost(postId: string): Promise<void> {
  await apiRequest(postPath(postId), { method: 'DELETE', schema: z.unknown() });
}

export function useCreatePost() {
  return useMutation({ mutationFn: createPost });
}

export function useUpdatePost() {
  return useMutation({ mutationFn: updatePost });
}

/** Deletes the post whose id is passed to `mutate`; `onSuccess` refreshes the caller's caches. */
export function useDeletePost(
  options: Pick<UseMutationOptions<void, Error, string>, 'onSuccess'> = {},
) {
  return useMutation({ mutationFn: deletePost, ...options });
}
