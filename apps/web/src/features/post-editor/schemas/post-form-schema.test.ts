import { describe, expect, it } from 'vitest';
import { imageFile } from '../test/post-fixture';
import { existingPhotos } from '../utils/photo-items';
import { emptyPostFormValues } from '../utils/post-form-values';
import { buildPostFormSchema, postFormIssues } from './post-form-schema';
import type { PostFormValues } from './post-form-schema';

const TOKYO = { lat: 35.681236, lng: 139.767125 };

function values(overrides: Partial<PostFormValues>, kind: 'spot' | 'event' | 'image' = 'spot') {
  return { ...emptyPostFormValues(kind, false), ...overrides };
}

const messagesOf = (issues: { path: string; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));

describe('spot rules', () => {
  const rules = { kind: 'spot', hasParent: false } as const;

  it('needs a title and a place in Japan', () => {
    expect(messagesOf(postFormIssues(values({}), rules))).toEqual({
      title: 'タイトルを入力してください。',
      point: '地図をクリックして場所を選んでください。',
    });
    expect(
      messagesOf(
        postFormIssues(values({ title: '港', point: { lat: 37.77, lng: -122.4 } }), rules),
      ),
    ).toEqual({ point: '日本国内の場所を選んでください。' });
    // Inside Japan's bounding box, but Korea.
    expect(
      messagesOf(
        postFormIssues(values({ title: '港', point: { lat: 35.1151, lng: 129.0415 } }), rules),
      ),
    ).toEqual({ point: '日本国内の場所を選んでください。' });
  });

  it('accepts a titled place with no body or photos', () => {
    expect(postFormIssues(values({ title: '駅前の桜', point: TOKYO }), rules)).toEqual([]);
  });

  it('counts the title without surrounding spaces', () => {
    expect(postFormIssues(values({ title: '   ', point: TOKYO }), rules)).toHaveLength(1);
    expect(postFormIssues(values({ title: `${'あ'.repeat(80)}  `, point: TOKYO }), rules)).toEqual(
      [],
    );
    expect(
      messagesOf(postFormIssues(values({ title: 'あ'.repeat(81), point: TOKYO }), rules)),
    ).toEqual({ title: 'タイトルは80文字以内で入力してください。' });
  });

  it('limits the photos to ten', () => {
    const photos = existingPhotos(Array.from({ length: 11 }, (_, i) => `id-${i}`));
    expect(messagesOf(postFormIssues(values({ title: 'a', point: TOKYO, photos }), rules))).toEqual(
      { photos: '写真は10枚まで投稿できます。' },
    );
  });
});

describe('event rules', () => {
  const rules = { kind: 'event', hasParent: false } as const;
  const station = { id: 1130101, name: '東京', prefectureName: '東京都' };

  it('needs a title, both dates and a station', () => {
    expect(messagesOf(postFormIssues(values({}, 'event'), rules))).toEqual({
      title: 'タイトルを入力してください。',
      station: '駅を選んでください。',
      startsAt: '開始日時を入力してください。',
      endsAt: '終了日時を入力してください。',
    });
  });

  it('needs the end after the start', () => {
    const base = { title: 'マルシェ', station };
    expect(
      messagesOf(
        postFormIssues(
          values({ ...base, startsAt: '2026-05-01T10:00', endsAt: '2026-05-01T10:00' }, 'event'),
          rules,
        ),
      ),
    ).toEqual({ endsAt: '終了日時は開始日時より後にしてください。' });
    expect(
      postFormIssues(
        values({ ...base, startsAt: '2026-05-01T10:00', endsAt: '2026-05-01T16:00' }, 'event'),
        rules,
      ),
    ).toEqual([]);
  });

  it('takes a point on the map instead of a station', () => {
    const dated = { title: 'a', startsAt: '2026-05-01T10:00', endsAt: '2026-05-02T10:00' };
    expect(
      messagesOf(postFormIssues(values({ ...dated, locationMode: 'point' }, 'event'), rules)),
    ).toEqual({ point: '地図をクリックして場所を選んでください。' });
    expect(
      postFormIssues(values({ ...dated, locationMode: 'point', point: TOKYO }, 'event'), rules),
    ).toEqual([]);
  });

  it('may be held at its parent spot', () => {
    const event = values(
      { title: 'a', startsAt: '2026-05-01T10:00', endsAt: '2026-05-02T10:00' },
      'event',
    );
    expect(
      postFormIssues({ ...event, locationMode: 'parent' }, { ...rules, hasParent: true }),
    ).toEqual([]);
  });
});

describe('image rules', () => {
  const rules = { kind: 'image', hasParent: false } as const;

  it('needs at least one photo; title and body are optional', () => {
    expect(messagesOf(postFormIssues(values({}, 'image'), rules))).toEqual({
      photos: '写真を1枚以上選んでください。',
    });
    expect(postFormIssues(values({ photos: existingPhotos(['a']) }, 'image'), rules)).toEqual([]);
  });

  it('rechecks each new file', () => {
    const photos = [
      { key: 'x', source: 'new' as const, file: imageFile('a.pdf', 'application/pdf') },
    ];
    expect(postFormIssues(values({ photos }, 'image'), rules)[0]?.message).toContain('「a.pdf」');
  });
});

describe('buildPostFormSchema', () => {
  it('reports the issues on their fields for the resolver', () => {
    const result = buildPostFormSchema({ kind: 'image', hasParent: false }).safeParse(
      values({}, 'image'),
    );
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['photos']]);
  });
});
