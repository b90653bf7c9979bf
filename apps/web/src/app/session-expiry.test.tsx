import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '../features/auth/api/get-me';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { Component as LoginPage } from './routes/login';
import { createUnauthorizedHandler } from './session-expiry';

const ME = {
  id: '01936f2e-8b9c-7d3a-9c1e-0123456789ab',
  name: '駅太郎',
  bio: '',
  avatar: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  email: 'eki@example.jp',
  emailVerified: true,
  mailOptIn: true,
};
const EXPIRED = 'ログインの有効期限が切れました。もう一度ログインしてください。';

function setup(signedIn: boolean) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ME_QUERY_KEY, signedIn ? ME : null);
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '*', element: <p>page</p> },
    ],
    { initialEntries: ['/settings/profile?tab=mail'] },
  );
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { queryClient, router, onUnauthorized: createUnauthorizedHandler(queryClient, router) };
}

describe('after a 401', () => {
  it('tells a member whose session ended why they are on the login page', async () => {
    const { queryClient, router, onUnauthorized } = setup(true);
    await screen.findByText('page');
    onUnauthorized();
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/settings/profile?tab=mail')}`,
    );
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  it('says nothing of the kind to a visitor', async () => {
    const { router, onUnauthorized } = setup(false);
    await screen.findByText('page');
    onUnauthorized();
    await screen.findByText('パスワードをお忘れの方はこちら');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });
});
