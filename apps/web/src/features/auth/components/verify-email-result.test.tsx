import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { createQueryClient } from '../../../lib/query-client';
import { ME_QUERY_KEY } from '../api/get-me';
import { VerifyEmailResult } from './verify-email-result';

const token = 'v'.repeat(43);
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailResult', () => {
  it('names the registration and confirms nothing until 「はい」', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelope(200, { data: { name: '花子', confirmed: false }, message: '' }),
      )
      .mockResolvedValueOnce(
        envelope(200, {
          data: { user: null },
          message: 'メールアドレスを確認しました。ログインしてください。',
        }),
      );
    renderWithApp(<VerifyEmailResult token={token} />);
    expect(
      await screen.findByText('「花子」という名前で、このメールアドレスの登録がありました。'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'この登録に心当たりがありますか？' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/v2/auth/email/verify/${token}/account`);

    await userEvent.setup().click(screen.getByRole('button', { name: 'はい、登録を完了する' }));
    expect(
      await screen.findByText('メールアドレスを確認しました。ログインしてください。'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/v2/auth/email/verify/${token}`);
    // Opened in another browser than the one that registered: the next step is to log in.
    expect(screen.getByText(/パスワードでログインすると/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログインする' })).toBeTruthy();
  });

  it('signs the member in when 「はい」 is pressed in the browser that registered', async () => {
    const user = {
      id: '01936f2e-8b9c-7d3a-9c1e-00000000a001',
      name: '花子',
      bio: '',
      avatar: null,
      created_at: '2026-11-28T00:00:00.000Z',
      email: 'hanako@example.jp',
      email_verified: true,
      mail_opt_in: true,
      is_moderator: false,
    };
    fetchMock
      .mockResolvedValueOnce(
        envelope(200, { data: { name: '花子', confirmed: false }, message: '' }),
      )
      .mockResolvedValueOnce(
        envelope(200, {
          data: { user },
          message: 'メールアドレスを確認しました。登録が完了し、ログインしました。',
        }),
      );
    const queryClient = createQueryClient();
    renderWithApp(<VerifyEmailResult token={token} />, queryClient);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'はい、登録を完了する' }));
    expect(
      await screen.findByText('メールアドレスを確認しました。登録が完了し、ログインしました。'),
    ).toBeTruthy();
    // Signed in: the app knows the member at once, and no login is asked for.
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ name: '花子' });
    expect(screen.getByRole('link', { name: 'さっそく使ってみる' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'ログインする' })).toBeNull();
  });

  it('removes the registration on 「いいえ」 and says the address waits a day', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelope(200, { data: { name: 'なりすまし', confirmed: false }, message: '' }),
      )
      .mockResolvedValueOnce(
        envelope(200, { message: '登録を取り消しました。お手数をおかけしました。' }),
      );
    renderWithApp(<VerifyEmailResult token={token} />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'いいえ、心当たりがない' }));
    expect(await screen.findByText('登録を取り消しました。お手数をおかけしました。')).toBeTruthy();
    expect(screen.getByText(/24時間受け付けません/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/v2/auth/email/verify/${token}/decline`);
    expect(init?.method).toBe('POST');
  });

  it('says the address is confirmed when the used link is opened again', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { data: { name: '花子', confirmed: true }, message: '' }),
    );
    renderWithApp(<VerifyEmailResult token={token} />);
    expect(
      await screen.findByText('このメールアドレスは確認済みです。ログインしてください。'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'はい、登録を完了する' })).toBeNull();
    expect(screen.getByRole('link', { name: 'ログインする' })).toBeTruthy();
  });

  it('says when the link no longer works', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(400, { message: 'このリンクは無効か、有効期限が切れています。' }),
    );
    renderWithApp(<VerifyEmailResult token={token} />);
    expect(await screen.findByText('このリンクは無効か、有効期限が切れています。')).toBeTruthy();
    expect(screen.getByText('確認メールは、ログイン画面から再送できます。')).toBeTruthy();
  });
});
