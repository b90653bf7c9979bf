import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { images, postImages, posts, stationGroups } from '../../db/schema/index.js';

/** What a link preview needs of a post: one query, plus its first photo. */
export async function findPostPreview(db: Database, id: string) {
  const [row] = await db
    .select({
      id: posts.id,
      kind: posts.kind,
      title: posts.title,
      body: posts.body,
      startsAt: posts.startsAt,
      endsAt: posts.endsAt,
      stationName: stationGroups.name,
      imageId: images.id,
      imageWidth: images.width,
      imageHeight: images.height,
    })
    .from(posts)
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(postImages, eq(postImages.postId, posts.id))
    .leftJoin(images, eq(images.id, postImages.imageId))
    .where(eq(posts.id, id))
    .orderBy(asc(postImages.position))
    .limit(1);
  return row ?? null;
}

export type PostPreviewRow = NonNullable<Awaited<ReturnType<typeof findPostPreview>>>;
