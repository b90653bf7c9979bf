import { POST_KIND_LABELS, postDisplayTitle } from '@ekispot/shared';
import type { PostPreviewRow } from './share.repository.js';

/** A post's name in its preview and on its card: its title, or what and where it is. */
export function postTitle(row: PostPreviewRow): string {
  if (row.title || row.kind === 'image') {
    return postDisplayTitle({
      kind: row.kind,
      title: row.title,
      station: row.stationName ? { name: row.stationName } : null,
      parent: row.parentTitle ? { title: row.parentTitle } : null,
    });
  }
  if (row.stationName) return `${row.stationName}駅の${POST_KIND_LABELS[row.kind]}`;
  return POST_KIND_LABELS[row.kind];
}
