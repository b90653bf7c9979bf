import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { shownTo } from '../../db/moderated.js';
import { descending } from '../../db/order.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { notRelatedTo } from '../../db/related-members.js';
import { follows, lists } from '../../db/schema/index.js';
import { listViewQuery, type ListViewRow } from './lists.repository.js';

/**
 * A member's first page of a list timeline, as `findListViews` reads it for them (public lists
 * by last update, none of members they blocked or muted or who blocked them), built once
 * (db/prepared.ts): members open it more than any other page of lists.
 */
const prepareFirstPage = (db: Database, scope: 'all' | 'follow') => {
  const viewer = sql.placeholder('viewer');
  return listViewQuery(db)
    .where(
      and(
        shownTo(lists, viewer),
        eq(lists.isPublic, true),
        scope === 'follow'
          ? sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followeeId} = ${lists.userId})`
          : undefined,
        notRelatedTo(lists.userId, viewer, ['blocked', 'blockedBy', 'muted']),
      ),
    )
    .orderBy(descending(lists.updatedAt), descending(lists.id))
    .limit(sql.placeholder('limit'))
    .prepare(`list_timeline_${scope}_first`);
};
const firstPages = {
  all: preparedPerDatabase((db) => prepareFirstPage(db, 'all')),
  follow: preparedPerDatabase((db) => prepareFirstPage(db, 'follow')),
};

export function findFirstTimelinePage(
  db: Database,
  scope: 'all' | 'follow',
  viewerId: string,
  limit: number,
): Promise<ListViewRow[]> {
  return firstPages[scope](db).execute({ viewer: viewerId, limit });
}
