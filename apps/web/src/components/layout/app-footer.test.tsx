import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme';
import { AppFooter, takedownPagePath } from './app-footer';

const POST = '/post/01936f2e-8b9c-7d3a-9c1e-00000000a001';
const MEMBER = '01936f2e-8b9c-7d3a-9c1e-0123456789ab';

function takedownHrefAt(path: string): string | null {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <AppFooter />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return screen.getByRole('link', { name: '削除の申し出' }).getAttribute('href');
}

describe('the footer’s 削除の申し出', () => {
  it('fills in the post, comment, member or list page it is pressed on', () => {
    expect(takedownHrefAt(POST)).toBe(`/contact/takedown?url=${encodeURIComponent(POST)}`);
  });

  it('names only pages that show one item a request can be about', () => {
    for (const path of [
      POST,
      `${POST}/comment/01936f2e-8b9c-7d3a-9c1e-00000000c001`,
      `/list/01936f2e-8b9c-7d3a-9c1e-00000000b001`,
      `/profile/${MEMBER}`,
      `/profile/${MEMBER}/action/liked`,
      `/users/${MEMBER}/followers`,
    ])
      expect(takedownPagePath(path)).toBe(path);
    for (const path of [
      '/',
      '/station/1130101',
      '/users',
      '/post/create/spot',
      `/post/update/${MEMBER}/event`,
      '/timeline/post/all',
      '/contact/takedown',
    ])
      expect(takedownPagePath(path)).toBeUndefined();
  });

  it('opens the empty form from any other page', () => {
    expect(takedownHrefAt('/station/1130101')).toBe('/contact/takedown');
  });
});
