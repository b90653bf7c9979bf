import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { ME_QUERY_KEY } from '../api/get-me';
import { LeaveForm } from './leave-form';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('LeaveForm', () => {
  it('warns what is deleted and asks again before leaving', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { message: '退会しました。ご利用ありがとうございました。' }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, { id: 'x' });
    const onLeft = vi.fn();
    renderWithApp(<LeaveForm onLeft={onLeft} />, queryClient);
    expect(screen.getByText('退会すると、次のデータがすべて削除されます')).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/パスワード/), 'my password');
    await user.click(screen.getByRole('button', { name: '退会する' }));
    const dialog = await screen.findByRole('dialog', { name: '本当に退会しますか？' });
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: '退会する' }).at(-1) ?? dialog);
    await waitFor(() =>
      expect(onLeft).toHaveBeenCalledWith('退会しました。ご利用ありがとうございました。'),
    );
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v2/auth/delete');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'my password' });
  });

  it('shows a wrong password beside the field and stays signed in', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(422, {
        message: '入力内容に誤りがあります。',
        errors: { password: ['パスワードが正しくありません。'] },
      }),
    );
    const onLeft = vi.fn();
    renderWithApp(<LeaveForm onLeft={onLeft} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/パスワード/), 'wrong');
    await user.click(screen.getByRole('button', { name: '退会する' }));
    await screen.findByRole('dialog');
    await user.click(screen.getAllByRole('button', { name: '退会する' }).at(-1) ?? document.body);
    const password = screen.getByLabelText(/パスワード/);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('パスワードが正しくありません。')).toBeTruthy();
    expect(onLeft).not.toHaveBeenCalled();
  });
});
