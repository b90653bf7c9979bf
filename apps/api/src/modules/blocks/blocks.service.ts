import type { Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import * as repository from './blocks.repository.js';

/**
 * Who may interact with whom, asked by the people and the posts modules alike, so neither has
 * to depend on the other for it. Blocking and unblocking themselves are people endpoints.
 */

export const BLOCK_MESSAGES = {
  blockedByOwner: 'この投稿の投稿者とはやり取りできないため、この操作はできません。',
} as const;

/** Whether `blockerId` blocked `blockedId` (one way: a block is not mutual). */
export function isBlocked(db: Database, blockerId: string, blockedId: string): Promise<boolean> {
  return repository.isBlocked(db, blockerId, blockedId);
}

/**
 * A member the owner blocked may not like, want or comment on the owner's posts (403). Called
 * by the posts module inside its transactions, after it has found the post.
 */
export async function assertMayInteract(db: Database, ownerId: string, actorId: string) {
  if (ownerId !== actorId && (await repository.isBlocked(db, ownerId, actorId)))
    throw new HttpError('FORBIDDEN', BLOCK_MESSAGES.blockedByOwner);
}

/**
 * Members the viewer blocked or muted, among `userIds`: left out of what the viewer sees in
 * lists of people that other modules build (rankings), as posts and comments already are.
 */
export async function hiddenFrom(
  db: Database,
  viewerId: string | null,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (!viewerId) return new Set();
  return new Set(await repository.findHiddenAmong(db, viewerId, userIds));
}
