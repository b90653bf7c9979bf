import type { Database } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import * as repository from './lists.repository.js';
import { LIST_MESSAGES as M } from './lists.messages.js';

/** Who may see and change a list: shared by the list and the item rules (docs/lists.md). */

export interface ListsDeps {
  db: Database;
}

/** A private list does not exist for anyone but its owner (404, never 403). */
export const visibleTo = (list: repository.ListRow, viewerId: string | null) =>
  list.isPublic || list.userId === viewerId;

/**
 * Loads and locks a list for a change by `userId`: a list they cannot see (private, or hidden
 * from them: docs/moderation.md#hidden-items) is missing (404), a public list of someone else
 * is not theirs (403). Item writes of one list queue up on this lock, which keeps positions
 * dense and the limits exact under concurrent requests.
 */
export async function lockOwnList(db: Database, listId: string, userId: string) {
  const list = await repository.findList(db, listId, { forUpdate: true, reader: userId });
  if (!list || !visibleTo(list, userId)) throw notFound(M.notFound);
  if (list.userId !== userId) throw forbidden(M.notYours);
  return list;
}
