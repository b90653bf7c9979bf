import { extractHashtags, normalizeSearchText, searchTokens } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import * as repository from './search-index.repository.js';

/**
 * Keeps the search index (docs/search.md#indexing). The posts and comments write path calls
 * `indexPost` / `indexComment` inside its own transaction, so a text is findable exactly when
 * it is written; a delete takes the row by cascade. `backfillSearchIndex` indexes what was
 * written before the index existed.
 */

/** The row of one text: folded title and text, tokens, tags. */
export function toDocument(source: repository.IndexSource): repository.SearchDocumentRow {
  const whole = source.title ? `${source.title}\n${source.body}` : source.body;
  return {
    id: source.id,
    postId: source.postId,
    commentId: source.commentId,
    userId: source.userId,
    title: normalizeSearchText(source.title),
    text: normalizeSearchText(whole),
    tokens: searchTokens(whole),
    tags: extractHashtags(whole),
    createdAt: source.createdAt,
  };
}

/** (Re)indexes a post's title and body, in the caller's transaction. */
export async function indexPost(tx: Database, postId: string): Promise<void> {
  const source = await repository.findPostSource(tx, postId);
  if (source) await repository.upsertDocuments(tx, [toDocument(source)]);
}

/** (Re)indexes a comment, in the caller's transaction. */
export async function indexComment(tx: Database, commentId: string): Promise<void> {
  const source = await repository.findCommentSource(tx, commentId);
  if (source) await repository.upsertDocuments(tx, [toDocument(source)]);
}

const BACKFILL_BATCH = 500;

/**
 * Indexes every post and comment not yet in the index, a batch per transaction; returns how
 * many it indexed. Run at start-up: after the first run it finds nothing (one index probe).
 */
export async function backfillSearchIndex(db: Database): Promise<number> {
  let indexed = 0;
  for (const find of [repository.findUnindexedPosts, repository.findUnindexedComments]) {
    let after: string | null = null;
    for (;;) {
      const batch = await find(db, after, BACKFILL_BATCH);
      if (batch.length === 0) break;
      await repository.upsertDocuments(db, batch.map(toDocument));
      indexed += batch.length;
      after = batch.at(-1)!.id;
    }
  }
  return indexed;
}
