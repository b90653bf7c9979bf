import { POST_IMAGE_MAX_BYTES, POST_IMAGES_MAX } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { IMAGE_ACCEPT, isAcceptedImageFile } from '../../../lib/image-files';

/**
 * One entry of a post's ordered photo list: a photo the post already has (by image id) or
 * a file chosen in this browser. Both kinds share one list, so reordering mixes them.
 */
export type PhotoItem =
  { key: string; source: 'existing'; id: string } | { key: string; source: 'new'; file: File };

/** What the file picker offers. */
export const PHOTO_ACCEPT = IMAGE_ACCEPT;

export const isAcceptedPhotoType = isAcceptedImageFile;

/** Why a file cannot be a post photo, or null when it can. */
export function photoFileProblem(file: File): string | null {
  if (!isAcceptedPhotoType(file)) return messages.postEditor.validation.photoWrongType(file.name);
  if (file.size > POST_IMAGE_MAX_BYTES)
    return messages.postEditor.validation.photoTooLarge(file.name);
  return null;
}

let keyCounter = 0;
/** A key that stays with a photo while it moves, so React keeps its preview. */
export function nextPhotoKey(): string {
  keyCounter += 1;
  return `photo-${keyCounter}`;
}

export function existingPhotos(imageIds: readonly string[]): PhotoItem[] {
  return imageIds.map((id) => ({ key: `existing-${id}`, source: 'existing', id }));
}

export interface AddPhotosResult {
  items: PhotoItem[];
  added: number;
  /** One message per file that was left out. */
  problems: string[];
}

/** Appends chosen files after the current photos: wrong types, too large and overflow are left out. */
export function addPhotoFiles(
  items: readonly PhotoItem[],
  files: readonly File[],
  createKey: () => string = nextPhotoKey,
): AddPhotosResult {
  const next = [...items];
  const problems: string[] = [];
  let overflow = 0;
  for (const file of files) {
    const problem = photoFileProblem(file);
    if (problem) {
      problems.push(problem);
    } else if (next.length >= POST_IMAGES_MAX) {
      overflow += 1;
    } else {
      next.push({ key: createKey(), source: 'new', file });
    }
  }
  if (overflow > 0) problems.push(messages.postEditor.validation.photosOverflow(overflow));
  return { items: next, added: next.length - items.length, problems };
}

/** Moves the photo at `index` by `delta` places; out-of-range moves change nothing. */
export function movePhoto(items: readonly PhotoItem[], index: number, delta: number): PhotoItem[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) {
    return [...items];
  }
  const next = [...items];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

export function removePhoto(items: readonly PhotoItem[], index: number): PhotoItem[] {
  return items.filter((_, position) => position !== index);
}

/** Whether two photo lists name the same photos in the same order. */
export function samePhotoOrder(a: readonly PhotoItem[], b: readonly PhotoItem[]): boolean {
  return a.length === b.length && a.every((item, index) => item.key === b[index]?.key);
}
