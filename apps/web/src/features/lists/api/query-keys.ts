import type { CamelCased, List } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query key of the lists feature. Queries read with these and caches are updated and
 * invalidated with these: no other place spells a lists key.
 */
export const listKeys = {
  all: ['lists'] as const,
  detail: (listId: string) => [...listKeys.all, 'detail', listId] as const,
  items: (listId: string) => [...listKeys.all, 'items', listId] as const,
  containing: () => [...listKeys.all, 'containing'] as const,
  containingTarget: (target: ListTarget) => [...listKeys.containing(), target] as const,
  timelines: () => [...listKeys.all, 'timeline'] as const,
  timeline: (scope: 'all' | 'follow') => [...listKeys.timelines(), scope] as const,
};

/** What the 「リストに追加」 menu adds: a station group or a post. */
export type ListTarget = { stationGroupId: number } | { postId: string };

/** A list the server has just returned (after a save): its pages show it without a refetch. */
export function setCachedList(queryClient: QueryClient, list: CamelCased<List>): void {
  queryClient.setQueryData(listKeys.detail(list.id), list);
}

/**
 * A list changed (title, visibility, items): its page, the menus that show it and the
 * timelines are refetched (the shown ones at once; the promise settles when they are in).
 */
export async function invalidateListViews(queryClient: QueryClient, listId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
    queryClient.invalidateQueries({ queryKey: listKeys.items(listId) }),
    queryClient.invalidateQueries({ queryKey: listKeys.containing() }),
    queryClient.invalidateQueries({ queryKey: listKeys.timelines() }),
  ]);
}

/** A list that was just deleted: dropped from the cache, and every view of lists refetched. */
export function forgetList(queryClient: QueryClient, listId: string): void {
  queryClient.removeQueries({ queryKey: listKeys.detail(listId), exact: true });
  queryClient.removeQueries({ queryKey: listKeys.items(listId), exact: true });
  void queryClient.invalidateQueries({ queryKey: listKeys.containing() });
  void queryClient.invalidateQueries({ queryKey: listKeys.timelines() });
}
