import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { usePageStartsAtTop } from './use-page-starts-at-top';

function Root() {
  usePageStartsAtTop();
  return <Outlet />;
}

let scrolled: MockInstance<typeof window.scrollTo>;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', Component: Root, children: [{ path: '*', element: <p>page</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return {
    go: (to: string | number, options?: { replace?: boolean }) =>
      act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options))),
  };
}

beforeEach(() => {
  scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const toTop = () => scrolled.mock.calls.filter((call) => call[0] === 0 && call[1] === 0).length;

describe('usePageStartsAtTop', () => {
  it('leaves the first page where the browser put it', () => {
    renderAt('/post/1');
    expect(toTop()).toBe(0);
  });

  it('opens a page reached by a link, or replaced after a form, at its top', async () => {
    const { go } = renderAt('/post/create/image/1130101');
    await go('/post/2', { replace: true });
    expect(toTop()).toBe(1);
    await go('/contact/takedown?url=%2Fpost%2F2');
    expect(toTop()).toBe(2);
  });

  it('leaves back and forward, a new query and a #fragment alone', async () => {
    const { go } = renderAt('/timeline/post/all');
    await go('/post/3');
    expect(toTop()).toBe(1);
    await go(-1);
    await go('/timeline/post/all?kinds=spot', { replace: true });
    await go('/post/3#comment-9');
    expect(toTop()).toBe(1);
  });
});
