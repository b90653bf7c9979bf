import type { PostKind } from '@ekispot/shared';
import { isoToJapanLocal } from '../../../lib/japan-time';
import type { PostData } from '../api/post-data';
import type { EventLocationMode, PickedStation, PostFormValues } from '../schemas/post-form-schema';
import { existingPhotos } from './photo-items';

/**
 * A new post's form: an event at a spot starts at that spot, other events at a station
 * (the one given, when the form was opened from its page). A spot has no station: its map
 * only opens there.
 */
export function emptyPostFormValues(
  kind: PostKind,
  hasParent: boolean,
  station: PickedStation | null = null,
): PostFormValues {
  return {
    title: '',
    body: '',
    point: null,
    locationMode: kind === 'event' && hasParent ? 'parent' : 'station',
    station:
      kind === 'event' && !hasParent && station
        ? { id: station.id, name: station.name, prefectureName: station.prefectureName }
        : null,
    startsAt: '',
    endsAt: '',
    photos: [],
  };
}

/**
 * How a saved event is located: at its parent spot, at its own point (a point event may
 * also have its nearest station linked), or at a station (no point of its own).
 */
export function eventLocationMode(post: Pick<PostData, 'parentPostId' | 'lat'>): EventLocationMode {
  if (post.parentPostId) return 'parent';
  return post.lat !== null ? 'point' : 'station';
}

/** A saved post as the edit form's starting values. */
export function postToFormValues(post: PostData): PostFormValues {
  return {
    title: post.title,
    body: post.body,
    point: post.lat !== null && post.lng !== null ? { lat: post.lat, lng: post.lng } : null,
    locationMode: post.kind === 'event' ? eventLocationMode(post) : 'station',
    station: post.station
      ? {
          id: post.station.id,
          name: post.station.name,
          prefectureName: post.station.prefectureName,
        }
      : null,
    startsAt: isoToJapanLocal(post.startsAt),
    endsAt: isoToJapanLocal(post.endsAt),
    photos: existingPhotos(post.images.map((image) => image.id)),
  };
}
