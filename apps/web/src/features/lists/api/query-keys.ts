import type { CamelCased, List } from '@ekispot/shared';
import type { QueryClient } from '@tanstack/react-query';
import { listKeys } from '../../../lib/query-keys';

/** The lists feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { listKeys, type ListTarget } from '../../../lib/query-keys';

/** A list the server has just returned (after a save): its pages show it without a refetch. */
export function setCachedList(queryClient: QueryClient, list: CamelCased<List>): void {
  queryClient.setQueryData(listKeys.detail(list.id), list);
}
