import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.js';
import { photosOfCreate, photosOfUpdate } from './post-photos.js';

const a = '01890000-0000-7000-8000-00000000000a';
const b = '01890000-0000-7000-8000-00000000000b';
const file = (n: number) => Buffer.from([n]);

function fieldErrorsOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error.fieldErrors;
    throw error;
  }
  return null;
}

describe('photosOfCreate', () => {
  it('orders files by index, not by arrival', () => {
    const files = new Map([
      ['images.2', file(2)],
      ['images.0', file(0)],
      ['images.10', file(10)],
    ]);
    expect(photosOfCreate(files).map((slot) => slot.field)).toEqual([
      'images.0',
      'images.2',
      'images.10',
    ]);
  });
});

describe('photosOfUpdate', () => {
  const texts = (entries: Record<string, string>) => new Map(Object.entries(entries));
  const kinds = (slots: ReturnType<typeof photosOfUpdate>) =>
    slots?.map((slot) => (slot.kind === 'file' ? 'new' : slot.id));

  it('leaves photos alone when none are sent, and clears them on request', () => {
    expect(photosOfUpdate(new Map(), new Map(), false)).toBeNull();
    expect(photosOfUpdate(new Map(), new Map(), true)).toEqual([]);
    expect(
      fieldErrorsOf(() => photosOfUpdate(texts({ 'images.0': a }), new Map(), true)),
    ).toHaveProperty('images_cleared');
  });

  it('merges kept ids and new files by their own indexes', () => {
    const slots = photosOfUpdate(
      texts({ 'images.0': b, 'images.2': a }),
      new Map([['images.1', file(1)]]),
      false,
    );
    expect(kinds(slots)).toEqual([b, 'new', a]);
    expect(slots?.map((slot) => slot.field)).toEqual(['images.0', 'images.1', 'images.2']);
  });

  it('keeps slot order when a form skips numbers', () => {
    const slots = photosOfUpdate(
      texts({ 'images.3': a, 'images.4': b }),
      new Map([
        ['images.0', file(0)],
        ['images.2', file(2)],
      ]),
      false,
    );
    expect(kinds(slots)).toEqual(['new', 'new', a, b]);
  });

  it('reports bad ids on their slot, duplicates, bad names and too many photos', () => {
    expect(
      fieldErrorsOf(() =>
        photosOfUpdate(texts({ 'images.1': 'x' }), new Map([['images.0', file(0)]]), false),
      ),
    ).toEqual({ 'images.1': ['写真の指定が正しくありません。'] });
    expect(
      fieldErrorsOf(() =>
        photosOfUpdate(texts({ 'images.0': a, 'images.1': a }), new Map(), false),
      ),
    ).toEqual({ 'images.1': ['同じ写真が2回指定されています。'] });
    expect(
      fieldErrorsOf(() => photosOfUpdate(texts({ images: a }), new Map(), false)),
    ).toHaveProperty('images');
    const eleven = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [
        `images.${i}`,
        `01890000-0000-7000-8000-0000000000${10 + i}`,
      ]),
    );
    expect(fieldErrorsOf(() => photosOfUpdate(texts(eleven), new Map(), false))).toEqual({
      images: ['写真は10枚まで登録できます。'],
    });
  });
});
