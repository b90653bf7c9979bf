import { isInJapan, POST_BODY_MAX, POST_IMAGES_MAX, POST_TITLE_MAX } from '@ekispot/shared';
import type { PostKind } from '@ekispot/shared';
import { z } from 'zod';
import { messages } from '../../../config/messages';
import { isJapanLocalDateTime, japanLocalToEpoch } from '../../../lib/japan-time';
import { photoFileProblem } from '../utils/photo-items';
import type { PhotoItem } from '../utils/photo-items';

const text = messages.postEditor.validation;

/** Where an event takes place: a station, its own point on the map, or the spot it belongs to. */
export type EventLocationMode = 'station' | 'point' | 'parent';

export interface PickedStation {
  id: number;
  name: string;
  prefectureName: string;
}

export interface MapPoint {
  lat: number;
  lng: number;
}

/**
 * The station a new post's form was opened from (投稿 on its page): an event starts at it, and a
 * spot's map (or an event's, placed on the map) opens around it.
 */
export interface StartStation extends PickedStation, MapPoint {}

/**
 * Every field of every kind's form; each kind uses its own subset
 * (docs/posts.md#kinds-and-their-rules).
 */
export interface PostFormValues {
  title: string;
  body: string;
  /** A spot's place, or an event's when `locationMode` is 'point'. */
  point: MapPoint | null;
  locationMode: EventLocationMode;
  station: PickedStation | null;
  /** datetime-local values, read as Japan time. */
  startsAt: string;
  endsAt: string;
  photos: PhotoItem[];
}

export type PostFormField = keyof PostFormValues;

export interface PostFormRules {
  kind: PostKind;
  /** Whether the post has (or will have) a parent spot, which an event may take place at. */
  hasParent: boolean;
}

const baseSchema = z.object({
  title: z.string(),
  body: z.string(),
  point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  locationMode: z.enum(['station', 'point', 'parent']),
  station: z.object({ id: z.number(), name: z.string(), prefectureName: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  photos: z.array(
    z.custom<PhotoItem>(
      (value) => typeof value === 'object' && value !== null && 'key' in value && 'source' in value,
    ),
  ),
});

type Issue = { path: PostFormField; message: string };

function pointIssues(point: MapPoint | null): Issue[] {
  if (!point) return [{ path: 'point', message: text.pointRequired }];
  // The server's rule (shared JAPAN_AREA): Seoul is abroad, Yonaguni is not.
  if (!isInJapan(point.lat, point.lng)) return [{ path: 'point', message: text.pointOutsideJapan }];
  return [];
}

function dateIssues(values: PostFormValues): Issue[] {
  const issues: Issue[] = [];
  const starts = values.startsAt.trim();
  const ends = values.endsAt.trim();
  if (starts === '') issues.push({ path: 'startsAt', message: text.startsAtRequired });
  else if (!isJapanLocalDateTime(starts))
    issues.push({ path: 'startsAt', message: text.dateTimeInvalid });
  if (ends === '') issues.push({ path: 'endsAt', message: text.endsAtRequired });
  else if (!isJapanLocalDateTime(ends))
    issues.push({ path: 'endsAt', message: text.dateTimeInvalid });
  const startEpoch = japanLocalToEpoch(starts);
  const endEpoch = japanLocalToEpoch(ends);
  if (startEpoch !== null && endEpoch !== null && startEpoch >= endEpoch) {
    issues.push({ path: 'endsAt', message: text.endsBeforeStart });
  }
  return issues;
}

function eventLocationIssues(values: PostFormValues, hasParent: boolean): Issue[] {
  switch (values.locationMode) {
    case 'station':
      return values.station ? [] : [{ path: 'station', message: text.stationRequired }];
    case 'point':
      return pointIssues(values.point);
    case 'parent':
      return hasParent ? [] : [{ path: 'station', message: text.stationRequired }];
  }
}

function photoIssues(photos: readonly PhotoItem[], required: boolean): Issue[] {
  if (required && photos.length === 0) return [{ path: 'photos', message: text.photosRequired }];
  if (photos.length > POST_IMAGES_MAX) return [{ path: 'photos', message: text.photosMax }];
  for (const photo of photos) {
    const problem = photo.source === 'new' ? photoFileProblem(photo.file) : null;
    if (problem) return [{ path: 'photos', message: problem }];
  }
  return [];
}

/** The client-side rules of each kind, mirroring the server's (packages/shared posts.ts). */
export function postFormIssues(values: PostFormValues, rules: PostFormRules): Issue[] {
  const issues: Issue[] = [];
  const title = values.title.trim();
  if (rules.kind !== 'image' && title === '')
    issues.push({ path: 'title', message: text.titleRequired });
  if (title.length > POST_TITLE_MAX) issues.push({ path: 'title', message: text.titleMax });
  if (values.body.trim().length > POST_BODY_MAX)
    issues.push({ path: 'body', message: text.bodyMax });
  if (rules.kind === 'spot') issues.push(...pointIssues(values.point));
  if (rules.kind === 'event') {
    issues.push(...eventLocationIssues(values, rules.hasParent));
    issues.push(...dateIssues(values));
  }
  issues.push(...photoIssues(values.photos, rules.kind === 'image'));
  return issues;
}

/** The form's zod schema for one kind (used through zodResolver). */
export function buildPostFormSchema(rules: PostFormRules) {
  return baseSchema.superRefine((values, context) => {
    for (const issue of postFormIssues(values, rules)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}
