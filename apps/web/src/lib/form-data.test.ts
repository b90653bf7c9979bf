import { describe, expect, it } from 'vitest';
import { buildFormData } from './form-data';

function entries(formData: FormData): [string, FormDataEntryValue][] {
  return [...formData.entries()];
}

describe('buildFormData', () => {
  it('snake_cases keys and stringifies scalars', () => {
    const formData = buildFormData({ displayName: '駅太郎', age: 3, isPublic: true });
    expect(entries(formData)).toEqual([
      ['display_name', '駅太郎'],
      ['age', '3'],
      ['is_public', 'true'],
    ]);
  });

  it('sends arrays as indexed keys', () => {
    const first = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const second = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const formData = buildFormData({ images: [first, second], tagIds: [1, 2] });
    expect(formData.get('images[0]')).toBeInstanceOf(File);
    const secondEntry = formData.get('images[1]');
    expect(secondEntry instanceof File ? secondEntry.name : null).toBe('b.jpg');
    expect(formData.get('tag_ids[0]')).toBe('1');
    expect(formData.get('tag_ids[1]')).toBe('2');
  });

  it('sends nested objects as a[b] with snake_cased inner keys', () => {
    const formData = buildFormData({
      location: { lat: 35.6, lngValue: 139.7 },
      items: [{ postId: 'x' }],
    });
    expect(formData.get('location[lat]')).toBe('35.6');
    expect(formData.get('location[lng_value]')).toBe('139.7');
    expect(formData.get('items[0][post_id]')).toBe('x');
  });

  it('skips null and undefined values', () => {
    const formData = buildFormData({ avatar: null, bio: undefined, name: 'a', list: [null, 'b'] });
    expect(entries(formData)).toEqual([
      ['name', 'a'],
      ['list[1]', 'b'],
    ]);
  });

  it('sends dates as ISO strings', () => {
    const formData = buildFormData({ startsAt: new Date('2026-11-22T00:00:00Z') });
    expect(formData.get('starts_at')).toBe('2026-11-22T00:00:00.000Z');
  });
});
