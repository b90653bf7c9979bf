import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { FakeXhr } from '../../../test/fake-xml-http-request';
import { renderWithApp } from '../../../test/render-with-app';
import { ME_QUERY_KEY } from '../api/get-me';
import type { SessionUser } from '../api/get-me';
import { ProfileForm } from './profile-form';

const AVATAR_ID = '01936f2e-8b9c-7d3a-9c1e-00000000a7a7';

const USER: SessionUser = {
  id: '01936f2e-8b9c-7d3a-9c1e-0123456789ab',
  name: '駅太郎',
  bio: '',
  avatar: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  email: 'eki@example.jp',
  emailVerified: true,
  mailOptIn: true,
  isModerator: false,
};

function wireMe(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    id: USER.id,
    name: USER.name,
    bio: USER.bio,
    avatar: USER.avatar,
    created_at: USER.createdAt,
    email: USER.email,
    email_verified: true,
    mail_opt_in: true,
    is_moderator: false,
    ...overrides,
  };
}

function renderForm(user: SessionUser = USER) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, user);
  renderWithApp(<ProfileForm user={user} />, queryClient);
  return queryClient;
}

function sentEntries(): [string, FormDataEntryValue][] {
  const body = FakeXhr.last?.body;
  if (!(body instanceof FormData)) throw new Error('no form was sent');
  return [...body.entries()];
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn(() => 'blob:preview'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

afterEach(() => vi.unstubAllGlobals());

describe('ProfileForm', () => {
  it('counts the bio characters against the limit', async () => {
    renderForm();
    await userEvent.setup().type(screen.getByLabelText('自己紹介'), '各駅停車の旅');
    expect(screen.getByText('6 / 160文字')).toBeTruthy();
  });

  it('previews the chosen avatar and uploads it with the fields, showing progress', async () => {
    const queryClient = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/ニックネーム/));
    await user.type(screen.getByLabelText(/ニックネーム/), '駅花子');
    await user.type(screen.getByLabelText('自己紹介'), '週末は各駅停車の旅');
    await user.click(screen.getByRole('switch', { name: /お知らせメール/ }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('プロフィール画像のファイル'), file);

    expect(screen.getByRole('img', { name: '選択した画像のプレビュー' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    expect(screen.getByText('選択中：me.png')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(FakeXhr.last?.url).toBe('/api/v2/auth/update');
    const entries = sentEntries();
    expect(entries.map(([key]) => key)).toEqual(['name', 'bio', 'mail_opt_in', 'avatar']);
    expect(Object.fromEntries(entries.slice(0, 3))).toEqual({
      name: '駅花子',
      bio: '週末は各駅停車の旅',
      mail_opt_in: 'false',
    });
    const sentFile = entries[3]?.[1];
    expect(sentFile instanceof File ? sentFile.name : null).toBe('me.png');
    expect(screen.getByRole('button', { name: '保存しています…' }).hasAttribute('disabled')).toBe(
      true,
    );

    FakeXhr.last?.progress(3, 4);
    const bar = await screen.findByRole('progressbar', { name: '画像をアップロードしています' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('75'));

    FakeXhr.last?.respond(200, {
      data: wireMe({
        name: '駅花子',
        bio: '週末は各駅停車の旅',
        avatar: AVATAR_ID,
        mail_opt_in: false,
      }),
      message: 'プロフィールを更新しました。',
      status: 200,
      success: true,
      errors: null,
    });
    const status = await screen.findByText('プロフィールを更新しました。');
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({
      name: '駅花子',
      avatar: AVATAR_ID,
      mailOptIn: false,
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('asks the server to remove the avatar', async () => {
    renderForm({ ...USER, avatar: AVATAR_ID });
    const user = userEvent.setup();
    expect(
      screen.getByRole('img', { name: '駅太郎さんのプロフィール画像' }).getAttribute('src'),
    ).toBe(`/api/v2/image/${AVATAR_ID}?size=thumb`);
    await user.click(screen.getByRole('button', { name: '画像を削除' }));
    expect(screen.getByText('保存すると、プロフィール画像が削除されます。')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(Object.fromEntries(sentEntries())).toMatchObject({ remove_avatar: 'true' });
    expect(sentEntries().some(([key]) => key === 'avatar')).toBe(false);
  });

  it('refuses a file that is not an image before sending, and focuses the picker', async () => {
    renderForm();
    const user = userEvent.setup({ applyAccept: false });
    const pdf = new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('プロフィール画像のファイル'), pdf);
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText('JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください。'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '画像を選択' })),
    );
    expect(FakeXhr.last).toBeNull();
  });

  it('shows server field errors beside their fields', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last?.respond(422, {
      data: null,
      message: '入力内容に誤りがあります。',
      status: 422,
      success: false,
      errors: { name: ['このニックネームは使用できません。'] },
    });
    const name = screen.getByLabelText(/ニックネーム/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const helpId = name.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(helpId)?.textContent).toBe('このニックネームは使用できません。');
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
