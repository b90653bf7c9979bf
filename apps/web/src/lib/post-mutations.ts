import { postSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { apiUpload } from './api-upload';
import type { UploadProgress } from './api-upload';
import { postKeys } from './query-keys';
import { refreshAfterWrite } from './write-invalidation';
import { postRefOf } from './write-map';
import type { SavedPost } from './write-map';

/**
 * The writes of a post: create, update, delete. Both the post editor and the post page write
 * posts, and features never import each other (docs/conventions.md#layers-and-boundaries), so
 * they live here. Each refreshes what it changed through the write map
 * (`lib/write-map.ts`): the post's station page and its list, the author's profile,
 * the timelines, the lists holding it…
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

/** The saved post's page shows the server's answer at once, without a refetch. */
function keepSaved(queryClient: QueryClient, saved: SavedPost): void {
  queryClient.setQueryData(postKeys.detail(saved.id), saved);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (saved) => {
      keepSaved(queryClient, saved);
      void refreshAfterWrite(queryClient, { kind: 'post-created', post: postRefOf(saved) });
    },
  });
}

/** The post as it was before the edit (its station may change) is read from the cache. */
export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onMutate: ({ postId }) => ({
      before: queryClient.getQueryData<SavedPost>(postKeys.detail(postId)) ?? null,
    }),
    onSuccess: (saved, _input, { before: previous }) => {
      keepSaved(queryClient, saved);
      const before = previous ? postRefOf(previous) : null;
      void refreshAfterWrite(queryClient, { kind: 'post-edited', post: saved, before });
    },
  });
}

/** What deleting needs of the post: its id, and where it was shown (station, parent, author). */
export type DeletedPost = Pick<SavedPost, 'id' | 'stationGroupId' | 'parentPostId' | 'user'>;

/**
 * Deletes the post passed to `mutate`. Its own cached copy is only marked stale: the page that
 * showed it may still be on screen while the app leaves it.
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: DeletedPost) => deletePost(post.id),
    onSuccess: (_data, post) =>
      void refreshAfterWrite(queryClient, { kind: 'post-deleted', post: postRefOf(post) }),
  });
}
