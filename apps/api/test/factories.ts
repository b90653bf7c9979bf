import type { InferInsertModel, InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/database.js';
import {
  blocks,
  comments,
  follows,
  idempotencyKeys,
  likes,
  listItems,
  lists,
  mutes,
  postImages,
  posts,
  postWants,
  pushSubscriptions,
  reports,
  stamps,
  takedownRequests,
  users,
} from '../src/db/schema/index.js';

/**
 * Row factories for tests that need rows in a state no request makes (a date in the past, a
 * hidden post, a member who never confirmed): `buildX(db, overrides)` writes one row and
 * returns it, `buildXs(db, [overrides, …])` writes several in one statement and returns them in
 * that order. A factory fills what the row needs and the test does not care about (a member's
 * unique address, a post's kind); everything given wins. Tests that act as a member sign in
 * over HTTP instead (test/auth-client.ts).
 */

type New<T extends PgTable> = InferInsertModel<T>;
type Row<T extends PgTable> = InferSelectModel<T>;

async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly New<T>[],
): Promise<Row<T>[]> {
  if (rows.length === 0) return [];
  const written = await db
    .insert(table)
    .values(rows as never)
    .returning();
  return written as Row<T>[];
}

/** Makes the plural and the single factory of a table from its defaults. */
function factory<T extends PgTable, Given>(table: T, complete: (given: Given) => New<T>) {
  const many = (db: Database, given: readonly Given[]) =>
    insertRows(db, table, given.map(complete));
  const one = async (db: Database, given: Given) => (await many(db, [given]))[0]!;
  return { one, many };
}

let members = 0;

/** A member: a name, an address no other test member has and a password no one can sign in with. */
const user = factory(users, (given: Partial<New<typeof users>>) => {
  members += 1;
  return { name: '駅好き', email: `member-${members}@example.jp`, passwordHash: 'x', ...given };
});
export const buildUsers = user.many;
export const buildUser = (db: Database, given: Partial<New<typeof users>> = {}) =>
  user.one(db, given);

/** A post: a photo post unless `kind` says otherwise. */
const post = factory(
  posts,
  (given: Pick<New<typeof posts>, 'userId'> & Partial<New<typeof posts>>) => ({
    kind: 'image' as const,
    ...given,
  }),
);
export const buildPosts = post.many;
export const buildPost = post.one;

const photo = factory(postImages, (given: New<typeof postImages>) => given);
/** A post's photos: each `{ postId, imageId, position }`. */
export const buildPostImages = photo.many;

const comment = factory(
  comments,
  (given: Pick<New<typeof comments>, 'postId' | 'userId'> & Partial<New<typeof comments>>) => ({
    body: 'コメント',
    ...given,
  }),
);
export const buildComments = comment.many;
export const buildComment = comment.one;

/** A list: public unless `isPublic: false`. */
const list = factory(
  lists,
  (given: Pick<New<typeof lists>, 'userId'> & Partial<New<typeof lists>>) => ({
    title: 'リスト',
    ...given,
  }),
);
export const buildLists = list.many;
export const buildList = list.one;

const item = factory(listItems, (given: New<typeof listItems>) => given);
/** A list's items: each a station (`stationGroupId`) or a post (`postId`) at a `position`. */
export const buildListItems = item.many;

export const buildLikes = factory(likes, (given: New<typeof likes>) => given).many;
export const buildPostWants = factory(postWants, (given: New<typeof postWants>) => given).many;
export const buildFollows = factory(follows, (given: New<typeof follows>) => given).many;
export const buildBlocks = factory(blocks, (given: New<typeof blocks>) => given).many;
export const buildMutes = factory(mutes, (given: New<typeof mutes>) => given).many;
export const buildStamps = factory(stamps, (given: New<typeof stamps>) => given).many;
export const buildReports = factory(reports, (given: New<typeof reports>) => given).many;
export const buildPushSubscriptions = factory(
  pushSubscriptions,
  (given: New<typeof pushSubscriptions>) => given,
).many;
export const buildIdempotencyKeys = factory(
  idempotencyKeys,
  (given: New<typeof idempotencyKeys>) => given,
).many;
export const buildTakedownRequests = factory(
  takedownRequests,
  (given: New<typeof takedownRequests>) => given,
).many;
