import {
  STAMP_CLOCK_SKEW_MS,
  STAMP_DISTANCE_BUCKET_M,
  STAMP_MAX_ACCURACY_M,
  STAMP_MAX_DISTANCE_M,
  STAMP_MAX_SPEED_KMH,
  STAMP_MESSAGES as M,
  STAMP_QUEUED_MAX_AGE_HOURS,
  type StampCheckIn,
  type StampCheckInBody,
  type StampImageFormat,
  type StampSummary,
  type StationStampState,
} from '@ekispot/shared';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { lockMember } from '../../db/member-lock.js';
import { isUniqueViolation, isForeignKeyViolation } from '../../lib/db-errors.js';
import { haversineMetres, type LatLng } from '../../lib/geo.js';
import {
  HttpError,
  conflict,
  notFound,
  unauthenticated,
  validationFailed,
} from '../../lib/http-error.js';
import { japanDateOf } from '../../lib/japan-time.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import * as stations from '../stations/stations.service.js';
import * as users from '../users/users.service.js';
import { buildStampSvg, renderStamp, type StampDesign } from './stamp-image.js';
import * as repository from './stamps.repository.js';

/** Station stamps (docs/stamps.md). No Fastify types here. */

export interface StampsDeps {
  db: Database;
  /** The time a check-in happens at (tests move it to check the speed rule). */
  clock: () => Date;
}

type StampStation = NonNullable<Awaited<ReturnType<typeof stations.findStampStation>>>;

async function findStationOr404(db: Database, stationGroupId: number): Promise<StampStation> {
  const station = await stations.findStampStation(db, stationGroupId);
  if (!station) throw notFound(M.stationNotFound);
  return station;
}

/** Distance from the device to the nearest point of the group: its centre or an open station. */
function distanceToGroup(station: StampStation, position: LatLng): number {
  const points = [station, ...station.members.filter((member) => !member.closed)];
  return Math.min(...points.map((point) => haversineMetres(point, position)));
}

/** km/h between two stamps; moving at all with no time between them is infinitely fast. */
function speedKmh(distanceM: number, elapsedMs: number): number {
  if (distanceM === 0) return 0;
  if (elapsedMs <= 0) return Number.POSITIVE_INFINITY;
  return distanceM / 1000 / (elapsedMs / 3_600_000);
}

/**
 * When the check-in happened: now, or when a check-in queued offline measured its position
 * (docs/stamps.md#queued-check-ins). A time a little ahead of ours is a drifting clock.
 */
function checkInTime(now: Date, measuredAt: string | undefined): Date {
  if (measuredAt === undefined) return now;
  const at = new Date(measuredAt);
  if (at.getTime() > now.getTime() + STAMP_CLOCK_SKEW_MS)
    throw validationFailed({ measured_at: [M.measuredInFuture] }, M.measuredInFuture);
  if (now.getTime() - at.getTime() > STAMP_QUEUED_MAX_AGE_HOURS * 3_600_000)
    throw validationFailed({ measured_at: [M.measuredTooLongAgo] }, M.measuredTooLongAgo);
  return at < now ? at : now;
}

/**
 * A check-in: the device position decides, and is then forgotten (only the 100 m band is kept).
 * Checks in order: the station exists and is open, the position is accurate enough and close
 * enough, the member has no stamp here yet, and the trip from their last stamp was possible.
 */
export async function checkIn(
  deps: StampsDeps,
  userId: string,
  stationGroupId: number,
  body: StampCheckInBody,
): Promise<StampCheckIn> {
  const at = checkInTime(deps.clock(), body.measured_at);
  const station = await findStationOr404(deps.db, stationGroupId);
  if (await repository.findStamp(deps.db, userId, stationGroupId))
    throw conflict(M.alreadyCollected);
  if (station.closed)
    throw validationFailed({ station_group_id: [M.closedStation] }, M.closedStation);
  if (body.accuracy_m > STAMP_MAX_ACCURACY_M) {
    const message = M.tooInaccurate(Math.round(body.accuracy_m));
    throw validationFailed({ accuracy_m: [message] }, message);
  }
  const distanceM = distanceToGroup(station, { lat: body.lat, lng: body.lng });
  if (distanceM > STAMP_MAX_DISTANCE_M) {
    const message = M.tooFar(Math.ceil(distanceM));
    throw validationFailed({ lat: [message], lng: [message] }, message);
  }

  try {
    const stamp = await inTransaction(deps.db, async (tx) => {
      // One member's check-ins are decided one at a time (the speed rule).
      if (!(await lockMember(tx, userId))) throw unauthenticated();
      if (await repository.findStamp(tx, userId, stationGroupId))
        throw conflict(M.alreadyCollected);
      for (const other of await repository.findStampsAround(tx, userId, at)) {
        const from = await findStationOr404(tx, other.stationGroupId);
        const speed = speedKmh(
          haversineMetres(from, station),
          Math.abs(at.getTime() - other.collectedAt.getTime()),
        );
        if (speed > STAMP_MAX_SPEED_KMH) {
          const message = M.tooFast(Number.isFinite(speed) ? Math.round(speed) : 99_999);
          throw validationFailed({ collected_at: [message] }, message);
        }
      }
      const row = await repository.insertStamp(tx, {
        userId,
        stationGroupId,
        distanceBucket: Math.floor(distanceM / STAMP_DISTANCE_BUCKET_M),
        collectedAt: at,
      });
      await recordEvent(tx, { type: 'stamped', userId, stationGroupId, at: row.collectedAt });
      return row;
    });
    return {
      id: stamp.id,
      station: { id: station.id, name: station.name, prefecture_name: station.prefectureName },
      collected_on: japanDateOf(stamp.collectedAt),
      collected_at: stamp.collectedAt.toISOString(),
      // A check-in always has its band; only 「記録のみ」 stamps (imports) have none.
      distance_bucket: stamp.distanceBucket ?? 0,
      stamp_count: await repository.countStampsOfStation(deps.db, stationGroupId),
      my_stamp_count: await repository.countStampsOfMember(deps.db, userId),
    };
  } catch (error) {
    // Two check-ins at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(M.alreadyCollected);
    // The member left while checking in: nothing was written.
    if (isForeignKeyViolation(error)) throw new HttpError('UNAUTHENTICATED');
    throw error;
  }
}

/** What the station page's button shows. */
export async function getStationStampState(
  db: Database,
  viewerId: string | null,
  stationGroupId: number,
): Promise<StationStampState> {
  await findStationOr404(db, stationGroupId);
  const [mine, stampCount] = await Promise.all([
    viewerId ? repository.findStamp(db, viewerId, stationGroupId) : null,
    repository.countStampsOfStation(db, stationGroupId),
  ]);
  return {
    stamped_by_me: mine !== null,
    collected_on: mine ? japanDateOf(mine.collectedAt) : null,
    stamp_count: stampCount,
  };
}

/**
 * The stamp book's completion: stamped open groups per prefecture (all 47, for the map) and per
 * line (those with a stamp, most complete first), against totals built once per data version.
 */
export async function getSummary(
  db: Database,
  userId: string,
  viewerId: string | null,
): Promise<StampSummary> {
  const hidden = await users.findTabHidden(db, userId, viewerId);
  const totals = await stations.getCompletionTotals(db);
  const groupIds = hidden ? [] : await repository.findStampedGroupIds(db, userId);
  const perPrefecture = new Map<number, number>();
  const perLine = new Map<number, number>();
  let stamped = 0;
  for (const groupId of groupIds) {
    const prefectureId = totals.prefectureOf.get(groupId);
    // A group closed since it was stamped stays in the book but not in the completion.
    if (prefectureId === undefined) continue;
    stamped += 1;
    perPrefecture.set(prefectureId, (perPrefecture.get(prefectureId) ?? 0) + 1);
    for (const lineId of totals.linesOf.get(groupId) ?? [])
      perLine.set(lineId, (perLine.get(lineId) ?? 0) + 1);
  }
  const lines = [...perLine.entries()]
    .flatMap(([lineId, count]) => {
      const line = totals.lines.get(lineId);
      return line ? [{ ...line, stamped: count }] : [];
    })
    .sort(
      (a, b) => b.stamped / b.total - a.stamped / a.total || b.stamped - a.stamped || a.id - b.id,
    );
  return {
    stamped,
    total: totals.total,
    prefectures: totals.prefectures.map((prefecture) => ({
      ...prefecture,
      stamped: perPrefecture.get(prefecture.id) ?? 0,
    })),
    lines,
    hidden,
  };
}

/* ---- The stamp image ---- */

export interface StampImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<StampImageFormat, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Images built on first request and kept, keyed by everything they are drawn from (a renamed
 * station makes a new entry). Bounded: the oldest entry goes first once it is full.
 */
const imageCache = new Map<string, Promise<StampImage>>();
const IMAGE_CACHE_ENTRIES = 2_000;

function designOf(station: StampStation): StampDesign {
  const line = station.members.find((member) => !member.closed) ?? station.members[0];
  return {
    stationGroupId: station.id,
    name: station.name,
    lineName: line?.lineName ?? '',
    lineColor: line?.lineColor ?? '',
    prefectureId: station.prefectureId,
    prefectureName: station.prefectureName,
  };
}

async function drawImage(
  design: StampDesign,
  format: StampImageFormat,
  size: number,
): Promise<StampImage> {
  const svg = buildStampSvg(design);
  const body = format === 'svg' ? Buffer.from(svg, 'utf8') : await renderStamp(svg, format, size);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, contentType: CONTENT_TYPES[format], etag };
}

export async function getStampImage(
  db: Database,
  stationGroupId: number,
  format: StampImageFormat,
  size: number,
): Promise<StampImage> {
  const design = designOf(await findStationOr404(db, stationGroupId));
  const key = JSON.stringify([design, format, format === 'svg' ? 0 : size]);
  let image = imageCache.get(key);
  if (!image) {
    image = drawImage(design, format, size);
    image.catch(() => imageCache.delete(key));
    if (imageCache.size >= IMAGE_CACHE_ENTRIES) {
      const oldest = imageCache.keys().next().value;
      if (oldest !== undefined) imageCache.delete(oldest);
    }
    imageCache.set(key, image);
  }
  return image;
}

/**
 * The stamp drawn for another module's picture of the station (the link-preview card,
 * docs/seo.md#link-preview-images), with the text outlining it uses; null for no station.
 */
export async function getStampSvg(db: Database, stationGroupId: number): Promise<string | null> {
  const station = await stations.findStampStation(db, stationGroupId);
  return station ? buildStampSvg(designOf(station)) : null;
}
export { renderStamp } from './stamp-image.js';
export { measureText, outlineText } from './stamp-font.js';
