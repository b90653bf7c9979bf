import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import {
  createMemoryRouter,
  MemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationHistory, useNavigationHistoryTracker } from '../lib/navigation-history';
import { BackLink } from './back-link';

afterEach(() => navigationHistory.set([]));

/** The root layout's part here: the tracker, and the address shown. */
function Root() {
  useNavigationHistoryTracker();
  return (
    <>
      <p data-testid="at">{useLocation().pathname}</p>
      <Outlet />
    </>
  );
}

describe('BackLink', () => {
  it('leads to the page the member came from, else to the fallback', () => {
    render(
      <MemoryRouter>
        <BackLink fallback="/station/1130101" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '戻る' });
    expect(link.getAttribute('href')).toBe('/station/1130101');
    act(() =>
      navigationHistory.set([
        { path: '/timeline/post/all', index: null },
        { path: '/list/abc', index: null },
      ]),
    );
    expect(link.getAttribute('href')).toBe('/list/abc');
  });

  it('goes back through the pages, never back and forth between the last two', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/timeline/post/all', element: <p>タイムライン</p> },
            { path: '/post/:id', element: <BackLink fallback="/station/1130101" /> },
            { path: '/station/:id', element: <BackLink fallback="/" /> },
          ],
        },
      ],
      { initialEntries: ['/timeline/post/all'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/post/p1'));
    await act(() => router.navigate('/station/1130101'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: '戻る' }));
    expect(screen.getByTestId('at').textContent).toBe('/post/p1');
    await user.click(screen.getByRole('link', { name: '戻る' }));
    expect(screen.getByTestId('at').textContent).toBe('/timeline/post/all');
    expect(navigationHistory.get()).toEqual([]);
  });

  it('from a page opened cold, goes to its parent and on up, not back down', async () => {
    const router = createMemoryRouter(
      [
        {
          element: <Root />,
          children: [
            { path: '/', element: <p>地図</p> },
            { path: '/post/:id', element: <BackLink fallback="/station/1130101" /> },
            { path: '/station/:id', element: <BackLink fallback="/" /> },
          ],
        },
      ],
      { initialEntries: ['/post/p1'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: '戻る' }));
    expect(screen.getByTestId('at').textContent).toBe('/station/1130101');
    await user.click(screen.getByRole('link', { name: '戻る' }));
    expect(screen.getByTestId('at').textContent).toBe('/');
  });
});
