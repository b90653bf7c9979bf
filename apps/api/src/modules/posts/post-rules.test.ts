import { describe, expect, it } from 'vitest';
import { checkDraft, draftFromUpdate, parentKindError, type PostDraft } from './post-rules.js';
import type { PostRow } from './posts.repository.js';

const base: PostDraft = {
  kind: 'event',
  title: 'イベント',
  body: '',
  stationGroupId: 1130101,
  parentPostId: null,
  lat: null,
  lng: null,
  startsAt: new Date('2026-05-01T01:00:00Z'),
  endsAt: new Date('2026-05-01T02:00:00Z'),
  photoCount: 0,
};

describe('checkDraft', () => {
  it('accepts complete posts of each kind', () => {
    expect(checkDraft(base)).toEqual({});
    expect(checkDraft({ ...base, stationGroupId: null, lat: 35, lng: 139 })).toEqual({});
    expect(
      checkDraft({
        ...base,
        kind: 'spot',
        stationGroupId: null,
        lat: 35,
        lng: 139,
        startsAt: null,
        endsAt: null,
      }),
    ).toEqual({});
    expect(
      checkDraft({
        ...base,
        kind: 'image',
        title: '',
        photoCount: 1,
        startsAt: null,
        endsAt: null,
      }),
    ).toEqual({});
  });

  it('refuses an event that ends when it starts', () => {
    expect(checkDraft({ ...base, endsAt: base.startsAt })).toEqual({
      ends_at: ['終了日時は開始日時より後にしてください。'],
    });
  });

  it('refuses a point abroad inside Japan’s bounding box, such as Seoul or Vladivostok', () => {
    for (const [lat, lng] of [
      [37.5665, 126.978],
      [43.1155, 131.8855],
    ] as const) {
      expect(checkDraft({ ...base, kind: 'spot', lat, lng, startsAt: null, endsAt: null })).toEqual(
        { lat: ['日本国内の場所を選んでください。'] },
      );
    }
  });

  it('wants both coordinates or neither, on every kind', () => {
    for (const kind of ['spot', 'event', 'image'] as const) {
      expect(checkDraft({ ...base, kind, lat: 35, photoCount: 1 }).lng).toEqual([
        '緯度と経度は両方指定してください。',
      ]);
    }
  });
});

describe('draftFromUpdate', () => {
  const current = {
    kind: 'event',
    title: '元',
    body: '本文',
    stationGroupId: 1130101,
    parentPostId: null,
    lat: 35,
    lng: 139,
    startsAt: base.startsAt,
    endsAt: base.endsAt,
  } as const satisfies Partial<PostRow>;
  const row: PostRow = {
    ...current,
    id: '01890000-0000-7000-8000-000000000001',
    userId: '01890000-0000-7000-8000-000000000002',
    likeCount: 0,
    wantCount: 0,
    commentCount: 0,
    hiddenAt: null,
    importedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };

  it('keeps what is not sent, and clears what is sent as null', () => {
    const draft = draftFromUpdate(row, { title: '新', lat: null, lng: null }, 2);
    expect(draft).toMatchObject({
      kind: 'event',
      title: '新',
      body: '本文',
      stationGroupId: 1130101,
      lat: null,
      lng: null,
      startsAt: base.startsAt,
      photoCount: 2,
    });
    expect(draftFromUpdate(row, { ends_at: null }, 0).endsAt).toBeNull();
  });
});

describe('parentKindError', () => {
  it('attaches events to spots and photos to spots or events', () => {
    expect(parentKindError('event', 'spot')).toBeNull();
    expect(parentKindError('event', 'event')).not.toBeNull();
    expect(parentKindError('image', 'event')).toBeNull();
    expect(parentKindError('image', 'image')).not.toBeNull();
  });
});
