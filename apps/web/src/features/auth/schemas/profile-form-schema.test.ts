import { AVATAR_MAX_BYTES } from '@ekispot/shared';
import { describe, expect, it } from 'vitest';
import { buildProfileFormData, profileFormSchema } from './profile-form-schema';
import type { ProfileFormValues } from './profile-form-schema';

function png(name = 'avatar.png', size = 16, type = 'image/png'): File {
  return new File([new Uint8Array(size)], name, { type });
}

function values(overrides: Partial<ProfileFormValues> = {}): ProfileFormValues {
  return {
    name: '駅太郎',
    bio: '週末は各駅停車の旅に出ています。',
    mail_opt_in: true,
    avatar: null,
    remove_avatar: false,
    ...overrides,
  };
}

describe('profileFormSchema', () => {
  it('accepts a profile and trims the text fields', () => {
    const parsed = profileFormSchema.parse(values({ name: '  駅太郎  ', bio: ' こんにちは ' }));
    expect(parsed.name).toBe('駅太郎');
    expect(parsed.bio).toBe('こんにちは');
  });

  it('refuses an empty name and a bio over the limit, in Japanese', () => {
    const result = profileFormSchema.safeParse(values({ name: ' ', bio: 'あ'.repeat(161) }));
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual(['name', 'ニックネームを入力してください。']);
    expect(issues).toContainEqual(['bio', '自己紹介は160文字以内で入力してください。']);
  });

  it('refuses an avatar over 10 MB or of another type', () => {
    const big = profileFormSchema.safeParse(
      values({ avatar: png('big.png', AVATAR_MAX_BYTES + 1) }),
    );
    expect(big.error?.issues[0]?.message).toBe('画像は10MB以下のファイルを選択してください。');
    const pdf = profileFormSchema.safeParse(
      values({ avatar: png('doc.pdf', 10, 'application/pdf') }),
    );
    expect(pdf.error?.issues[0]?.message).toBe(
      'JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください。',
    );
  });

  it('refuses a HEIC file, which the server cannot decode', () => {
    expect(
      profileFormSchema.safeParse(values({ avatar: png('IMG_0001.HEIC', 10, 'image/heic') }))
        .success,
    ).toBe(false);
  });
});

describe('buildProfileFormData', () => {
  it('sends the text fields in snake_case, the opt-in as true/false, and no avatar fields', () => {
    const body = buildProfileFormData(profileFormSchema.parse(values({ mail_opt_in: false })));
    expect([...body.entries()]).toEqual([
      ['name', '駅太郎'],
      ['bio', '週末は各駅停車の旅に出ています。'],
      ['mail_opt_in', 'false'],
    ]);
  });

  it('sends a chosen file as `avatar`, last, and never asks to remove at the same time', () => {
    const file = png();
    const body = buildProfileFormData(
      profileFormSchema.parse(values({ avatar: file, remove_avatar: true })),
    );
    expect([...body.keys()]).toEqual(['name', 'bio', 'mail_opt_in', 'avatar']);
    const sent = body.get('avatar');
    expect(sent instanceof File ? sent.name : null).toBe('avatar.png');
    expect(body.has('remove_avatar')).toBe(false);
  });

  it('sends remove_avatar=true when the avatar is removed', () => {
    const body = buildProfileFormData(profileFormSchema.parse(values({ remove_avatar: true })));
    expect(body.get('remove_avatar')).toBe('true');
    expect(body.has('avatar')).toBe(false);
  });

  it('sends an emptied bio as an empty field, so it is cleared', () => {
    const body = buildProfileFormData(profileFormSchema.parse(values({ bio: '' })));
    expect(body.get('bio')).toBe('');
  });
});
