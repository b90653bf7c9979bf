import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { ME_QUERY_KEY } from '../api/get-me';
import { LoginForm } from './login-form';

const ME = {
  id: '01936f2e-8b9c-7d3a-9c1e-0123456789ab',
  name: '駅太郎',
  bio: '',
  avatar: null,
  created_at: '2026-11-01T00:00:00.000Z',
  email: 'eki@example.jp',
  email_verified: true,
  mail_opt_in: true,
  is_moderator: false,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderForm(onSuccess = vi.fn()) {
  const { queryClient } = renderWithApp(<LoginForm onSuccess={onSuccess} />);
  return { queryClient, onSuccess };
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/メールアドレス/), email);
  if (password) await user.type(screen.getByLabelText(/パスワード/), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
  return user;
}

function describedText(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('has labelled inputs with the autocomplete a password manager expects', () => {
    renderForm();
    expect(screen.getByLabelText(/メールアドレス/).getAttribute('autocomplete')).toBe(
      'username webauthn',
    );
    expect(screen.getByLabelText(/パスワード/).getAttribute('autocomplete')).toBe(
      'current-password',
    );
  });

  it('checks the fields in Japanese before calling, and focuses the first invalid one', async () => {
    renderForm();
    await fillAndSubmit('', '');
    const email = screen.getByLabelText(/メールアドレス/);
    await waitFor(() =>
      expect(describedText(email)).toContain('メールアドレスを入力してください。'),
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a wrong address or password above the form, marks neither, and selects the password', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        message: 'メールアドレスまたはパスワードが正しくありません。',
        // As the API answers it: a message of the form, no field error.
        errors: null,
      }),
    );
    const { onSuccess } = renderForm();
    await fillAndSubmit('Eki@Example.jp', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'メールアドレスまたはパスワードが正しくありません。',
    );
    // The address may be right: it is not marked, and it is kept as typed.
    const email = screen.getByLabelText(/メールアドレス/) as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(describedText(email)).not.toContain('正しくありません');
    expect(email.value).toBe('Eki@Example.jp');
    // The password is selected, so typing it again replaces it.
    const password = screen.getByLabelText(/パスワード/) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong-password'.length]);
    expect(onSuccess).not.toHaveBeenCalled();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'eki@example.jp',
      password: 'wrong-password',
    });
  });

  it('shows a server error about the password beside the password', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        message: '入力内容を確認してください。',
        errors: { password: ['パスワードを入力してください。'] },
      }),
    );
    renderForm();
    await fillAndSubmit('eki@example.jp', 'x');
    const password = screen.getByLabelText(/パスワード/);
    await waitFor(() =>
      expect(describedText(password)).toContain('パスワードを入力してください。'),
    );
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/メールアドレス/).getAttribute('aria-invalid')).toBe('false');
  });

  it('stores the signed-in user and reports success, without writing the auth cookie', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { data: { token: 'x'.repeat(43), user: ME }, message: 'ログインしました。' }),
    );
    const { queryClient, onSuccess } = renderForm();
    await fillAndSubmit('eki@example.jp', 'correct horse');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({
      id: ME.id,
      name: '駅太郎',
      emailVerified: true,
      mailOptIn: true,
    });
    expect(document.cookie).not.toContain('auth=');
  });

  it('asks for the authenticator code after the right password, and says a wrong one', async () => {
    const secondStep = { token: 's'.repeat(43), expires_at: '2026-11-01T00:10:00.000Z' };
    fetchMock
      .mockResolvedValueOnce(
        envelope(200, {
          data: { second_step: secondStep },
          message: '確認コードを入力してください。',
        }),
      )
      .mockResolvedValueOnce(
        envelope(422, {
          message: '入力内容に誤りがあります。',
          errors: { code: ['確認コードが正しくありません。'] },
        }),
      )
      .mockResolvedValueOnce(
        envelope(200, { data: { token: 'x'.repeat(43), user: ME }, message: 'ログインしました。' }),
      );
    const { queryClient, onSuccess } = renderForm();
    const user = await fillAndSubmit('eki@example.jp', 'correct horse');
    const code = await screen.findByLabelText(/確認コード/);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeFalsy();
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('確認コードが正しくありません。');
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[2]!;
    expect(String(url)).toContain('/auth/login/second-step');
    expect(JSON.parse(String(init?.body))).toEqual({ token: secondStep.token, code: '123 456' });
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ id: ME.id });
  });

  it('disables the button while the call runs, so the form is sent once', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderForm();
    const user = await fillAndSubmit('eki@example.jp', 'correct horse');
    const button = await screen.findByRole('button', { name: 'ログインしています…' });
    expect(button.hasAttribute('disabled')).toBe(true);
    // Enter in a field submits through the (disabled) button: nothing more is sent.
    await user.type(screen.getByLabelText(/パスワード/), '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(envelope(422, { message: '入力内容に誤りがあります。', errors: { password: ['x'] } }));
    await screen.findByRole('button', { name: 'ログイン' });
  });

  it('offers to resend the verification mail when the address is not confirmed', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelope(403, {
          code: 'EMAIL_NOT_VERIFIED',
          message:
            'メールアドレスの確認が済んでいません。登録時にお送りしたメールのリンクを開いてください。',
        }),
      )
      .mockResolvedValueOnce(
        envelope(200, { message: '未確認のアカウントがある場合、確認メールを再送しました。' }),
      );
    renderForm();
    const user = await fillAndSubmit('eki@example.jp', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('メールアドレスの確認が済んでいません。');
    await user.click(screen.getByRole('button', { name: '確認メールを再送する' }));
    expect((await screen.findByRole('status')).textContent).toContain('確認メールを再送しました');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/v2/auth/email/resend');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'eki@example.jp' });
  });

  it('shows a suspended account’s refusal as the API words it, with nothing to resend', async () => {
    const message = 'このアカウントは停止されています（2026年12月3日まで）。';
    fetchMock.mockResolvedValueOnce(envelope(403, { code: 'FORBIDDEN', message }));
    renderForm();
    await fillAndSubmit('eki@example.jp', 'correct horse');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: '確認メールを再送する' })).toBeNull();
  });
});
