import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { AppProviders } from '../providers';
import { Component as LoginPage } from './login';

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

function loginOk(): Response {
  return new Response(
    JSON.stringify({
      data: { token: 'x'.repeat(43), user: ME },
      message: 'ログインしました。',
      status: 200,
      success: true,
      errors: null,
    }),
    { status: 200 },
  );
}

function renderLoginAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/メールアドレス/), 'eki@example.jp');
  await user.type(screen.getByLabelText(/パスワード/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
  await screen.findByText('landed');
}

function landedAt(router: ReturnType<typeof renderLoginAt>): string {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(loginOk())),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('/login redirect', () => {
  it('returns to the page named in ?redirect=', async () => {
    const router = renderLoginAt(`/login?redirect=${encodeURIComponent('/settings/profile?x=1')}`);
    await logIn();
    await waitFor(() => expect(landedAt(router)).toBe('/settings/profile?x=1'));
  });

  it.each([
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/..//evil.example',
  ])('goes to the top page instead of %j', async (redirect) => {
    const router = renderLoginAt(`/login?redirect=${encodeURIComponent(redirect)}`);
    await logIn();
    await waitFor(() => expect(landedAt(router)).toBe('/'));
  });

  it('goes to the top page without a redirect', async () => {
    const router = renderLoginAt('/login');
    await logIn();
    await waitFor(() => expect(landedAt(router)).toBe('/'));
  });
});
