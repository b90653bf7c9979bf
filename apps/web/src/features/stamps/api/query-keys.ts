import type { QueryClient } from '@tanstack/react-query';

/** Every query key of the stamps feature: no other place spells a stamps key. */
export const stampKeys = {
  all: ['stamps'] as const,
  station: (stationGroupId: number) => [...stampKeys.all, 'station', stationGroupId] as const,
  books: () => [...stampKeys.all, 'book'] as const,
  book: (userId: string) => [...stampKeys.books(), userId] as const,
  summaries: () => [...stampKeys.all, 'summary'] as const,
  summary: (userId: string) => [...stampKeys.summaries(), userId] as const,
};

/** A stamp was collected: every stamp book and completion summary may have changed. */
export function invalidateStampBooks(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: stampKeys.books() });
  void queryClient.invalidateQueries({ queryKey: stampKeys.summaries() });
}
