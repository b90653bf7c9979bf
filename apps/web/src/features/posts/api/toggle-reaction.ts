import { likeStateSchema, wantStateSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOrQueue } from '../../../lib/action-queue/send-or-queue';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';
import { runExclusive } from '../../../lib/single-flight';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { reduceReaction } from '../utils/reaction-toggle';
import type { ReactionAction, ReactionState } from '../utils/reaction-toggle';
import { postKeys } from './query-keys';
import type { PostView } from './get-post';

/** 「いいね」 or 行きたい/参加したい. */
export type Reaction = 'like' | 'want';

/**
 * POST (on) or DELETE (off) /posts/{postId}/like → {liked, like_count}; null when it waits in
 * the offline queue (docs/pwa.md#queued-actions).
 */
export async function setLike(postId: string, on: boolean): Promise<ReactionState | null> {
  const result = await sendOrQueue(
    {
      method: on ? 'POST' : 'DELETE',
      path: `/posts/${postId}/like`,
      body: null,
      target: { kind: 'reaction', postId, reaction: 'like', on },
    },
    likeStateSchema,
  );
  return result.queued ? null : { active: result.data.liked, count: result.data.likeCount };
}

/** POST (on) or DELETE (off) /posts/{postId}/want → {wanted, want_count}; null when queued. */
export async function setWant(postId: string, on: boolean): Promise<ReactionState | null> {
  const result = await sendOrQueue(
    {
      method: on ? 'POST' : 'DELETE',
      path: `/posts/${postId}/want`,
      body: null,
      target: { kind: 'reaction', postId, reaction: 'want', on },
    },
    wantStateSchema,
  );
  return result.queued ? null : { active: result.data.wanted, count: result.data.wantCount };
}

/**
 * The state a reaction will have once the queue has sent it: null when nothing waits. After a
 * reload the post comes from the server (or the worker's cache) without the waiting press.
 */
export function usePendingReaction(postId: string, reaction: Reaction): boolean | null {
  const waiting = useQueuedTargets('reaction').filter(
    (target) => target.postId === postId && target.reaction === reaction,
  );
  return waiting.at(-1)?.on ?? null;
}

export function readReaction(post: PostView, reaction: Reaction): ReactionState {
  return reaction === 'like'
    ? { active: post.liked, count: post.likeCount }
    : { active: post.wanted, count: post.wantCount };
}

function writeReaction(post: PostView, reaction: Reaction, state: ReactionState): PostView {
  return reaction === 'like'
    ? { ...post, liked: state.active, likeCount: state.count }
    : { ...post, wanted: state.active, wantCount: state.count };
}

/**
 * Toggles a reaction on the cached post at once (optimistic), then keeps the server's numbers.
 * A press while the previous call is still running is dropped (a double click counts once),
 * and the new state is read from the cache, never from a render that may be a frame old. If
 * the call fails the button goes back and the post is fetched again, so it ends showing what
 * the server has.
 */
export function useToggleReaction(postId: string, reaction: Reaction) {
  const queryClient = useQueryClient();
  const key = postKeys.detail(postId);

  const apply = (action: ReactionAction) => {
    queryClient.setQueryData<PostView>(key, (post) =>
      post
        ? writeReaction(post, reaction, reduceReaction(readReaction(post, reaction), action))
        : post,
    );
  };

  const mutation = useMutation({
    // Offline the call goes into the queue (sendOrQueue), so it must not be paused here.
    networkMode: 'always',
    mutationFn: (on: boolean) => (reaction === 'like' ? setLike(postId, on) : setWant(postId, on)),
    onMutate: async () => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const post = queryClient.getQueryData<PostView>(key);
      const previous = post ? readReaction(post, reaction) : null;
      apply({ type: 'toggle' });
      return { previous };
    },
    // Refused: the button goes back and everything the press would have changed is read again.
    onError: (_error, _on, context) => {
      if (context?.previous) apply({ type: 'rollback', previous: context.previous });
      void refreshAfterWrite(queryClient, {
        kind: 'post-reacted',
        postId,
        reaction,
        inCache: false,
      });
    },
    // Queued (null): the optimistic state stays, marked as waiting by the button; the queue
    // refreshes the rest once it is sent (app/action-queue-effects.ts).
    onSuccess: (state) => {
      if (!state) return;
      apply({ type: 'settle', state });
      void refreshAfterWrite(queryClient, {
        kind: 'post-reacted',
        postId,
        reaction,
        inCache: true,
      });
    },
  });

  /** Presses the button; returns false when the press was dropped (a call still running). */
  const toggle = (options: { onError?: (error: unknown) => void } = {}): boolean => {
    const post = queryClient.getQueryData<PostView>(key);
    if (!post) return false;
    return runExclusive(`${reaction}:${postId}`, () =>
      mutation.mutateAsync(!readReaction(post, reaction).active).catch((error: unknown) => {
        options.onError?.(error);
      }),
    );
  };

  return { toggle, isPending: mutation.isPending };
}
