import type { PostKind } from '@ekispot/shared';
import { buildFormData } from '../../../lib/form-data';
import { japanLocalToIso } from '../../../lib/japan-time';
import type { PostFormValues } from '../schemas/post-form-schema';
import { samePhotoOrder } from './photo-items';
import type { PhotoItem } from './photo-items';

/** What the route fixes about a post: its kind and what it belongs to. */
export interface PostTarget {
  kind: PostKind;
  /** An image post's station (/post/create/image/{stationGroupId}). */
  stationGroupId: number | null;
  /** The spot an event is held at, or the spot or event an image post is about. */
  parentPostId: string | null;
}

/** The location fields on the wire; '' clears a field on PATCH. */
interface WireLocation {
  stationGroupId: string;
  parentPostId: string;
  lat: string;
  lng: string;
}

/** About 1 cm: more digits only make the request longer. */
const coordinate = (value: number) => String(Number(value.toFixed(7)));

/** A spot's or event's full location as the form describes it (images have none to edit). */
function wireLocation(target: PostTarget, values: PostFormValues): Partial<WireLocation> {
  const point = values.point
    ? { lat: coordinate(values.point.lat), lng: coordinate(values.point.lng) }
    : { lat: '', lng: '' };
  if (target.kind === 'spot') return point;
  if (target.kind === 'image') return {};
  const none: WireLocation = { stationGroupId: '', parentPostId: '', lat: '', lng: '' };
  switch (values.locationMode) {
    case 'station':
      return { ...none, stationGroupId: values.station ? String(values.station.id) : '' };
    case 'point':
      return { ...none, ...point };
    case 'parent':
      return { ...none, parentPostId: target.parentPostId ?? '' };
  }
}

function photoWireValues(photos: readonly PhotoItem[]): (File | string)[] {
  return photos.map((photo) => (photo.source === 'new' ? photo.file : photo.id));
}

/** Empty strings mean "not given" on create. */
function withoutEmpty(location: Partial<WireLocation>): Record<string, string> {
  return Object.fromEntries(Object.entries(location).filter(([, value]) => value !== ''));
}

/**
 * The multipart body of `POST /posts`: kind, trimmed title and body, the location the kind
 * takes, event dates as Japan-time ISO 8601, and the photos as `images[0]`, `images[1]`, …
 * (text fields first, files last).
 */
export function buildCreatePostFormData(target: PostTarget, values: PostFormValues): FormData {
  const fixed =
    target.kind === 'image'
      ? { stationGroupId: target.stationGroupId, parentPostId: target.parentPostId }
      : {};
  const dates =
    target.kind === 'event'
      ? { startsAt: japanLocalToIso(values.startsAt), endsAt: japanLocalToIso(values.endsAt) }
      : {};
  return buildFormData({
    kind: target.kind,
    title: values.title.trim(),
    body: values.body.trim(),
    ...fixed,
    ...withoutEmpty(wireLocation(target, values)),
    ...dates,
    images: values.photos.length > 0 ? photoWireValues(values.photos) : null,
  });
}

/**
 * The multipart body of `PATCH /posts/{postId}`: only what differs from the saved post.
 * A changed location is sent whole, clearing the fields the new one does not use. A changed
 * photo list is sent whole, in order, each entry a new file or a kept photo's id; an
 * emptied list is `images_cleared=true`. An empty body means nothing changed.
 */
export function buildUpdatePostFormData(
  target: PostTarget,
  initial: PostFormValues,
  values: PostFormValues,
): FormData {
  const fields: Record<string, unknown> = {};
  const title = values.title.trim();
  const body = values.body.trim();
  if (title !== initial.title.trim()) fields.title = title;
  if (body !== initial.body.trim()) fields.body = body;

  const before = wireLocation(target, initial);
  const after = wireLocation(target, values);
  const locationChanged = (Object.keys(after) as (keyof WireLocation)[]).some(
    (key) => after[key] !== before[key],
  );
  if (locationChanged) Object.assign(fields, after);

  if (target.kind === 'event') {
    if (values.startsAt !== initial.startsAt) fields.startsAt = japanLocalToIso(values.startsAt);
    if (values.endsAt !== initial.endsAt) fields.endsAt = japanLocalToIso(values.endsAt);
  }

  if (!samePhotoOrder(initial.photos, values.photos)) {
    if (values.photos.length === 0) fields.imagesCleared = true;
    else fields.images = photoWireValues(values.photos);
  }
  return buildFormData(fields);
}

/** Whether a multipart body carries anything at all. */
export function isEmptyFormData(formData: FormData): boolean {
  return formData.keys().next().done === true;
}

/** Whether the photos include files to upload (then the form shows upload progress). */
export function hasNewPhotos(values: PostFormValues): boolean {
  return values.photos.some((photo) => photo.source === 'new');
}
