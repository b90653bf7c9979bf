import type { ListExportFormat } from '@ekispot/shared';
import { buildApiUrl } from '../../../lib/api-client';

/**
 * GET /lists/{listId}/export?format=: a file download, so a plain link (the session cookie
 * goes with it), not a fetch.
 */
export function listExportUrl(listId: string, format: ListExportFormat): string {
  return buildApiUrl(`/lists/${listId}/export`, { format });
}
