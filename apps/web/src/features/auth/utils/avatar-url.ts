import { buildApiUrl } from '../../../lib/api-client';

/** An uploaded image's address (spec §3: the API base plus /api/v2/image/{avatar}). */
export function avatarUrl(imageId: string, size: 'thumb' | 'full' = 'thumb'): string {
  return buildApiUrl(`/image/${encodeURIComponent(imageId)}`, { size });
}

/** The first character of a name (a whole character, also for emoji), for the fallback. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}
