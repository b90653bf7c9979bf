import { buildApiUrl } from './api-client';

/**
 * An uploaded image (post photo or avatar): `/api/v2/image/{id}?size=thumb|full`
 * (docs/product-rules.md#calls-and-their-names).
 */
export function imageUrl(imageId: string, size: 'thumb' | 'full'): string {
  return buildApiUrl(`/image/${encodeURIComponent(imageId)}`, { size });
}
