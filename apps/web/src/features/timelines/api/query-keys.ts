import type { PostKind, TimelineScope } from '@ekispot/shared';

/** Every query key of the timelines feature; no other place spells one. */
export const timelineKeys = {
  all: ['timeline'] as const,
  posts: (scope: TimelineScope, kinds: readonly PostKind[]) =>
    [...timelineKeys.all, 'posts', scope, [...kinds].sort().join(',')] as const,
  newest: (scope: TimelineScope, kinds: readonly PostKind[]) =>
    [...timelineKeys.posts(scope, kinds), 'newest'] as const,
};
