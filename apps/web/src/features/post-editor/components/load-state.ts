import { isApiError } from '../../../lib/api-error';

/** What a view needs of a query the page ran (a TanStack Query result fits). */
export interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export const isNotFoundError = (error: unknown) => isApiError(error) && error.status === 404;
