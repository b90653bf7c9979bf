import {
  ARCHIVE_MESSAGES as M,
  ARCHIVE_SCHEMA_VERSION,
  LISTS_PER_MEMBER_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  archiveDocumentSchema,
  archiveHeaderSchema,
  type ArchiveDocument,
  type ArchiveImportReport,
  type ArchivePost,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import * as images from '../images/images.service.js';
import { findFollowedAmong, findMembersNamed } from './archive-data.repository.js';
import { importRides, importSettings, readRidesCsv } from './archive-import-parts.js';
import * as writes from './archive-import.repository.js';
import * as repository from './archive.repository.js';
import { ZipReadError, openZip, type ZipFile } from './zip-reader.js';

/**
 * Brings an Ekispot archive into a member's account (docs/archive.md#importing). Everything is
 * checked before anything is written: the ZIP (its directory whole, every name safe), then
 * archive.json against the schema, then each photo as it is stored; the rows go in one
 * transaction. A refusal deletes the photos stored so far, so nothing is half-imported.
 * Items already imported from the same archive (by their ids there) are skipped: importing
 * twice adds nothing.
 */

export interface ArchiveImportDeps {
  db: Database;
  storage: images.ImageStorage;
  clock: () => Date;
}

const DOCUMENT_MAX_BYTES = 200 * 1024 * 1024;
const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/** A refusal, on the form's `archive` field. */
const refuse = (message: string) => validationFailed({ archive: [message] }, message);

function zipRefusal(error: ZipReadError): HttpError {
  const problem = error.problem;
  switch (problem.kind) {
    case 'not-zip':
      return refuse(M.notAnArchive);
    case 'truncated':
      return refuse(M.truncated);
    case 'unsafe-entry':
      return refuse(M.unsafeEntry(problem.name.slice(0, 100)));
    case 'too-large':
    case 'damaged-entry':
      return problem.name.startsWith('media/')
        ? refuse(M.damagedPhoto(problem.name))
        : refuse(M.truncated);
  }
}

async function readDocument(zip: ZipFile): Promise<ArchiveDocument> {
  if (!zip.entries.has('archive.json')) throw refuse(M.notAnArchive);
  let json: unknown;
  try {
    json = JSON.parse((await zip.read('archive.json', DOCUMENT_MAX_BYTES)).toString('utf8'));
  } catch (error) {
    if (error instanceof ZipReadError) throw zipRefusal(error);
    throw refuse(M.invalidDocument);
  }
  const header = archiveHeaderSchema.safeParse(json);
  if (!header.success) throw refuse(M.notAnArchive);
  if (header.data.schema_version > ARCHIVE_SCHEMA_VERSION)
    throw refuse(M.newerSchema(header.data.schema_version));
  const document = archiveDocumentSchema.safeParse(json);
  if (!document.success) throw refuse(M.invalidDocument);
  return document.data;
}

/** Stores the photos of the posts to import; on any failure removes those stored and refuses. */
async function storePhotos(
  deps: ArchiveImportDeps,
  zip: ZipFile,
  posts: ArchivePost[],
): Promise<Map<string, string[]>> {
  const stored = new Map<string, string[]>();
  const all: string[] = [];
  try {
    for (const post of posts) {
      const ids: string[] = [];
      for (const photo of post.photos) {
        if (!zip.entries.has(photo.file)) throw refuse(M.missingPhoto(photo.file));
        let bytes: Buffer;
        try {
          bytes = await zip.read(photo.file, PHOTO_MAX_BYTES);
        } catch (error) {
          throw error instanceof ZipReadError ? refuse(M.damagedPhoto(photo.file)) : error;
        }
        try {
          const row = await images.storeImage(deps.db, deps.storage, null, bytes, {
            fromArchive: true,
          });
          ids.push(row.id);
          all.push(row.id);
        } catch (error) {
          if (error instanceof HttpError && error.status < 500)
            throw refuse(M.damagedPhoto(photo.file));
          throw error;
        }
      }
      stored.set(post.id, ids);
    }
    return stored;
  } catch (error) {
    await images.deleteImages(deps.db, deps.storage, all);
    throw error;
  }
}

const sourceKey = (document: ArchiveDocument, id: string | number) =>
  `${document.account.id}/${id}`;

async function writeAll(
  deps: ArchiveImportDeps,
  userId: string,
  document: ArchiveDocument,
  newPosts: ArchivePost[],
  photos: Map<string, string[]>,
  ridesCsv: string | null,
  report: ArchiveImportReport,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const postKeys = document.posts.map((post) => sourceKey(document, post.id));
    const known = await repository.findImportedKeys(tx, userId, 'post', postKeys);
    // Someone else importing at the same moment: the second transaction finds the first's keys.
    if (newPosts.some((post) => known.has(sourceKey(document, post.id))))
      throw new HttpError(
        'CONFLICT',
        '同じアーカイブを取り込んでいる途中です。しばらくしてから確かめてください。',
      );
    const stationIds = await writes.existingStationIds(tx, [
      ...new Set([
        ...document.posts.flatMap((post) => (post.station ? [post.station.id] : [])),
        ...document.stamps.map((stamp) => stamp.station.id),
        ...document.lists.flatMap((list) =>
          list.items.flatMap((i) => (i.station ? [i.station.id] : [])),
        ),
      ]),
    ]);
    const postIds = new Map<string, string>();
    for (const [key, target] of known) if (target) postIds.set(key, target);
    const recorded: { userId: string; kind: string; sourceKey: string; targetId: string | null }[] =
      [];
    for (const post of newPosts) {
      const parent = post.parent_post_id
        ? postIds.get(sourceKey(document, post.parent_post_id))
        : undefined;
      const id = await writes.insertImportedPost(tx, {
        userId,
        kind: post.kind,
        title: post.title.slice(0, POST_TITLE_MAX),
        body: post.body.slice(0, POST_BODY_MAX),
        stationGroupId: post.station && stationIds.has(post.station.id) ? post.station.id : null,
        parentPostId: parent ?? null,
        lat: post.location?.lat ?? null,
        lng: post.location?.lng ?? null,
        startsAt: post.starts_at ? new Date(post.starts_at) : null,
        endsAt: post.ends_at ? new Date(post.ends_at) : null,
        importedAt: now,
        createdAt: new Date(post.created_at),
        updatedAt: new Date(post.updated_at),
      });
      await writes.attachImages(tx, id, userId, photos.get(post.id) ?? []);
      postIds.set(sourceKey(document, post.id), id);
      recorded.push({
        userId,
        kind: 'post',
        sourceKey: sourceKey(document, post.id),
        targetId: id,
      });
      report.added.posts += 1;
      report.added.photos += photos.get(post.id)?.length ?? 0;
    }

    const listKeys = document.lists.map((list) => sourceKey(document, list.id));
    const knownLists = await repository.findImportedKeys(tx, userId, 'list', listKeys);
    const newLists = document.lists.filter((list) => !knownLists.has(sourceKey(document, list.id)));
    report.skipped += document.lists.length - newLists.length;
    if ((await writes.countLists(tx, userId)) + newLists.length > LISTS_PER_MEMBER_MAX)
      throw refuse(
        `リストは${LISTS_PER_MEMBER_MAX}件までです。取り込むとこれを超えるため、取り込めません。`,
      );
    for (const list of newLists) {
      // Stations known here, and the member's own posts brought in; others' posts stay behind.
      type Item = { stationGroupId: number | null; postId: string | null; note: string };
      const items = list.items.flatMap((item): Item[] => {
        if (item.station && stationIds.has(item.station.id))
          return [{ stationGroupId: item.station.id, postId: null, note: item.note }];
        const post = item.post_id ? postIds.get(sourceKey(document, item.post_id)) : undefined;
        return post ? [{ stationGroupId: null, postId: post, note: item.note }] : [];
      });
      const id = await writes.insertImportedList(
        tx,
        {
          userId,
          title: list.title,
          description: list.description,
          isPublic: list.is_public,
          createdAt: new Date(list.created_at),
        },
        items,
      );
      recorded.push({
        userId,
        kind: 'list',
        sourceKey: sourceKey(document, list.id),
        targetId: id,
      });
      report.added.lists += 1;
    }

    const stamps = document.stamps.filter((stamp) => stationIds.has(stamp.station.id));
    report.added.stamps = await writes.insertRecordOnlyStamps(
      tx,
      stamps.map((stamp) => ({
        userId,
        stationGroupId: stamp.station.id,
        collectedAt: new Date(`${stamp.collected_on}T12:00:00+09:00`),
      })),
    );
    report.skipped += document.stamps.length - report.added.stamps;

    const settingsKey = sourceKey(document, 'settings');
    const settingsKnown = await repository.findImportedKeys(tx, userId, 'settings', [settingsKey]);
    if (settingsKnown.size === 0) {
      await importSettings(tx, userId, document);
      recorded.push({ userId, kind: 'settings', sourceKey: settingsKey, targetId: null });
      report.added.settings = true;
    }
    if (ridesCsv !== null) {
      const ridesKey = sourceKey(document, 'rides');
      const ridesKnown = await repository.findImportedKeys(tx, userId, 'rides', [ridesKey]);
      if (ridesKnown.size === 0) {
        report.added.rides = await importRides({ db: tx, clock: deps.clock }, userId, ridesCsv);
        recorded.push({ userId, kind: 'rides', sourceKey: ridesKey, targetId: null });
      }
    }
    await repository.recordImported(tx, recorded);
  });
}

export async function importArchive(
  deps: ArchiveImportDeps,
  userId: string,
  file: { path: string; size: number },
): Promise<ArchiveImportReport> {
  let zip: ZipFile;
  try {
    zip = await openZip(file.path);
  } catch (error) {
    throw error instanceof ZipReadError ? zipRefusal(error) : error;
  }
  try {
    const document = await readDocument(zip);
    const known = await repository.findImportedKeys(
      deps.db,
      userId,
      'post',
      document.posts.map((post) => sourceKey(document, post.id)),
    );
    const newPosts = document.posts.filter((post) => !known.has(sourceKey(document, post.id)));
    const report: ArchiveImportReport = {
      added: { posts: 0, photos: 0, lists: 0, stamps: 0, rides: 0, settings: false },
      skipped: document.posts.length - newPosts.length,
      follow_candidates: [],
      unmatched_follows: [],
    };
    const ridesCsv = await readRidesCsv(zip, document, refuse);
    const photos = await storePhotos(deps, zip, newPosts);
    try {
      await writeAll(deps, userId, document, newPosts, photos, ridesCsv, report);
    } catch (error) {
      await images.deleteImages(deps.db, deps.storage, [...photos.values()].flat());
      throw error;
    }
    // Follows are never made here: the member confirms each match by name.
    const names = [...new Set(document.follows.map((follow) => follow.name))];
    const members = await findMembersNamed(deps.db, names, userId);
    const followed = await findFollowedAmong(
      deps.db,
      userId,
      members.map((m) => m.id),
    );
    report.follow_candidates = members.map((member) => ({
      id: member.id,
      name: member.name,
      following: followed.has(member.id),
    }));
    const matched = new Set(members.map((member) => member.name));
    report.unmatched_follows = names.filter((name) => !matched.has(name));
    return report;
  } finally {
    await zip.close();
  }
}
