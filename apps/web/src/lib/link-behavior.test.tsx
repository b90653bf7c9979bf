import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** A page with links, in a memory router, so a click the router takes shows in its location. */
function renderLinks() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ThemeProvider theme={theme}>
            <Button href="/lists/1">リストへ</Button>
            <Button href="/api/v2/lists/1/export?format=gpx">GPXで書き出す</Button>
            <Button href="/lists/1/file.geojson" download>
              ダウンロード
            </Button>
          </ThemeProvider>
        ),
      },
    ],
    { initialEntries: ['/list/1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LinkBehavior', () => {
  it('routes in-app paths, and leaves API paths and downloads to the browser', () => {
    const router = renderLinks();
    // Whether the router took the click (it prevents the browser's navigation); then the
    // browser's is stopped too, which the test DOM cannot do.
    let taken = false;
    const listen = (event: MouseEvent) => {
      taken = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', listen);
    const click = (name: string) => {
      const link = screen.getByRole('link', { name });
      fireEvent.click(link, { button: 0 });
      return link;
    };
    try {
      expect(click('GPXで書き出す').getAttribute('href')).toBe('/api/v2/lists/1/export?format=gpx');
      expect(taken).toBe(false);
      expect(router.state.location.pathname).toBe('/list/1');
      click('ダウンロード');
      expect(taken).toBe(false);
      click('リストへ');
      expect(taken).toBe(true);
      expect(router.state.location.pathname).toBe('/lists/1');
    } finally {
      window.removeEventListener('click', listen);
    }
  });

  it('keeps latin words in buttons as spelled (no capitals)', () => {
    renderLinks();
    const style = getComputedStyle(screen.getByRole('link', { name: 'GPXで書き出す' }));
    expect(style.textTransform).toBe('none');
  });
});
