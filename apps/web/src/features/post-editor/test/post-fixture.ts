import type { PostData } from '../api/post-data';

export const OWNER_ID = '01936f2e-8b9c-7d3a-9c1e-0123456789ab';
export const POST_ID = '01936f2e-8b9c-7d3a-9c1e-00000000a001';
export const SPOT_ID = '01936f2e-8b9c-7d3a-9c1e-00000000b001';
export const IMAGE_IDS = [
  '01936f2e-8b9c-7d3a-9c1e-00000000c001',
  '01936f2e-8b9c-7d3a-9c1e-00000000c002',
] as const;

/** A post as the API client returns it; every field can be overridden. */
export function buildPost(overrides: Partial<PostData> = {}): PostData {
  return {
    id: POST_ID,
    kind: 'spot',
    title: '駅前の桜並木',
    body: '春がおすすめです。',
    images: IMAGE_IDS.map((id) => ({
      id,
      width: 1600,
      height: 1200,
      thumbWidth: 480,
      thumbHeight: 360,
    })),
    user: { id: OWNER_ID, name: '駅太郎', avatar: null },
    stationGroupId: 1130101,
    station: { id: 1130101, name: '東京', prefectureName: '東京都' },
    parentPostId: null,
    parent: null,
    lat: 35.681236,
    lng: 139.767125,
    startsAt: null,
    endsAt: null,
    likeCount: 0,
    liked: false,
    wantCount: 0,
    wanted: false,
    commentCount: 0,
    childCount: 0,
    createdAt: '2026-04-01T10:00:00+09:00',
    updatedAt: '2026-04-01T10:00:00+09:00',
    ...overrides,
  };
}

export function imageFile(name = 'photo.jpg', type = 'image/jpeg', size = 1024): File {
  return new File([new Uint8Array(size)], name, { type });
}
