import type { QueryClient } from '@tanstack/react-query';

/** Every query key of the moderation feature; no other place spells one. */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: () => [...moderationKeys.all, 'reports'] as const,
  takedowns: () => [...moderationKeys.all, 'takedowns'] as const,
  log: () => [...moderationKeys.all, 'log'] as const,
};

/** After an action: both queues and the audit log are refetched. */
export function invalidateModerationViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
}
