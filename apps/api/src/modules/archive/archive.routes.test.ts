import fs from 'node:fs/promises';
import path from 'node:path';
import { ARCHIVE_MESSAGES, archiveDocumentSchema, type ArchiveDocument } from '@ekispot/shared';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { count, eq, isNull } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { multipartPayload } from '../../../test/multipart.js';
import { createTestApp } from '../../../test/test-app.js';
import {
  archiveJobs,
  images,
  lists,
  mailOutbox,
  posts,
  stamps,
  users,
} from '../../db/schema/index.js';
import * as notifications from '../notifications/notifications.service.js';
import { listFollowedTags, setTagFollow } from '../search/tags.service.js';

const origin = 'http://localhost:3000';
const DAY = 24 * 60 * 60 * 1000;
const schemaFile = path.resolve(import.meta.dirname, '../../../../../docs/archive.schema.json');

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let source: Ctx;
let target: Ctx;
let now = new Date('2026-11-20T03:00:00Z');
let alice: TestAuth & { id: string };
let bob: TestAuth & { id: string };
let dave: TestAuth & { id: string };
let zip: Buffer;
let files: Record<string, Uint8Array>;
let document: ArchiveDocument;

async function member(ctx: Ctx, email: string, name: string) {
  const { token } = await createAuthClient(ctx, origin).insertMemberAndLogIn(
    email,
    undefined,
    name,
  );
  const me = await ctx.app.inject({
    url: '/api/v2/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, id: me.json().data.id as string };
}

const call = (ctx: Ctx, method: 'GET' | 'POST', url: string, auth: TestAuth, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: { origin, authorization: `Bearer ${auth.token}` },
    ...(payload && { payload }),
  });

async function importZip(ctx: Ctx, auth: TestAuth, bytes: Buffer) {
  const { payload, headers } = await multipartPayload({
    archive: { bytes, filename: 'archive.zip', type: 'application/zip' },
  });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/archives/import',
    payload,
    headers: { ...headers, origin, authorization: `Bearer ${auth.token}` },
  });
}

async function counts(ctx: Ctx) {
  const [p, i, l, s] = await Promise.all([
    ctx.db.select({ n: count() }).from(posts),
    ctx.db.select({ n: count() }).from(images),
    ctx.db.select({ n: count() }).from(lists),
    ctx.db.select({ n: count() }).from(stamps),
  ]);
  return {
    posts: p[0]!.n,
    images: i[0]!.n,
    lists: l[0]!.n,
    stamps: s[0]!.n,
    files: await ctx.countImageFiles(),
  };
}

beforeAll(async () => {
  source = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now });
  target = await createTestApp({ PUBLIC_URL: origin });
  alice = await member(source, 'archive-alice@example.jp', 'アーカイブ花子');
  bob = await member(source, 'archive-bob@example.jp', '駅めぐり太郎');
  const postClient = createPostClient(source, origin);
  const tokyo = await stationGroupIdOf(source.db, '東京', 13);
  const shinjuku = await stationGroupIdOf(source.db, '新宿', 13);

  // Alice: a spot with two photos, a photo post under it, an event; a list; a stamp; relations.
  const spot = await postClient.createdPost(alice, {
    kind: 'spot',
    title: '駅前の喫茶店',
    body: '朝のモーニングが\nおいしい',
    station_group_id: String(tokyo),
    ...NEAR_TOKYO_STATION,
    'images[0]': await photoFile('a.jpg'),
    'images[1]': await photoFile('b.jpg'),
  });
  await postClient.createdPost(alice, {
    kind: 'image',
    parent_post_id: spot.id,
    'images[0]': await photoFile('c.jpg'),
  });
  const bobsPost = await postClient.createdPost(bob, {
    kind: 'spot',
    title: '新宿の展望台',
    station_group_id: String(shinjuku),
    lat: '35.6900',
    lng: '139.7003',
  });
  expect(
    (await call(source, 'POST', `/posts/${spot.id}/comments`, bob, { body: 'いいですね' }))
      .statusCode,
  ).toBe(201);
  expect(
    (await call(source, 'POST', `/posts/${bobsPost.id}/comments`, alice, { body: '行ってみます' }))
      .statusCode,
  ).toBe(201);
  expect((await call(source, 'POST', `/posts/${bobsPost.id}/like`, alice)).statusCode).toBe(200);
  expect((await call(source, 'POST', `/posts/${bobsPost.id}/want`, alice)).statusCode).toBe(200);
  const list = await call(source, 'POST', '/lists', alice, {
    title: '東京めぐり',
    description: '',
    is_public: true,
  });
  const listId = list.json().data.id as string;
  for (const item of [
    { station_group_id: shinjuku },
    { post_id: spot.id },
    { post_id: bobsPost.id },
  ])
    expect((await call(source, 'POST', `/lists/${listId}/items`, alice, item)).statusCode).toBe(
      201,
    );
  await source.db
    .insert(stamps)
    .values({ userId: alice.id, stationGroupId: tokyo, distanceBucket: 1 });
  expect((await call(source, 'POST', `/users/${bob.id}/follow`, alice)).statusCode).toBe(200);
  const ride = await call(source, 'POST', '/me/rides/import', alice, {
    csv: 'date,line,from,to,note\n2024-03-05,JR山手線,品川,田町,朝',
  });
  expect(ride.json().data?.imported, ride.body).toBe(1);
  await notifications.savePreferences(source.db, alice.id, { mail_types: ['comment'] });
  await setTagFollow({ db: source.db }, alice.id, '駅そば', true);
  await source.db.update(users).set({ mailOptIn: false }).where(eq(users.id, alice.id));
});

afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('making an archive', () => {
  it('is asked for, made in the background, mailed, and downloaded by its member only', async () => {
    const asked = await call(source, 'POST', '/archives', alice);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data).toMatchObject({ status: 'pending', progress: 0, can_request: false });
    // One a day.
    const again = await call(source, 'POST', '/archives', alice);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(ARCHIVE_MESSAGES.oncePerDay);

    expect(await source.app.archives.worker.drain()).toMatchObject({ built: 1, failed: 0 });
    const status = (await call(source, 'GET', '/archives/current', alice)).json().data.archive;
    expect(status).toMatchObject({ status: 'ready', progress: 100 });
    const mails = await source.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'archive-alice@example.jp'));
    expect(mails.map((mail) => mail.subject)).toContain(
      '【えきスポ】データのダウンロードの準備ができました',
    );

    // Not bob's: a 404 (never a 403, which would tell it exists).
    expect(
      (await call(source, 'GET', status.download_url.replace('/api/v2', ''), bob)).statusCode,
    ).toBe(404);
    const download = await call(source, 'GET', status.download_url.replace('/api/v2', ''), alice);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    zip = download.rawPayload;
    expect(zip.length).toBe(status.byte_size);
    files = unzipSync(new Uint8Array(zip));
    document = JSON.parse(strFromU8(files['archive.json']!));
  });

  it('holds every item, and archive.json validates against the published schema', async () => {
    const published = JSON.parse(await fs.readFile(schemaFile, 'utf8'));
    // The file in docs/ is the schema the code checks with (regenerate: UPDATE_ARCHIVE_SCHEMA=1).
    const generated = z.toJSONSchema(archiveDocumentSchema);
    if (process.env.UPDATE_ARCHIVE_SCHEMA)
      await fs.writeFile(schemaFile, `${JSON.stringify(generated, null, 2)}\n`);
    else expect(published).toEqual(JSON.parse(JSON.stringify(generated)));
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(published);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    // A document missing a section fails it: the check can fail.
    const withoutPosts: Partial<ArchiveDocument> = { ...document };
    delete withoutPosts.posts;
    expect(validate(withoutPosts)).toBe(false);
    expect(validate({ ...document, stamps: [{ station: { id: 1 }, lat: 35 }] })).toBe(false);

    expect(document.account).toMatchObject({
      name: 'アーカイブ花子',
      email: 'archive-alice@example.jp',
    });
    expect(document.posts.map((post) => post.kind)).toEqual(['spot', 'image']);
    const [spot, photo] = document.posts;
    expect(spot!.photos).toHaveLength(2);
    expect(photo!.parent_post_id).toBe(spot!.id);
    expect(spot!.comments.map((c) => c.body)).toEqual(['いいですね']);
    for (const file of [...spot!.photos, ...photo!.photos])
      expect(files[file.file]?.length).toBeGreaterThan(100);
    expect(document.comments_on_others.map((c) => c.body)).toEqual(['行ってみます']);
    expect(document.likes.map((l) => l.post_title)).toEqual(['新宿の展望台']);
    expect(document.wants).toHaveLength(1);
    expect(document.lists[0]!.items).toHaveLength(3);
    for (const listFile of Object.values(document.lists[0]!.files))
      expect(files[listFile]).toBeDefined();
    expect(strFromU8(files[document.lists[0]!.files.gpx]!)).toContain('<gpx');
    expect(document.stamps).toEqual([
      {
        station: { id: expect.any(Number), name: '東京' },
        collected_on: expect.any(String),
        record_only: false,
      },
    ]);
    expect(JSON.stringify(document.stamps)).not.toMatch(/lat|lng|distance/);
    expect(document.follows.map((f) => f.name)).toEqual(['駅めぐり太郎']);
    expect(document.followed_tags).toEqual(['駅そば']);
    expect(document.rides?.items).toHaveLength(1);
    expect(strFromU8(files['rides/rides.csv']!)).toContain('2024-03-05,JR山手線,品川,田町,朝');
    expect(JSON.parse(strFromU8(files['rides/rides.geojson']!)).type).toBe('FeatureCollection');
    expect(document.settings).toMatchObject({
      mail_opt_in: false,
      notification_mail_types: ['comment'],
    });
    const outbox = JSON.parse(strFromU8(files['outbox.json']!));
    expect(outbox).toMatchObject({ type: 'OrderedCollection', totalItems: 2 });
    expect(outbox.orderedItems[0].object.attachment).toHaveLength(2);
    const html = strFromU8(files['index.html']!);
    expect(html).toContain('駅前の喫茶店');
    expect(html).toContain(`src="${spot!.photos[0]!.file}"`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });
});

describe('importing an archive into another instance', () => {
  it('reproduces lists, posts with their photos byte for byte, stamps as 記録のみ and settings', async () => {
    dave = await member(target, 'archive-dave@example.jp', 'アーカイブ花子');
    await member(target, 'archive-bob2@example.jp', '駅めぐり太郎');
    const response = await importZip(target, dave, zip);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report.added).toEqual({
      posts: 2,
      photos: 3,
      lists: 1,
      stamps: 1,
      rides: 1,
      settings: true,
    });
    expect(report.follow_candidates).toEqual([
      { id: expect.any(String), name: '駅めぐり太郎', following: false },
    ]);

    const mine = await target.db.select().from(posts).where(eq(posts.userId, dave.id));
    expect(mine.map((post) => post.createdAt.toISOString()).sort()).toEqual(
      document.posts.map((post) => post.created_at).sort(),
    );
    expect(mine.every((post) => post.importedAt !== null)).toBe(true);
    const spot = mine.find((post) => post.kind === 'spot')!;
    const child = mine.find((post) => post.kind === 'image')!;
    expect(child.parentPostId).toBe(spot.id);
    const view = (await call(target, 'GET', `/posts/${spot.id}`, dave)).json().data;
    expect(view.imported).toBe(true);
    expect(view.images).toHaveLength(2);
    for (const [index, image] of view.images.entries()) {
      const served = await target.app.inject(`/api/v2/image/${image.id}?size=full`);
      expect(
        Buffer.compare(
          served.rawPayload,
          Buffer.from(files[document.posts[0]!.photos[index]!.file]!),
        ),
      ).toBe(0);
    }
    const [list] = await target.db.select().from(lists).where(eq(lists.userId, dave.id));
    expect(list).toMatchObject({ title: '東京めぐり', itemCount: 2 });
    const [stamp] = await target.db.select().from(stamps).where(eq(stamps.userId, dave.id));
    expect(stamp).toMatchObject({ recordOnly: true, distanceBucket: null });
    const book = await call(target, 'GET', `/users/${dave.id}/stamps`, dave);
    expect(book.json().data.items[0]).toMatchObject({ record_only: true });
    // Not counted among the members who stamped the station.
    const station = await call(target, 'GET', `/stations/${stamp!.stationGroupId}/stamp`, dave);
    expect(station.json().data.stamp_count).toBe(0);
    const [account] = await target.db.select().from(users).where(eq(users.id, dave.id));
    expect(account!.mailOptIn).toBe(false);
    expect(await notifications.getPreferences(target.db, dave.id)).toEqual({
      mail_types: ['comment'],
    });
    expect((await listFollowedTags({ db: target.db }, dave.id)).items).toEqual([
      { name: '駅そば' },
    ]);
  });

  it('adds nothing the second time', async () => {
    const before = await counts(target);
    const response = await importZip(target, dave, zip);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.added).toEqual({
      posts: 0,
      photos: 0,
      lists: 0,
      stamps: 0,
      rides: 0,
      settings: false,
    });
    expect(await counts(target)).toEqual(before);
  });

  const refusals: [string, () => Buffer, string][] = [
    [
      'a truncated ZIP',
      () => zip.subarray(0, Math.floor(zip.length / 2)),
      ARCHIVE_MESSAGES.truncated,
    ],
    [
      'a path-traversal entry',
      () => Buffer.from(zipSync({ ...files, '../x': strToU8('x') })),
      ARCHIVE_MESSAGES.unsafeEntry('../x'),
    ],
    [
      'a file that is no ZIP',
      () => Buffer.from('これはZIPではありません'),
      ARCHIVE_MESSAGES.notAnArchive,
    ],
    [
      'a newer schema',
      () =>
        Buffer.from(
          zipSync({
            ...files,
            'archive.json': strToU8(JSON.stringify({ ...document, schema_version: 99 })),
          }),
        ),
      ARCHIVE_MESSAGES.newerSchema(99),
    ],
    [
      'a damaged photo',
      () => {
        const name = document.posts[1]!.photos[0]!.file;
        const other = { ...document, account: { ...document.account, id: 'someone-else' } };
        return Buffer.from(
          zipSync({
            ...files,
            'archive.json': strToU8(JSON.stringify(other)),
            [name]: strToU8('RIFF....WEBPVP8 broken'),
          }),
        );
      },
      '',
    ],
  ];
  it.each(refusals)(
    'refuses %s with a Japanese reason and writes nothing',
    async (_, bytes, message) => {
      const fresh = await member(
        target,
        `archive-${Math.random().toString(36).slice(2)}@example.jp`,
        '新人',
      );
      const before = await counts(target);
      const response = await importZip(target, fresh, bytes());
      expect(response.statusCode).toBe(422);
      const expected = message || ARCHIVE_MESSAGES.damagedPhoto(document.posts[1]!.photos[0]!.file);
      expect(response.json()).toMatchObject({ message: expected, errors: { archive: [expected] } });
      expect(await counts(target)).toEqual(before);
    },
  );
});

describe('expiry', () => {
  it('stops the link after 7 days and deletes the file', async () => {
    const url = (await call(source, 'GET', '/archives/current', alice)).json().data.archive
      .download_url;
    now = new Date(now.getTime() + 8 * DAY);
    expect((await call(source, 'GET', url.replace('/api/v2', ''), alice)).statusCode).toBe(404);
    expect(
      (await call(source, 'GET', '/archives/current', alice)).json().data.archive,
    ).toMatchObject({
      status: 'expired',
      can_request: true,
    });
    expect((await source.app.archives.worker.drain()).deleted).toBe(1);
    const [row] = await source.db
      .select()
      .from(archiveJobs)
      .where(eq(archiveJobs.userId, alice.id));
    expect(row!.storageKey).toBeNull();
    const left = await fs.readdir(path.join(source.storageRoot, 'archives')).catch(() => []);
    expect(left).toEqual([]);
  });

  it('takes over a job whose process died mid-way (its lease ran out) and makes it again', async () => {
    const carol = await member(source, 'archive-carol@example.jp', '途中の人');
    await source.db.insert(archiveJobs).values({
      userId: carol.id,
      requestedOn: '2026-11-27',
      status: 'running',
      attempts: 1,
      itemsDone: 3,
      itemsTotal: 10,
      leaseUntil: new Date(Date.now() - 1_000),
    });
    expect((await source.app.archives.worker.drain()).built).toBe(1);
    const status = (await call(source, 'GET', '/archives/current', carol)).json().data.archive;
    expect(status).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('deletes the archive of a member who leaves', async () => {
    const archives = path.join(source.storageRoot, 'archives');
    const before = (await fs.readdir(archives).catch(() => [])).sort();
    expect((await call(source, 'POST', '/archives', bob)).statusCode).toBe(202);
    expect((await source.app.archives.worker.drain()).built).toBe(1);
    expect(await fs.readdir(archives)).toHaveLength(before.length + 1);
    await source.db.delete(users).where(eq(users.id, bob.id));
    expect((await source.app.archives.worker.drain()).deleted).toBe(1);
    expect((await fs.readdir(archives)).sort()).toEqual(before);
    expect(await source.db.select().from(archiveJobs).where(isNull(archiveJobs.userId))).toEqual(
      [],
    );
  });
});
