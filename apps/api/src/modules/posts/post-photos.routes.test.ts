import { IMAGE_SIZES } from '@ekispot/shared';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { expectNoMetadata } from '../../../test/fixtures/images/image-assertions.js';
import { jpegWithGps, readGpsFromExif } from '../../../test/fixtures/images/image-fixtures.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  pngFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { images, postImages, posts } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let alice: TestAuth;
let bob: TestAuth;
let tokyo: string;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  alice = { token: (await accounts.insertMemberAndLogIn('photo-alice@example.jp')).token };
  bob = { token: (await accounts.insertMemberAndLogIn('photo-bob@example.jp')).token };
  tokyo = String(await stationGroupIdOf(ctx.db, '東京', 13));
});
afterAll(async () => {
  await ctx?.close();
});

async function countRows() {
  const [postRows, imageRows] = await Promise.all([
    ctx.db.select({ id: posts.id }).from(posts),
    ctx.db.select({ id: images.id }).from(images),
  ]);
  return { posts: postRows.length, images: imageRows.length, files: await ctx.countImageFiles() };
}

const photoIds = (post: { images: { id: string }[] }) => post.images.map((image) => image.id);

describe('photos are re-encoded and stripped', () => {
  it('serves no EXIF or GPS from a photo that carried a position', async () => {
    const original = await jpegWithGps(800, 600);
    expect(readGpsFromExif((await sharp(original).metadata()).exif)).not.toBeNull();

    const post = await client.createdPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': { bytes: original, filename: 'gps.jpg', type: 'image/jpeg' },
    });
    for (const size of IMAGE_SIZES) {
      const served = await ctx.app.inject(`/api/v2/image/${post.images[0]!.id}?size=${size}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(readGpsFromExif(meta.exif)).toBeNull();
      expectNoMetadata(served.rawPayload);
    }
  });
});

describe('a failed request leaves nothing behind', () => {
  it('stores no photo when a field is invalid', async () => {
    const before = await countRows();
    const response = await client.createPost(alice, {
      kind: 'spot',
      ...NEAR_TOKYO_STATION,
      'images[0]': await photoFile(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ title: ['スポット名を入力してください。'] });
    expect(await countRows()).toEqual(before);
  });

  it('removes the photos already stored when a later one is not an image', async () => {
    const before = await countRows();
    const response = await client.createPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': await photoFile(),
      'images[1]': await pngFile(),
      'images[2]': { bytes: Buffer.from('<svg onload="alert(1)"/>'), filename: 'x.png' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['images.2']);
    expect(response.json().errors['images.2'][0]).toContain('対応していない画像形式');
    expect(await countRows()).toEqual(before);
  });

  it('refuses too many, too large and misnamed files', async () => {
    const before = await countRows();
    const png = await pngFile();
    const eleven = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`images[${i}]`, png] as const),
    );
    const tooMany = await client.createPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      ...eleven,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.images).toEqual(['写真は10枚まで登録できます。']);

    const tooLarge = await client.createPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': { bytes: Buffer.alloc(20 * 1024 * 1024 + 1, 0xff), filename: 'big.jpg' },
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().errors['images.0'][0]).toContain('20MB以下');

    const misnamed = await client.createPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      photo: png,
    });
    expect(misnamed.json().errors).toHaveProperty('photo');
    expect(await countRows()).toEqual(before);
  });
});

describe('PATCH /api/v2/posts/{postId} photos', () => {
  it('reorders, removes and adds photos in one edit', async () => {
    const post = await client.createdPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': await photoFile('a.jpg'),
      'images[1]': await photoFile('b.jpg'),
      'images[2]': await pngFile('c.png'),
    });
    const [a, b, c] = photoIds(post) as [string, string, string];
    const filesBefore = await ctx.countImageFiles();

    const edited = await client.updatePost(alice, post.id, {
      'images[0]': c,
      'images[1]': await pngFile('new.png'),
      'images[2]': a,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('投稿を更新しました。');
    const ids = photoIds(edited.json().data);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(c);
    expect(ids[2]).toBe(a);
    expect([a, b, c]).not.toContain(ids[1]);
    // b went (row and both files), the new photo came: the file count is unchanged.
    expect(await ctx.countImageFiles()).toBe(filesBefore);
    expect(await ctx.db.select().from(images).where(eq(images.id, b))).toEqual([]);
    expect((await ctx.app.inject(`/api/v2/image/${b}`)).statusCode).toBe(404);

    // Text-only fields leave the photos alone.
    const titled = await client.updatePost(alice, post.id, { title: '夕方の東京駅' });
    expect(photoIds(titled.json().data)).toEqual(ids);
  });

  it('refuses photos of other posts and duplicates, storing nothing', async () => {
    const mine = await client.createdPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': await photoFile(),
    });
    const theirs = await client.createdPost(bob, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': await photoFile(),
    });
    const before = await countRows();

    const foreign = await client.updatePost(alice, mine.id, {
      'images[0]': photoIds(mine)[0]!,
      'images[1]': photoIds(theirs)[0]!,
      'images[2]': await photoFile(),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'images.1': ['この投稿の写真ではありません。'] });

    const twice = await client.updatePost(alice, mine.id, {
      'images[0]': photoIds(mine)[0]!,
      'images[1]': photoIds(mine)[0]!,
    });
    expect(twice.json().errors).toEqual({ 'images.1': ['同じ写真が2回指定されています。'] });

    const notId = await client.updatePost(alice, mine.id, { 'images[0]': 'abc' });
    expect(notId.json().errors).toEqual({ 'images.0': ['写真の指定が正しくありません。'] });

    // An image post keeps at least one photo.
    const cleared = await client.updatePost(alice, mine.id, { images_cleared: 'true' });
    expect(cleared.json().errors).toEqual({ images: ['写真を1枚以上選んでください。'] });
    expect(await countRows()).toEqual(before);
    const kept = await ctx.db
      .select({ imageId: postImages.imageId })
      .from(postImages)
      .where(eq(postImages.postId, mine.id));
    expect(kept.map((row) => row.imageId)).toEqual(photoIds(mine));
  });

  it('takes slots in index order when a form skips numbers', async () => {
    const post = await client.createdPost(alice, {
      kind: 'image',
      station_group_id: tokyo,
      'images[0]': await photoFile(),
    });
    const [kept] = photoIds(post);
    const updated = await client.updatePost(alice, post.id, {
      'images[5]': await pngFile(),
      'images[0]': kept!,
      'images[2]': await photoFile(),
    });
    expect(updated.statusCode).toBe(200);
    const images = updated.json().data.images as { id: string; width: number }[];
    expect(images).toHaveLength(3);
    expect(images[0]!.id).toBe(kept);
    // images[2] is the 640 px JPEG, images[5] the 32 px PNG.
    expect(images.slice(1).map((image) => image.width)).toEqual([640, 32]);
  });

  it('clears every photo of a spot with images_cleared', async () => {
    const before = await ctx.countImageFiles();
    const spot = await client.createdPost(alice, {
      kind: 'spot',
      title: '写真つきスポット',
      ...NEAR_TOKYO_STATION,
      'images[0]': await photoFile(),
      'images[1]': await photoFile(),
    });
    expect(await ctx.countImageFiles()).toBe(before + 4);
    const cleared = await client.updatePost(alice, spot.id, { images_cleared: 'true' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.images).toEqual([]);
    expect(await ctx.countImageFiles()).toBe(before);
    expect(
      await ctx.db
        .select()
        .from(images)
        .where(inArray(images.id, photoIds(spot))),
    ).toEqual([]);
  });
});

describe('DELETE /api/v2/posts/{postId}', () => {
  it('removes the post with the owner’s attached posts and photos, and keeps everyone else’s', async () => {
    const before = await countRows();
    const spot = await client.createdPost(alice, {
      kind: 'spot',
      title: '消すスポット',
      ...NEAR_TOKYO_STATION,
      'images[0]': await photoFile(),
    });
    // Alice's own event at the spot goes with it; Bob's posts attached to either stay.
    const ownEvent = await client.createdPost(alice, {
      kind: 'event',
      title: '自分のイベント',
      starts_at: '2026-06-02T10:00:00+09:00',
      ends_at: '2026-06-02T12:00:00+09:00',
      parent_post_id: spot.id,
      'images[0]': await photoFile(),
    });
    const bobPhoto = await client.createdPost(bob, {
      kind: 'image',
      parent_post_id: spot.id,
      'images[0]': await photoFile(),
      'images[1]': await pngFile(),
    });
    const bobEvent = await client.createdPost(bob, {
      kind: 'event',
      title: 'スポットでのイベント',
      starts_at: '2026-06-01T10:00:00+09:00',
      ends_at: '2026-06-01T12:00:00+09:00',
      parent_post_id: spot.id,
    });
    const alicePhotoOfBobEvent = await client.createdPost(alice, {
      kind: 'image',
      parent_post_id: bobEvent.id,
      'images[0]': await photoFile(),
    });
    const bobPhotoOfOwnEvent = await client.createdPost(bob, {
      kind: 'image',
      parent_post_id: ownEvent.id,
      'images[0]': await photoFile(),
    });
    expect(await ctx.countImageFiles()).toBe(before.files + 12);

    const deleted = await client.json('DELETE', `/posts/${spot.id}`, alice);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      success: true,
      message: '投稿を削除しました。',
      data: null,
    });
    for (const id of [spot.id, ownEvent.id]) {
      expect((await client.json('GET', `/posts/${id}`)).statusCode).toBe(404);
    }
    // Four posts and eight files (two per photo) remain.
    expect(await countRows()).toEqual({
      posts: before.posts + 4,
      images: before.images + 4,
      files: before.files + 8,
    });

    const read = async (id: string) => (await client.json('GET', `/posts/${id}`)).json().data;
    // Bob's photo and event now stand alone at the spot's station; the event keeps its place.
    expect(await read(bobPhoto.id)).toMatchObject({
      parent_post_id: null,
      station_group_id: spot.station_group_id,
      lat: null,
      images: bobPhoto.images,
    });
    expect(await read(bobEvent.id)).toMatchObject({
      parent_post_id: null,
      station_group_id: spot.station_group_id,
      lat: spot.lat,
      lng: spot.lng,
    });
    expect(await read(bobPhotoOfOwnEvent.id)).toMatchObject({
      parent_post_id: null,
      station_group_id: spot.station_group_id,
    });
    // Alice's photo hangs from Bob's event, which stays, so it stays with it.
    expect(await read(alicePhotoOfBobEvent.id)).toMatchObject({ parent_post_id: bobEvent.id });
    expect((await client.json('DELETE', `/posts/${spot.id}`, alice)).statusCode).toBe(404);
  });

  it('moves another member’s photo of a removed event up to the spot the event was at', async () => {
    const spot = await client.createdPost(bob, {
      kind: 'spot',
      title: '残るスポット',
      ...NEAR_TOKYO_STATION,
    });
    const event = await client.createdPost(alice, {
      kind: 'event',
      title: '中止するイベント',
      starts_at: '2026-07-01T10:00:00+09:00',
      ends_at: '2026-07-01T12:00:00+09:00',
      parent_post_id: spot.id,
    });
    const photo = await client.createdPost(bob, {
      kind: 'image',
      parent_post_id: event.id,
      'images[0]': await photoFile(),
    });

    expect((await client.json('DELETE', `/posts/${event.id}`, alice)).statusCode).toBe(200);
    const moved = (await client.json('GET', `/posts/${photo.id}`)).json().data;
    expect(moved).toMatchObject({ parent_post_id: spot.id, images: photo.images });
  });
});
