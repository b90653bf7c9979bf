import type {
  FieldErrors,
  Post,
  PostCreateFields,
  PostPage,
  PostUpdateFields,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import {
  assertMayPost,
  DEFAULT_NEWCOMER_LIMITS,
  type NewcomerLimits,
} from '../newcomers/newcomers.service.js';
import { HttpError, forbidden, notFound, validationFailed } from '../../lib/http-error.js';
import type { ImageStorage } from '../images/images.service.js';
import * as images from '../images/images.service.js';
import { findNearbyGroups } from '../stations/stations.service.js';
import { indexPost } from '../search/search-index.service.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { isForeignKeyViolation, retryTransientConflicts } from '../../lib/db-errors.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import { checkExistingPhotos, discardPhotos, storePhotos, type PhotoSlot } from './post-photos.js';
import { presentPosts } from './post-presenter.js';
import {
  checkDraft,
  draftFromCreate,
  draftFromUpdate,
  parentKindError,
  type PostDraft,
} from './post-rules.js';
import { prepareOwnPostRemoval } from './post-removal.js';

/** Account deletion takes the member's posts away through this (see post-removal.ts). */
export { prepareMemberRemoval } from './post-removal.js';
import * as repository from './posts.repository.js';
import { POST_MESSAGES as M } from './posts.messages.js';

/** Post rules (issue: posts, photos, comments and reactions). No Fastify types here. */

export interface PostsDeps {
  db: Database;
  storage: ImageStorage;
  /** For a day after sign-up (docs/moderation.md#new-accounts); the defaults when absent. */
  newcomerLimits?: NewcomerLimits;
}

export type PostTextEdit = Omit<PostUpdateFields, 'images' | 'images_cleared'>;

/** A spot links the nearest station within reach; remote islands may have none. */
const NEAREST_STATION_STEPS_M = [5_000, 100_000];

async function findNearestStationGroupId(
  db: Database,
  point: { lat: number; lng: number },
): Promise<number | null> {
  for (const radius of NEAREST_STATION_STEPS_M) {
    const [nearest] = await findNearbyGroups(db, point, radius, 1);
    if (nearest) return nearest.id;
  }
  return null;
}

/** Checks a draft against the rules and the database; hands back the columns to write. */
async function resolveDraft(db: Database, draft: PostDraft): Promise<repository.PostValues> {
  const errors: FieldErrors = checkDraft(draft);
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (draft.kind !== 'spot' && draft.stationGroupId !== null && !errors.station_group_id) {
    if (!(await repository.stationGroupExists(db, draft.stationGroupId)))
      add('station_group_id', M.stationGroupNotFound);
  }
  if (draft.kind !== 'spot' && draft.parentPostId && !errors.parent_post_id) {
    const parent = await repository.findPost(db, draft.parentPostId);
    const problem = parent ? parentKindError(draft.kind, parent.kind) : M.parentNotFound;
    if (problem) add('parent_post_id', problem);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const stationGroupId =
    draft.kind === 'spot' && draft.lat !== null && draft.lng !== null
      ? await findNearestStationGroupId(db, { lat: draft.lat, lng: draft.lng })
      : draft.stationGroupId;
  return {
    title: draft.title,
    body: draft.body,
    stationGroupId,
    parentPostId: draft.parentPostId,
    lat: draft.lat,
    lng: draft.lng,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
  };
}

/** A station or parent deleted between our checks and the write. */
function asReferenceError(error: unknown): unknown {
  return isForeignKeyViolation(error) ? new HttpError('CONFLICT', M.referenceGone) : error;
}

export async function getPost(deps: PostsDeps, postId: string, viewerId: string | null) {
  const row = await repository.findPostView(deps.db, postId, viewerId);
  if (!row) throw notFound(M.notFound);
  return presentPosts([row])[0]!;
}

export interface PostListQuery {
  cursor?: string;
  limit: number;
  kind?: repository.PostKind;
  station_group_id?: number;
  parent_post_id?: string;
  user_id?: string;
}

/** Newest first, by keyset: pages never repeat or skip a post, however many are added. */
export async function listPosts(
  deps: Pick<PostsDeps, 'db'>,
  viewerId: string | null,
  query: PostListQuery,
): Promise<PostPage> {
  const after = decodeCursor(query.cursor);
  const rows = await repository.findPostViews(deps.db, {
    viewerId,
    filter: {
      kind: query.kind,
      stationGroupId: query.station_group_id,
      parentPostId: query.parent_post_id,
      userId: query.user_id,
    },
    after,
    limit: query.limit + 1,
  });
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.post.id } })),
    query.limit,
  );
  return { items: presentPosts(page.items), next_cursor: page.nextCursor };
}

/**
 * The post timelines (docs/timelines.md): every post, or the member's own and their
 * followees' (`followedBy`), of some kinds, newest first, without what the viewer blocked or
 * muted. A read-time query on the (created_at, id) index: nothing is copied per follower.
 */
export async function listTimelinePosts(
  deps: Pick<PostsDeps, 'db'>,
  viewerId: string | null,
  query: {
    followedBy?: string;
    kinds: readonly repository.PostKind[];
    cursor?: string;
    limit: number;
  },
): Promise<PostPage> {
  const after = decodeCursor(query.cursor);
  const rows = await repository.findPostViews(deps.db, {
    viewerId,
    filter: { kinds: query.kinds, followedBy: query.followedBy },
    after,
    limit: query.limit + 1,
  });
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.post.id } })),
    query.limit,
  );
  return { items: presentPosts(page.items), next_cursor: page.nextCursor };
}

/**
 * Posts a member liked (`like`) or wanted (`want`, of one kind), newest reaction first: the
 * profile's liked and want tabs. Whether the viewer may see them is the people rules' call.
 */
export async function listReactedPosts(
  deps: Pick<PostsDeps, 'db'>,
  viewerId: string | null,
  userId: string,
  reaction: { type: 'like' } | { type: 'want'; kind: 'spot' | 'event' },
  query: { cursor?: string; limit: number },
): Promise<PostPage> {
  const after = decodeCursor(query.cursor);
  const rows = await repository.findReactedPostViews(deps.db, {
    viewerId,
    userId,
    reaction: reaction.type,
    kind: reaction.type === 'want' ? reaction.kind : undefined,
    after,
    limit: query.limit + 1,
  });
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.reactedMicros, id: row.post.id } })),
    query.limit,
  );
  return { items: presentPosts(page.items), next_cursor: page.nextCursor };
}

export async function listStationPosts(
  deps: PostsDeps,
  stationGroupId: number,
  viewerId: string | null,
  query: Omit<PostListQuery, 'station_group_id'>,
): Promise<PostPage> {
  if (!(await repository.stationGroupExists(deps.db, stationGroupId)))
    throw notFound(M.stationNotFound);
  return listPosts(deps, viewerId, { ...query, station_group_id: stationGroupId });
}

/**
 * Photos are re-encoded and stored before the transaction (slow work holds no locks), and
 * removed again if it fails: a failed request leaves no post, no image row and no file.
 */
export async function createPost(
  deps: PostsDeps,
  userId: string,
  fields: PostCreateFields,
  photos: PhotoSlot[],
): Promise<Post> {
  const values = await resolveDraft(deps.db, draftFromCreate(fields, photos.length));
  await assertMayPost(deps.db, userId, deps.newcomerLimits ?? DEFAULT_NEWCOMER_LIMITS, values);
  const { ids, storedIds } = await storePhotos(deps.db, deps.storage, userId, photos);
  let postId: string;
  try {
    postId = await inTransaction(deps.db, async (tx) => {
      const row = await repository.insertPost(tx, { ...values, userId, kind: fields.kind });
      await repository.replacePostImages(tx, row.id, ids);
      await indexPost(tx, row.id);
      await recordEvent(tx, {
        type: 'posted',
        postId: row.id,
        userId,
        stationGroupId: row.stationGroupId,
        at: row.createdAt,
      });
      return row.id;
    });
  } catch (error) {
    await discardPhotos(deps.db, deps.storage, storedIds);
    throw asReferenceError(error);
  }
  return getPost(deps, postId, userId);
}

async function findOwnPost(db: Database, userId: string, postId: string, forUpdate = false) {
  const post = await repository.findPost(db, postId, { forUpdate });
  if (!post) throw notFound(M.notFound);
  if (post.userId !== userId) throw forbidden(M.notYoursToEdit);
  return post;
}

/**
 * Only the fields sent change; the kind's rules are checked on the result. A photo list, when
 * sent, replaces the current one: photos left out lose their rows in the transaction and
 * their files after it commits. Everything is checked once up front (so a doomed request
 * stores nothing) and again under the row lock (so concurrent edits cannot interleave).
 */
export async function updatePost(
  deps: PostsDeps,
  userId: string,
  postId: string,
  fields: PostTextEdit,
  photos: PhotoSlot[] | null,
): Promise<Post> {
  const current = await findOwnPost(deps.db, userId, postId);
  const currentIds = await repository.findPostImageIds(deps.db, postId);
  if (photos) checkExistingPhotos(photos, currentIds);
  await resolveDraft(
    deps.db,
    draftFromUpdate(current, fields, photos ? photos.length : currentIds.length),
  );

  const stored = photos ? await storePhotos(deps.db, deps.storage, userId, photos) : null;
  let removed: Awaited<ReturnType<typeof images.deleteImageRows>>;
  try {
    removed = await inTransaction(deps.db, async (tx) => {
      const locked = await findOwnPost(tx, userId, postId, true);
      const lockedIds = await repository.findPostImageIds(tx, postId);
      if (photos) checkExistingPhotos(photos, lockedIds);
      const nextIds = stored?.ids ?? lockedIds;
      const values = await resolveDraft(tx, draftFromUpdate(locked, fields, nextIds.length));
      await repository.updatePost(tx, postId, values);
      await indexPost(tx, postId);
      // The post may have moved to another station.
      await recordEvent(tx, {
        type: 'post-edited',
        postId,
        userId,
        stationGroupIds: [locked.stationGroupId, values.stationGroupId],
      });
      if (!stored) return [];
      await repository.replacePostImages(tx, postId, nextIds);
      const gone = lockedIds.filter((id) => !nextIds.includes(id));
      return images.deleteImageRows(tx, gone);
    });
  } catch (error) {
    await discardPhotos(deps.db, deps.storage, stored?.storedIds ?? []);
    throw asReferenceError(error);
  }
  await images.deleteImageFiles(deps.storage, removed);
  return getPost(deps, postId, userId);
}

/**
 * Deletes the post with the owner's own posts attached below it (by cascade); other
 * members' attached posts are kept (post-removal.ts). Photos do not cascade, so they are
 * collected first: rows in the transaction, files once it has committed.
 */
export async function deletePost(deps: PostsDeps, userId: string, postId: string): Promise<void> {
  // Its items leave every list by cascade: see retryTransientConflicts.
  const removed = await retryTransientConflicts(() =>
    inTransaction(deps.db, async (tx) => {
      const post = await repository.findPost(tx, postId, { forUpdate: true });
      if (!post) throw notFound(M.notFound);
      if (post.userId !== userId) throw forbidden(M.notYoursToDelete);
      return removePostIn(tx, post);
    }),
  );
  await images.deleteImageFiles(deps.storage, removed);
}

/** The photo files of removed posts, to delete once the removal has committed. */
export type RemovedPhotoFiles = Awaited<ReturnType<typeof images.deleteImageRows>>;

/**
 * Takes a post away in the caller's transaction, as its owner's delete does: the owner's
 * posts below it go too, others' stay. For a moderator's removal
 * (docs/moderation.md#actions); the caller deletes the files after the commit with
 * `deletePhotoFiles`. False when there is no such post.
 */
export async function removePostAsModerator(
  tx: Database,
  postId: string,
): Promise<RemovedPhotoFiles | null> {
  const post = await repository.findPost(tx, postId, { forUpdate: true });
  return post ? removePostIn(tx, post) : null;
}

export function deletePhotoFiles(storage: ImageStorage, files: RemovedPhotoFiles): Promise<void> {
  return images.deleteImageFiles(storage, files);
}

async function removePostIn(tx: Database, post: repository.PostRow): Promise<RemovedPhotoFiles> {
  const { postIds, imageIds } = await prepareOwnPostRemoval(tx, post.userId, post.id);
  await recordEvent(tx, {
    type: 'post-removed',
    userId: post.userId,
    postIds,
    stationGroupId: post.stationGroupId,
  });
  const keys = await images.deleteImageRows(tx, imageIds);
  await repository.deletePost(tx, post.id);
  return keys;
}
