import { POST_KIND_LABELS } from '@ekispot/shared';
import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import { getImage, openImage, type ImageStorage } from '../images/images.service.js';
import { findListPreview, listItems } from '../lists/lists.service.js';
import { getStampSvg, renderStamp } from '../stamps/stamps.service.js';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  buildListCardSvg,
  buildPhotoOverlaySvg,
  buildPostCardSvg,
  buildStationCardSvg,
} from './og-card.js';
import { findStationCard } from './og.repository.js';
import { postTitle } from './post-title.js';
import { findPostPreview } from './share.repository.js';

/**
 * The generated link-preview images, 1200×630 PNG (docs/seo.md#link-preview-images). Each is
 * keyed by a hash of everything it is drawn from (its data version), which is also its ETag: a
 * new title or photo is a new image, and the same data is drawn once per process while it stays
 * in the bounded cache below.
 */

export interface OgDeps {
  db: Database;
  storage: ImageStorage;
}

export interface OgImage {
  body: Buffer;
  etag: string;
}

/** Raised when the drawing changes, so every card is drawn again and caches revalidate. */
const DESIGN_VERSION = 1;
const CACHE_ENTRIES = 200;
const CACHE_BYTES = 48 * 1024 * 1024;
const NOT_FOUND = '画像が見つかりませんでした。';

/**
 * Least recently used first; a drawing in flight is shared by every request that wants it. The
 * map images (map-image.service.ts) are kept here too, within the same bounds.
 */
const cache = new Map<string, { image: Promise<OgImage>; bytes: number }>();
let cachedBytes = 0;

function evict() {
  for (const [key, entry] of cache) {
    if (cache.size <= CACHE_ENTRIES && cachedBytes <= CACHE_BYTES) return;
    cache.delete(key);
    cachedBytes -= entry.bytes;
  }
}

export function cached(version: unknown[], draw: () => Promise<Buffer>): Promise<OgImage> {
  const hash = createHash('sha256').update(JSON.stringify([DESIGN_VERSION, ...version]));
  const etag = `"${hash.digest('base64url').slice(0, 22)}"`;
  const hit = cache.get(etag);
  if (hit) {
    cache.delete(etag);
    cache.set(etag, hit);
    return hit.image;
  }
  const entry = { image: draw().then((body) => ({ body, etag })), bytes: 0 };
  cache.set(etag, entry);
  entry.image.then(
    ({ body }) => {
      if (cache.get(etag) !== entry) return;
      entry.bytes = body.length;
      cachedBytes += body.length;
      evict();
    },
    () => {
      if (cache.get(etag) === entry) cache.delete(etag);
    },
  );
  evict();
  return entry.image;
}

const toPng = (image: Sharp) => image.png({ compressionLevel: 9 }).toBuffer();

/** The stamp's ink, for the card's top band (the stamp is drawn in one colour). */
const inkOf = (stampSvg: string) => /stroke="([^"]+)"/.exec(stampSvg)?.[1] ?? '#1b5e20';

/** Katakana to hiragana, as station signs write the reading. */
const hiragana = (text: string) =>
  text.replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));

export async function getStationOgImage(deps: OgDeps, stationGroupId: number): Promise<OgImage> {
  const [station, stampSvg] = await Promise.all([
    findStationCard(deps.db, stationGroupId),
    getStampSvg(deps.db, stationGroupId),
  ]);
  if (!station || !stampSvg) throw notFound(NOT_FOUND);
  const card = {
    name: station.name,
    reading: hiragana(station.reading),
    prefectureName: station.prefectureName,
    closed: station.closed,
    lines: station.lines.map(({ name, color }) => ({ name, color })),
    ink: inkOf(stampSvg),
  };
  return cached(['station', card, stampSvg], async () => {
    const stamp = await sharp(await renderStamp(stampSvg, 'png', 440))
      .rotate(-6, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .toBuffer({ resolveWithObject: true });
    const { width, height } = stamp.info;
    return toPng(
      sharp(Buffer.from(buildStationCardSvg(card))).composite([
        {
          input: stamp.data,
          left: Math.round(290 - width / 2),
          top: Math.round(CARD_HEIGHT / 2 + 8 - height / 2),
        },
      ]),
    );
  });
}

const japanDay = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
});

export async function getPostOgImage(deps: OgDeps, postId: string): Promise<OgImage> {
  const row = await findPostPreview(deps.db, postId);
  if (!row) throw notFound(NOT_FOUND);
  const where = row.stationName ? `${row.stationName}駅` : '';
  const when = row.kind === 'event' && row.startsAt ? `${japanDay.format(row.startsAt)}開催` : '';
  const card = {
    title: postTitle(row),
    kind: row.kind,
    kindLabel: POST_KIND_LABELS[row.kind],
    meta: [when, where].filter(Boolean).join('・') || 'えきスポの投稿',
  };
  const imageId = row.imageId;
  if (!imageId)
    return cached(['post', card], () => toPng(sharp(Buffer.from(buildPostCardSvg(card)))));
  return cached(['post', card, imageId], async () => {
    const stored = await openImage(deps.storage, await getImage(deps.db, imageId), 'full');
    const photo = Buffer.concat(await stored.stream.toArray());
    const cropped = await sharp(photo)
      .rotate()
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' })
      .toBuffer();
    return toPng(sharp(cropped).composite([{ input: Buffer.from(buildPhotoOverlaySvg(card)) }]));
  });
}

export async function getListOgImage(deps: OgDeps, listId: string): Promise<OgImage> {
  // A private list has no image, as it has no preview: to a crawler it does not exist.
  const list = await findListPreview(deps.db, listId);
  if (!list) throw notFound(NOT_FOUND);
  const { items } = await listItems({ db: deps.db }, list.id, null);
  const card = {
    title: list.title,
    ownerName: list.user.name,
    itemCount: list.item_count,
    points: items.flatMap(({ lat, lng }) => (lat !== null && lng !== null ? [{ lat, lng }] : [])),
  };
  return cached(['list', card], () => toPng(sharp(Buffer.from(buildListCardSvg(card)))));
}

/** The cards' addresses, written into the pages' heads. */
export const ogImagePath = (kind: 'station' | 'post' | 'list', id: string | number) =>
  `/api/v2/og/${kind}/${id}.png`;
