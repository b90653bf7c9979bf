import type { FieldErrors, PostCreateFields, PostUpdateFields } from '@ekispot/shared';
import { isInJapan } from '@ekispot/shared';
import type { PostKind, PostRow } from './posts.repository.js';
import { POST_MESSAGES as M } from './posts.messages.js';

/**
 * What makes a post of each kind complete (docs/posts.md#kinds-and-their-rules), checked on the
 * post as it would be saved: the create form, or the stored post with an edit's fields laid over
 * it.
 *
 * - spot: a name and a point in Japan; its nearest station is linked by the server.
 * - event: a name, a start before its end, and a place: a station, a point or a spot.
 * - image: at least one photo, about a station or a spot/event.
 * A point is both coordinates or neither; only events have dates.
 */
export interface PostDraft {
  kind: PostKind;
  title: string;
  body: string;
  stationGroupId: number | null;
  parentPostId: string | null;
  lat: number | null;
  lng: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  photoCount: number;
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

export function draftFromCreate(fields: PostCreateFields, photoCount: number): PostDraft {
  return {
    kind: fields.kind,
    title: fields.title,
    body: fields.body,
    stationGroupId: fields.station_group_id ?? null,
    parentPostId: fields.parent_post_id ?? null,
    lat: fields.lat ?? null,
    lng: fields.lng ?? null,
    startsAt: toDate(fields.starts_at),
    endsAt: toDate(fields.ends_at),
    photoCount,
  };
}

/** An edit changes only the fields it sends; '' (null here) clears one. */
export function draftFromUpdate(
  current: PostRow,
  fields: Omit<PostUpdateFields, 'images' | 'images_cleared'>,
  photoCount: number,
): PostDraft {
  const pick = <T>(sent: T | null | undefined, kept: T | null): T | null =>
    sent === undefined ? kept : sent;
  return {
    kind: current.kind,
    title: fields.title ?? current.title,
    body: fields.body ?? current.body,
    stationGroupId: pick(fields.station_group_id, current.stationGroupId),
    parentPostId: pick(fields.parent_post_id, current.parentPostId),
    lat: pick(fields.lat, current.lat),
    lng: pick(fields.lng, current.lng),
    startsAt:
      fields.starts_at === undefined ? current.startsAt : toDate(fields.starts_at ?? undefined),
    endsAt: fields.ends_at === undefined ? current.endsAt : toDate(fields.ends_at ?? undefined),
    photoCount,
  };
}

function add(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** The rules that need no database; references (station, parent) are checked by the service. */
export function checkDraft(draft: PostDraft): FieldErrors {
  const errors: FieldErrors = {};
  const halfPoint = (draft.lat === null) !== (draft.lng === null);
  if (halfPoint) add(errors, draft.lat === null ? 'lat' : 'lng', M.latLngPair);
  const hasPoint = draft.lat !== null && draft.lng !== null;
  if (draft.lat !== null && draft.lng !== null && !isInJapan(draft.lat, draft.lng))
    add(errors, 'lat', M.outsideJapan);

  if (draft.kind !== 'event') {
    if (draft.startsAt) add(errors, 'starts_at', M.datesOnlyForEvents);
    if (draft.endsAt) add(errors, 'ends_at', M.datesOnlyForEvents);
  }

  switch (draft.kind) {
    case 'spot':
      if (!draft.title) add(errors, 'title', M.spotTitleRequired);
      if (!hasPoint && !halfPoint) add(errors, 'lat', M.spotLocationRequired);
      if (draft.parentPostId) add(errors, 'parent_post_id', M.spotNoParent);
      break;
    case 'event':
      if (!draft.title) add(errors, 'title', M.eventTitleRequired);
      if (!draft.startsAt) add(errors, 'starts_at', M.startsAtRequired);
      if (!draft.endsAt) add(errors, 'ends_at', M.endsAtRequired);
      if (draft.startsAt && draft.endsAt && draft.startsAt >= draft.endsAt)
        add(errors, 'ends_at', M.endsBeforeStart);
      if (!halfPoint && !hasPoint && draft.stationGroupId === null && !draft.parentPostId)
        add(errors, 'station_group_id', M.eventLocationRequired);
      break;
    case 'image':
      if (draft.photoCount === 0) add(errors, 'images', M.imageRequired);
      if (draft.stationGroupId === null && !draft.parentPostId)
        add(errors, 'station_group_id', M.imageTargetRequired);
      break;
  }
  return errors;
}

/** Which kinds of post a post of this kind may be attached to. */
export function parentKindError(kind: PostKind, parentKind: PostKind): string | null {
  if (kind === 'event' && parentKind !== 'spot') return M.eventParentMustBeSpot;
  if (kind === 'image' && parentKind === 'image') return M.imageParentKind;
  if (kind === 'spot') return M.spotNoParent;
  return null;
}
