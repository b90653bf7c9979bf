import type { PostKind } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { sortFieldErrors } from '../../../components/form/sort-field-errors';
import type { SortedFieldErrors } from '../../../components/form/sort-field-errors';
import type { FieldErrors } from '../../../lib/api-error';
import type { EventLocationMode, PostFormField } from '../schemas/post-form-schema';

export type MappedServerErrors = SortedFieldErrors<PostFormField>;

const text = messages.postEditor.validation;
const PHOTO_INDEX = /^images\.(\d+)$/;

/** The form field a server error key (camelCased by the API client) belongs to. */
function fieldFor(key: string): PostFormField | null {
  switch (key) {
    case 'title':
      return 'title';
    case 'body':
      return 'body';
    case 'lat':
    case 'lng':
      return 'point';
    case 'stationGroupId':
      return 'station';
    case 'startsAt':
      return 'startsAt';
    case 'endsAt':
      return 'endsAt';
    case 'images':
    case 'imagesCleared':
      return 'photos';
    default:
      return PHOTO_INDEX.test(key) ? 'photos' : null;
  }
}

/**
 * Sorts a 422's field errors (keys like `title`, `lat`, `images.3`) onto the fields the form
 * shows; the rest, and a field's second message, are for the alert. A photo's error names
 * its position (`images.3` → 「4枚目の写真：…」).
 */
export function mapServerErrors(
  errors: FieldErrors | null,
  visibleFields: ReadonlySet<PostFormField>,
): MappedServerErrors {
  return sortFieldErrors(
    errors,
    (key) => {
      const field = fieldFor(key);
      return field && visibleFields.has(field) ? field : null;
    },
    (key, message) => {
      const photoIndex = PHOTO_INDEX.exec(key)?.[1];
      return photoIndex === undefined ? message : text.photoServer(Number(photoIndex) + 1, message);
    },
  );
}

/** The fields a kind's form shows (an event's station or map only in that mode). */
export function visibleFormFields(
  kind: PostKind,
  locationMode: EventLocationMode,
): ReadonlySet<PostFormField> {
  const fields = new Set<PostFormField>(['title', 'body', 'photos']);
  if (kind === 'spot') fields.add('point');
  if (kind === 'event') {
    fields.add('startsAt');
    fields.add('endsAt');
    if (locationMode === 'station') fields.add('station');
    if (locationMode === 'point') fields.add('point');
  }
  return fields;
}

/** The order a kind's form shows its fields in, top to bottom. */
const FIELD_ORDER: Record<PostKind, readonly PostFormField[]> = {
  spot: ['title', 'point', 'body', 'photos'],
  event: ['title', 'startsAt', 'endsAt', 'station', 'point', 'body', 'photos'],
  image: ['photos', 'title', 'body'],
};

/** The field that should get focus: the invalid one highest on the page. */
export function firstFieldOnPage(kind: PostKind, fields: Iterable<string>): PostFormField | null {
  const invalid = new Set(fields);
  return FIELD_ORDER[kind].find((field) => invalid.has(field)) ?? null;
}
