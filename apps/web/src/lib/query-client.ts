import { QueryClient } from '@tanstack/react-query';

/** The API client already retries once where docs/product-rules.md#calls-and-their-names allows it, so queries never retry again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
