import { describe, expect, it } from 'vitest';
import type { PostFormValues } from '../schemas/post-form-schema';
import { buildPost, IMAGE_IDS, imageFile, SPOT_ID } from '../test/post-fixture';
import {
  buildCreatePostFormData,
  buildUpdatePostFormData,
  isEmptyFormData,
} from './build-post-form-data';
import type { PostTarget } from './build-post-form-data';
import { movePhoto } from './photo-items';
import { emptyPostFormValues, postToFormValues } from './post-form-values';

const entries = (formData: FormData) => [...formData.entries()];
const textEntries = (formData: FormData) =>
  Object.fromEntries(entries(formData).filter(([, value]) => typeof value === 'string'));

const spotTarget: PostTarget = { kind: 'spot', stationGroupId: null, parentPostId: null };
const eventTarget: PostTarget = { kind: 'event', stationGroupId: null, parentPostId: null };

describe('buildCreatePostFormData', () => {
  it('sends a spot with its point and photos as images[i]', () => {
    const first = imageFile('1.jpg');
    const second = imageFile('2.jpg');
    const values: PostFormValues = {
      ...emptyPostFormValues('spot', false),
      title: '  駅前の桜並木 ',
      body: '春がおすすめ',
      point: { lat: 35.6812361234567, lng: 139.767125 },
      photos: [
        { key: 'a', source: 'new', file: first },
        { key: 'b', source: 'new', file: second },
      ],
    };
    const formData = buildCreatePostFormData(spotTarget, values);
    expect(textEntries(formData)).toEqual({
      kind: 'spot',
      title: '駅前の桜並木',
      body: '春がおすすめ',
      lat: '35.6812361',
      lng: '139.767125',
    });
    expect(formData.get('images[0]')).toBe(first);
    expect(formData.get('images[1]')).toBe(second);
    expect(formData.has('station_group_id')).toBe(false);
    // Text first, files last.
    expect(
      entries(formData)
        .map(([key]) => key)
        .slice(-2),
    ).toEqual(['images[0]', 'images[1]']);
  });

  it('sends an event at a station with Japan-time dates', () => {
    const values: PostFormValues = {
      ...emptyPostFormValues('event', false),
      title: 'マルシェ',
      station: { id: 1130101, name: '東京', prefectureName: '東京都' },
      startsAt: '2026-05-01T10:00',
      endsAt: '2026-05-01T16:30',
    };
    expect(textEntries(buildCreatePostFormData(eventTarget, values))).toEqual({
      kind: 'event',
      title: 'マルシェ',
      body: '',
      station_group_id: '1130101',
      starts_at: '2026-05-01T10:00:00+09:00',
      ends_at: '2026-05-01T16:30:00+09:00',
    });
  });

  it('sends an event at its spot as parent_post_id only', () => {
    const target: PostTarget = { ...eventTarget, parentPostId: SPOT_ID };
    const values: PostFormValues = {
      ...emptyPostFormValues('event', true),
      title: 'a',
      startsAt: '2026-05-01T10:00',
      endsAt: '2026-05-01T11:00',
    };
    const sent = textEntries(buildCreatePostFormData(target, values));
    expect(sent.parent_post_id).toBe(SPOT_ID);
    expect(sent).not.toHaveProperty('lat');
    expect(sent).not.toHaveProperty('station_group_id');
  });

  it('sends photos of a station with the station from the route', () => {
    const target: PostTarget = { kind: 'image', stationGroupId: 1130101, parentPostId: null };
    const photo = imageFile();
    const values = {
      ...emptyPostFormValues('image', false),
      photos: [{ key: 'a', source: 'new' as const, file: photo }],
    };
    const formData = buildCreatePostFormData(target, values);
    expect(formData.get('kind')).toBe('image');
    expect(formData.get('station_group_id')).toBe('1130101');
    expect(formData.has('parent_post_id')).toBe(false);
    expect(formData.get('images[0]')).toBe(photo);
  });
});

describe('buildUpdatePostFormData', () => {
  const spot = buildPost();
  const initial = postToFormValues(spot);

  it('sends nothing when nothing changed', () => {
    expect(isEmptyFormData(buildUpdatePostFormData(spotTarget, initial, { ...initial }))).toBe(
      true,
    );
  });

  it('sends only the changed text fields', () => {
    const formData = buildUpdatePostFormData(spotTarget, initial, { ...initial, body: '夏も良い' });
    expect(entries(formData)).toEqual([['body', '夏も良い']]);
  });

  it('sends a mixed photo list in order: kept ids and new files', () => {
    const added = imageFile('new.jpg');
    const photos = movePhoto([...initial.photos, { key: 'n', source: 'new', file: added }], 2, -2);
    const formData = buildUpdatePostFormData(spotTarget, initial, { ...initial, photos });
    expect(entries(formData)).toEqual([
      ['images[0]', added],
      ['images[1]', IMAGE_IDS[0]],
      ['images[2]', IMAGE_IDS[1]],
    ]);
  });

  it('sends a reordering of saved photos as ids', () => {
    const photos = movePhoto(initial.photos, 1, -1);
    const formData = buildUpdatePostFormData(spotTarget, initial, { ...initial, photos });
    expect(entries(formData)).toEqual([
      ['images[0]', IMAGE_IDS[1]],
      ['images[1]', IMAGE_IDS[0]],
    ]);
  });

  it('clears all photos with images_cleared', () => {
    const formData = buildUpdatePostFormData(spotTarget, initial, { ...initial, photos: [] });
    expect(entries(formData)).toEqual([['images_cleared', 'true']]);
  });

  it('sends a moved spot as lat and lng', () => {
    const formData = buildUpdatePostFormData(spotTarget, initial, {
      ...initial,
      point: { lat: 35.7, lng: 139.7 },
    });
    expect(entries(formData)).toEqual([
      ['lat', '35.7'],
      ['lng', '139.7'],
    ]);
  });

  it('moves an event from a station to a point, clearing the station', () => {
    const event = buildPost({
      kind: 'event',
      lat: null,
      lng: null,
      startsAt: '2026-05-01T01:00:00.000Z',
      endsAt: '2026-05-01T07:00:00.000Z',
    });
    const before = postToFormValues(event);
    expect(before.locationMode).toBe('station');
    expect(before.startsAt).toBe('2026-05-01T10:00');
    const formData = buildUpdatePostFormData(eventTarget, before, {
      ...before,
      locationMode: 'point',
      point: { lat: 35.6, lng: 139.7 },
      endsAt: '2026-05-01T18:00',
    });
    expect(textEntries(formData)).toEqual({
      station_group_id: '',
      parent_post_id: '',
      lat: '35.6',
      lng: '139.7',
      ends_at: '2026-05-01T18:00:00+09:00',
    });
  });

  it('keeps an unchanged point event untouched even with a linked station', () => {
    const event = buildPost({
      kind: 'event',
      startsAt: '2026-05-01T01:00:00Z',
      endsAt: '2026-05-01T02:00:00Z',
    });
    const before = postToFormValues(event);
    expect(before.locationMode).toBe('point');
    expect(isEmptyFormData(buildUpdatePostFormData(eventTarget, before, { ...before }))).toBe(true);
  });
});
