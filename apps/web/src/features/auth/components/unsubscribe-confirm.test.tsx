import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../../../test/api-response';
import { renderWithApp } from '../../../test/render-with-app';
import { UnsubscribeConfirm } from './unsubscribe-confirm';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribeConfirm', () => {
  it('calls nothing on opening, and stops the mails on the click', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { data: { email: 'e***@example.jp' }, message: '配信を停止しました。' }),
    );
    renderWithApp(<UnsubscribeConfirm token={'t'.repeat(43)} />);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: '配信を停止する' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'e***@example.jp へのお知らせメールの配信を停止しました。',
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/v2/mail/unsubscribe/${'t'.repeat(43)}`);
    expect(init?.method).toBe('POST');
  });
});
