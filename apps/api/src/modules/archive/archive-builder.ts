import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_SCHEMA_VERSION,
  type ArchiveDocument,
  type ArchiveList,
  type ArchivePost,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import type { ImageStorage } from '../images/images.service.js';
import * as lists from '../lists/lists.service.js';
import * as notifications from '../notifications/notifications.service.js';
import * as push from '../push/push.service.js';
import * as reads from './archive-data.repository.js';
import { listFilePath, mediaPath, readRest, toArchivePost } from './archive-document.js';
import type { ArchiveExtensions } from './archive-extensions.js';
import { activityOf, htmlHead, htmlPost, htmlRest, outboxHead } from './archive-views.js';
import { ZipFileWriter } from './archive-zip.js';

/** Posts read (and photos written) per page: what an archive holds in memory at once. */
const PAGE = 100;

export interface ArchiveBuildDeps {
  db: Database;
  storage: ImageStorage;
  publicUrl: string;
  /** A folder of this process for the ZIP while it is written. */
  tempDir: string;
  extensions: ArchiveExtensions;
  now: Date;
  /** Items written so far of all; renews the job's lease. */
  onProgress: (done: number, total: number) => Promise<void>;
}

/** The key of an archive in the image storage: no image id in it, so the image sweeps pass it by. */
export const archiveStorageKey = (jobId: string) => `archives/${jobId.replaceAll('-', '')}.zip`;

async function* postPages(db: Database, userId: string): AsyncGenerator<ArchivePost[]> {
  let after: reads.PageAfter | null = null;
  for (;;) {
    const rows = await reads.findPostsPage(db, userId, after, PAGE);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.post.id);
    const [photos, comments] = await Promise.all([
      reads.findPhotosOf(db, ids),
      reads.findCommentsOn(db, ids),
    ]);
    yield rows.map((row) =>
      toArchivePost(
        row,
        photos.filter((photo) => photo.postId === row.post.id),
        comments.filter((comment) => comment.postId === row.post.id),
      ),
    );
    const last = rows.at(-1)!.post;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < PAGE) return;
  }
}

/** Writes the member's lists (GeoJSON and GPX through the lists' own export) and returns them. */
async function writeLists(
  zip: ZipFileWriter,
  deps: ArchiveBuildDeps,
  userId: string,
  tick: () => Promise<void>,
): Promise<ArchiveList[]> {
  const out: ArchiveList[] = [];
  const listDeps = { db: deps.db, publicUrl: deps.publicUrl };
  let cursor: string | undefined;
  do {
    const page = await lists.listOwnLists(listDeps, userId, { limit: 50, cursor });
    for (const list of page.items) {
      const { items } = await lists.listItems(listDeps, list.id, userId);
      for (const format of ['geojson', 'gpx'] as const) {
        const file = await lists.exportListFile(listDeps, list.id, userId, format);
        await zip.addText(listFilePath(list.id, format), [file.body]);
      }
      out.push({
        id: list.id,
        title: list.title,
        description: list.description,
        is_public: list.is_public,
        created_at: list.created_at,
        updated_at: list.updated_at,
        files: { geojson: listFilePath(list.id, 'geojson'), gpx: listFilePath(list.id, 'gpx') },
        items: items.map((item) => ({
          position: item.position,
          note: item.note,
          station: item.station ? { id: item.station.id, name: item.station.name } : null,
          post_id: item.post?.id ?? null,
          post_title: item.post ? item.post.title : null,
        })),
      });
      await tick();
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out.reverse();
}

/**
 * Builds the member's archive as a ZIP in `tempDir`, then stores it (docs/archive.md#the-job).
 * Returns its key and size. A failure removes the partial file; the job is tried again.
 */
export async function buildArchive(
  deps: ArchiveBuildDeps,
  userId: string,
  jobId: string,
): Promise<{ storageKey: string; byteSize: number }> {
  const { db } = deps;
  const account = await reads.findAccount(db, userId);
  if (!account) throw new Error('the member has left');
  const counts = await reads.countPostsAndPhotos(db, userId);
  let done = 0;
  let total = counts.posts * 3 + counts.photos + 5;
  let lastReport = 0;
  const tick = async (items = 1) => {
    done += items;
    if (Date.now() - lastReport < 1_000 && done < total) return;
    lastReport = Date.now();
    await deps.onProgress(Math.min(done, total), total);
  };

  await fs.mkdir(deps.tempDir, { recursive: true });
  const file = path.join(deps.tempDir, `${jobId}.zip.part`);
  const zip = new ZipFileWriter(file);
  try {
    const archiveLists = await writeLists(zip, deps, userId, tick);
    total += archiveLists.length;
    const [mailPrefs, pushPrefs, extras] = await Promise.all([
      notifications.getPreferences(db, userId),
      push.getPreferences(db, userId),
      deps.extensions.read(db, userId),
    ]);
    for (const extra of extras.files) await zip.addText(extra.name, [extra.body]);
    const rest = await readRest(db, userId, reads, {
      lists: archiveLists,
      settings: {
        mail_opt_in: account.mailOptIn,
        actions_public: account.actionsPublic,
        notification_mail_types: mailPrefs.mail_types,
        push: pushPrefs,
      },
      rides: extras.rides,
      followed_tags: extras.followedTags,
      muted_words: extras.mutedWords,
    });
    const head: Pick<
      ArchiveDocument,
      'format' | 'schema_version' | 'exported_at' | 'instance' | 'account'
    > = {
      format: ARCHIVE_FORMAT,
      schema_version: ARCHIVE_SCHEMA_VERSION,
      exported_at: deps.now.toISOString(),
      instance: deps.publicUrl,
      account: {
        id: account.id,
        name: account.name,
        email: account.email,
        bio: account.bio,
        avatar: account.avatarImageId ? mediaPath(account.avatarImageId) : null,
        created_at: account.createdAt.toISOString(),
      },
    };
    await zip.addText('archive.json', documentParts(db, userId, head, rest, tick));
    const actor = `${deps.publicUrl}/profile/${account.id}`;
    await zip.addText('outbox.json', outboxParts(db, userId, head, counts.posts, actor, tick));
    await zip.addText('index.html', htmlParts(db, userId, head, rest, tick));
    await writeMedia(zip, deps, userId, account.avatarImageId, tick);
    await zip.finish();
    const { size } = await fs.stat(file);
    const storageKey = archiveStorageKey(jobId);
    await deps.storage.put(storageKey, { stream: createReadStream(file), size }, 'application/zip');
    await deps.onProgress(total, total);
    return { storageKey, byteSize: size };
  } catch (error) {
    zip.abort();
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
}

type Head = Parameters<typeof htmlHead>[0] & Pick<ArchiveDocument, 'format' | 'schema_version'>;

async function* documentParts(
  db: Database,
  userId: string,
  head: Head,
  rest: object,
  tick: (items?: number) => Promise<void>,
) {
  yield `${JSON.stringify(head).slice(0, -1)},"posts":[`;
  let first = true;
  for await (const page of postPages(db, userId)) {
    yield (first ? '' : ',') + page.map((post) => JSON.stringify(post)).join(',');
    first = false;
    await tick(page.length);
  }
  yield `],${JSON.stringify(rest).slice(1)}`;
}

async function* outboxParts(
  db: Database,
  userId: string,
  head: Head,
  count: number,
  actor: string,
  tick: (items?: number) => Promise<void>,
) {
  yield outboxHead(head, count);
  let first = true;
  for await (const page of postPages(db, userId)) {
    const activities = page.map((post) => JSON.stringify(activityOf(post, actor, head.instance)));
    yield (first ? '' : ',') + activities.join(',');
    first = false;
    await tick(page.length);
  }
  yield ']}';
}

async function* htmlParts(
  db: Database,
  userId: string,
  head: Head,
  rest: Parameters<typeof htmlRest>[0],
  tick: (items?: number) => Promise<void>,
) {
  yield htmlHead(head);
  let any = false;
  // Newest last in the file, as written: the page reads as a diary from the first post on.
  for await (const page of postPages(db, userId)) {
    any = true;
    yield page.map(htmlPost).join('');
    await tick(page.length);
  }
  if (!any) yield '<p>投稿はありません。</p>\n';
  yield htmlRest(rest);
}

/** The avatar and every photo, as stored (the display size, already without metadata). */
async function writeMedia(
  zip: ZipFileWriter,
  deps: ArchiveBuildDeps,
  userId: string,
  avatarId: string | null,
  tick: (items?: number) => Promise<void>,
) {
  const avatar = avatarId ? await reads.findImage(deps.db, avatarId) : null;
  const photos = async function* () {
    if (avatar) yield [{ imageId: avatar.id, storageKey: avatar.storageKey }];
    for await (const page of postPages(deps.db, userId)) {
      const rows = await reads.findPhotosOf(
        deps.db,
        page.map((post) => post.id),
      );
      yield rows;
    }
  };
  for await (const rows of photos()) {
    for (const row of rows) {
      const stored = await deps.storage.get(row.storageKey);
      // A file lost from storage leaves its photo out rather than failing the archive.
      if (stored) await zip.addStream(mediaPath(row.imageId), stored.stream);
      await tick();
    }
  }
}
