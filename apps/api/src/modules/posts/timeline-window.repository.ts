import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { notSuspended, shownTo, type Moderatable } from '../../db/moderated.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import {
  blocks,
  comments,
  follows,
  likes,
  mutes,
  postWants,
  posts,
  searchDocuments,
  tagFollows,
} from '../../db/schema/index.js';
import { createdAtMicros, type PostKind } from './posts.repository.js';

/** The queries behind the timelines' window (timeline.service.ts, docs/timelines.md#reading). */

export interface WindowRow {
  id: string;
  userId: string;
  kind: PostKind;
  /** created_at in microseconds, as decimal text (lib/page-cursor.ts). */
  micros: string;
  /** Seen by its author only: hidden by a moderator, or by a suspended member. */
  hidden: boolean;
  /** Its hashtags: a followed tag brings it into the follow timeline (docs/search.md#hashtags). */
  tags: string[];
}

/** The newest `size` posts in timeline order, with what decides who may see each. */
export function findWindow(db: Database, size: number): Promise<WindowRow[]> {
  return db
    .select({
      id: posts.id,
      userId: posts.userId,
      kind: posts.kind,
      micros: createdAtMicros(posts.createdAt),
      hidden: sql<boolean>`not (${posts.hiddenAt} is null and ${notSuspended(posts.userId)})`,
      tags: sql<string[]>`coalesce(${searchDocuments.tags}, '{}'::text[])`,
    })
    .from(posts)
    .leftJoin(searchDocuments, eq(searchDocuments.id, posts.id))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(size);
}

/**
 * Whose posts a member's timelines leave out (members they blocked or muted) and whose they
 * follow, in one round trip.
 */
export async function findViewerRelations(
  db: Database,
  viewerId: string,
): Promise<{ hidden: string[]; follows: string[] }> {
  const rows = await db
    .select({ relation: sql<string>`'hidden'`, id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, viewerId))
    .unionAll(
      db
        .select({ relation: sql<string>`'hidden'`, id: mutes.mutedId })
        .from(mutes)
        .where(eq(mutes.muterId, viewerId)),
    )
    .unionAll(
      db
        .select({ relation: sql<string>`'follows'`, id: follows.followeeId })
        .from(follows)
        .where(eq(follows.followerId, viewerId)),
    );
  const result = { hidden: [] as string[], follows: [] as string[] };
  for (const row of rows) (row.relation === 'hidden' ? result.hidden : result.follows).push(row.id);
  return result;
}

/** The tags a member follows. */
export async function findFollowedTags(db: Database, viewerId: string): Promise<string[]> {
  const rows = await db
    .select({ tag: tagFollows.tag })
    .from(tagFollows)
    .where(eq(tagFollows.userId, viewerId));
  return rows.map((row) => row.tag);
}

/** What differs for a member from the visitor's view of each post (see `findMemberOverlays`). */
export interface MemberOverlay {
  id: string;
  liked: boolean;
  wanted: boolean;
  /** Comments in everyone's sight by members the viewer blocked or muted. */
  relatedComments: number;
  /** The viewer's own comments out of everyone's sight, which they still see. */
  ownHiddenComments: number;
  /** The viewer's own replies (events at a spot) out of everyone's sight. */
  ownHiddenChildren: number;
  /** The parent, when it is the viewer's own and out of everyone's sight. */
  ownHiddenParent: { kind: PostKind; title: string } | null;
}

const viewer = sql.placeholder('viewer');
/** A moderatable row by its alias in the query below. */
const aliased = (name: string): Moderatable => ({
  hiddenAt: sql.raw(`${name}.hidden_at`),
  userId: sql.raw(`${name}.user_id`),
});
const outOfSight = (name: string) => sql`not ${shownTo(aliased(name), null)}`;

const preparedOverlays = preparedPerDatabase((db) =>
  db
    .select({
      id: sql<string>`p.id`,
      liked: sql<boolean>`exists (select 1 from ${likes} l where l.post_id = p.id and l.user_id = ${viewer})`,
      wanted: sql<boolean>`exists (select 1 from ${postWants} w where w.post_id = p.id and w.user_id = ${viewer})`,
      relatedComments: sql<number>`(select count(*) from ${comments} c where c.post_id = p.id
        and c.user_id = any(${sql.placeholder('related')}::uuid[]) and ${shownTo(aliased('c'), null)})`.mapWith(
        Number,
      ),
      ownHiddenComments: sql<number>`(select count(*) from ${comments} c where c.post_id = p.id
        and c.user_id = ${viewer} and ${outOfSight('c')})`.mapWith(Number),
      ownHiddenChildren:
        sql<number>`(select count(*) from ${posts} child where child.parent_post_id = p.id
        and child.user_id = ${viewer} and ${outOfSight('child')})`.mapWith(Number),
      ownHiddenParent: sql<{
        kind: PostKind;
        title: string;
      } | null>`(select json_build_object('kind', parent.kind, 'title', parent.title)
        from ${posts} me join ${posts} parent on parent.id = me.parent_post_id
        where me.id = p.id and parent.user_id = ${viewer} and ${outOfSight('parent')})`,
    })
    .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) as p(id)`)
    .prepare('find_member_overlays'),
);

/**
 * For a page of posts a member reads, what makes their view differ from a visitor's: their
 * reactions, and the counts and parent that blocks, mutes and their own hidden items change
 * (docs/timelines.md#reading). One query; each post is a few index probes.
 */
export function findMemberOverlays(
  db: Database,
  ids: string[],
  viewerId: string,
  related: string[],
): Promise<MemberOverlay[]> {
  return preparedOverlays(db).execute({ ids, viewer: viewerId, related });
}
