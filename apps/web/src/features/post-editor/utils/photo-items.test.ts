import { POST_IMAGE_MAX_BYTES } from '@ekispot/shared';
import { describe, expect, it } from 'vitest';
import { imageFile } from '../test/post-fixture';
import {
  addPhotoFiles,
  existingPhotos,
  isAcceptedPhotoType,
  movePhoto,
  removePhoto,
  samePhotoOrder,
} from './photo-items';
import type { PhotoItem } from './photo-items';

let counter = 0;
const key = () => `k${(counter += 1)}`;
const keys = (items: readonly PhotoItem[]) => items.map((item) => item.key);

describe('addPhotoFiles', () => {
  it('appends accepted files after the current photos', () => {
    const start = existingPhotos(['a']);
    const result = addPhotoFiles(start, [imageFile('1.jpg'), imageFile('2.png', 'image/png')], key);
    expect(result.added).toBe(2);
    expect(result.problems).toEqual([]);
    expect(result.items.map((item) => item.source)).toEqual(['existing', 'new', 'new']);
  });

  it('leaves out wrong types and files over 20 MB, naming them', () => {
    const result = addPhotoFiles(
      [],
      [
        imageFile('memo.txt', 'text/plain'),
        imageFile('huge.jpg', 'image/jpeg', POST_IMAGE_MAX_BYTES + 1),
        imageFile('ok.webp', 'image/webp'),
      ],
      key,
    );
    expect(result.added).toBe(1);
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toContain('「memo.txt」は対応していない形式です');
    expect(result.problems[1]).toContain('「huge.jpg」は20MBを超えている');
  });

  it('stops at ten photos and says how many were left out', () => {
    const nine = addPhotoFiles(
      [],
      Array.from({ length: 9 }, () => imageFile()),
      key,
    ).items;
    const result = addPhotoFiles(nine, [imageFile(), imageFile(), imageFile()], key);
    expect(result.items).toHaveLength(10);
    expect(result.problems).toEqual(['写真は10枚までのため、2枚は追加できませんでした。']);
  });

  it('refuses HEIC (the server cannot decode it) and files without a type', () => {
    expect(isAcceptedPhotoType(imageFile('IMG_0001.HEIC', 'image/heic'))).toBe(false);
    expect(isAcceptedPhotoType(imageFile('IMG_0001.HEIC', ''))).toBe(false);
    expect(isAcceptedPhotoType(imageFile('photo.avif', 'image/avif'))).toBe(true);
  });
});

describe('movePhoto and removePhoto', () => {
  const items = existingPhotos(['a', 'b', 'c']);

  it('moves a photo one place earlier or later', () => {
    expect(keys(movePhoto(items, 2, -1))).toEqual(['existing-a', 'existing-c', 'existing-b']);
    expect(keys(movePhoto(items, 0, 1))).toEqual(['existing-b', 'existing-a', 'existing-c']);
  });

  it('ignores moves past either end', () => {
    expect(keys(movePhoto(items, 0, -1))).toEqual(keys(items));
    expect(keys(movePhoto(items, 2, 1))).toEqual(keys(items));
  });

  it('removes by position', () => {
    expect(keys(removePhoto(items, 1))).toEqual(['existing-a', 'existing-c']);
  });

  it('compares order, not only membership', () => {
    expect(samePhotoOrder(items, [...items])).toBe(true);
    expect(samePhotoOrder(items, movePhoto(items, 0, 1))).toBe(false);
  });
});
