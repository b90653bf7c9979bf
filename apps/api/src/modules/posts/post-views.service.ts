import type { Post } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { presentPosts } from './post-presenter.js';
import * as repository from './posts.repository.js';

/** The posts of `ids` the viewer may see, as the API shows them (search results, tag pages). */
export async function getPostsByIds(
  db: Database,
  ids: string[],
  viewerId: string | null,
): Promise<Post[]> {
  if (ids.length === 0) return [];
  return presentPosts(await repository.findPostViewsByIds(db, ids, viewerId));
}
