import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  postUpdateFieldsSchema,
  type FieldErrors,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import type { ImageSource, ImageStorage } from '../images/images.service.js';
import * as images from '../images/images.service.js';
import { POST_MESSAGES as M } from './posts.messages.js';

/**
 * A post's photo list as a form sends it (docs/posts.md#multipart-forms: `images[0]`, `images[1]`,
 * …): each slot a new file or, in an edit, the id of one of the post's current photos.
 */
export type PhotoSlot = { field: string } & (
  { kind: 'file'; bytes: ImageSource } | { kind: 'existing'; id: string }
);

const imageIdSchema = postUpdateFieldsSchema.shape.images.unwrap().element;

function add(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** `images.3` → 3; any other file field name → null. */
function slotIndex(key: string): number | null {
  const match = /^images\.(0|[1-9]\d{0,3})$/.exec(key);
  return match ? Number(match[1]) : null;
}

function fileSlots(files: Map<string, ImageSource>, errors: FieldErrors) {
  const slots: { index: number; key: string; bytes: ImageSource }[] = [];
  for (const [key, bytes] of files) {
    const index = slotIndex(key);
    if (index === null) add(errors, key, M.imageFieldName);
    else slots.push({ index, key, bytes });
  }
  return slots.sort((a, b) => a.index - b.index);
}

/** The photos of a new post, in index order. */
export function photosOfCreate(files: Map<string, ImageSource>): PhotoSlot[] {
  const errors: FieldErrors = {};
  const slots = fileSlots(files, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return slots.map(({ key, bytes }) => ({ field: key, kind: 'file', bytes }));
}

/**
 * The photo list an edit asks for, or null when it leaves the photos alone. Each slot
 * `images[i]` is a new file or the id (text) of a current photo; slots are taken in index
 * order, so a form may number them with gaps.
 */
export function photosOfUpdate(
  texts: Map<string, string>,
  files: Map<string, ImageSource>,
  cleared: boolean,
): PhotoSlot[] | null {
  const errors: FieldErrors = {};
  if (cleared) {
    if (texts.size > 0 || files.size > 0) add(errors, 'images_cleared', M.imagesClearedWithImages);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return [];
  }
  if (texts.size === 0 && files.size === 0) return null;

  const fileList = fileSlots(files, errors);
  const textList: { index: number; key: string; text: string }[] = [];
  for (const [key, text] of texts) {
    const index = slotIndex(key);
    if (index === null) add(errors, key, M.imageFieldName);
    else if (files.has(key)) add(errors, key, M.imageFieldName);
    else textList.push({ index, key, text });
  }
  if (fileList.length + textList.length > POST_IMAGES_MAX) add(errors, 'images', M.tooManyImages);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const ordered = [
    ...fileList.map((file) => ({ ...file, text: null })),
    ...textList.map((entry) => ({ ...entry, bytes: null })),
  ].sort((x, y) => x.index - y.index);
  const slots: PhotoSlot[] = [];
  const seen = new Set<string>();
  for (const slot of ordered) {
    if (slot.bytes) {
      slots.push({ field: slot.key, kind: 'file', bytes: slot.bytes });
      continue;
    }
    const parsed = imageIdSchema.safeParse(slot.text);
    if (!parsed.success) add(errors, slot.key, parsed.error.issues[0]?.message ?? M.imageIdInvalid);
    else if (seen.has(parsed.data)) add(errors, slot.key, M.imageDuplicated);
    else {
      seen.add(parsed.data);
      slots.push({ field: slot.key, kind: 'existing', id: parsed.data });
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return slots;
}

/** Every existing slot names one of the post's current photos. */
export function checkExistingPhotos(slots: PhotoSlot[], currentIds: string[]): void {
  const current = new Set(currentIds);
  const errors: FieldErrors = {};
  for (const slot of slots) {
    if (slot.kind === 'existing' && !current.has(slot.id))
      add(errors, slot.field, M.imageNotOfPost);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Best effort: the error that made us discard them is what the client must see. */
export async function discardPhotos(db: Database, storage: ImageStorage, ids: string[]) {
  if (ids.length > 0) await images.deleteImages(db, storage, ids).catch(() => 0);
}

/**
 * Re-encodes and stores the new files one at a time (20 MB photos, two cores), before any
 * transaction. Every unusable file is reported on its own field; if any is, the ones already
 * stored are removed again. Returns the image id of every slot, in order.
 */
export async function storePhotos(
  db: Database,
  storage: ImageStorage,
  ownerId: string,
  slots: PhotoSlot[],
): Promise<{ ids: string[]; storedIds: string[] }> {
  const ids: string[] = [];
  const storedIds: string[] = [];
  const errors: FieldErrors = {};
  try {
    for (const slot of slots) {
      if (slot.kind === 'existing') {
        ids.push(slot.id);
        continue;
      }
      try {
        const row = await images.storeImage(db, storage, ownerId, slot.bytes, {
          maxBytes: POST_IMAGE_MAX_BYTES,
        });
        storedIds.push(row.id);
        ids.push(row.id);
      } catch (error) {
        const mapped = images.asFieldError(slot.field, error);
        if (!(mapped instanceof HttpError) || !mapped.fieldErrors) throw mapped;
        for (const [field, messages] of Object.entries(mapped.fieldErrors))
          for (const message of messages) add(errors, field, message);
      }
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return { ids, storedIds };
  } catch (error) {
    await discardPhotos(db, storage, storedIds);
    throw error;
  }
}
