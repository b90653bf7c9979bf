import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme';
import { resetViewport, setViewportWidth } from '../../test/media-queries';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';

function renderFrame(path: string) {
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <AppHeader account={null} />
        <BottomNav post={<button type="button">投稿</button>} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

afterEach(() => {
  cleanup();
  resetViewport();
});

describe('the member directory in the navigation', () => {
  it('is ユーザー among the header’s destinations on a desktop', () => {
    setViewportWidth(1280);
    renderFrame('/users/01936f2e-8b9c-7d3a-9c1e-0123456789ab/followers');
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    const users = within(nav).getByRole('link', { name: 'ユーザー' });
    expect(users.getAttribute('href')).toBe('/users');
    expect(users.getAttribute('aria-current')).toBe('page');
    // One way there on a desktop: the phone's header icon is not drawn.
    expect(screen.getAllByRole('link', { name: 'ユーザー' })).toHaveLength(1);
  });

  it('is an icon in the header on a phone, leaving the bottom bar its four destinations', () => {
    setViewportWidth(390);
    renderFrame('/users');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
    const users = within(screen.getByRole('banner')).getByRole('link', { name: 'ユーザー' });
    expect(users.getAttribute('href')).toBe('/users');
    expect(users.getAttribute('aria-current')).toBe('page');
    const bar = screen.getByRole('navigation', { name: 'メニュー' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['地図', 'タイムライン', 'ランキング', '駅ガチャ']);
  });

  it('is not marked current on another page', () => {
    setViewportWidth(390);
    renderFrame('/rankings/impact');
    const users = within(screen.getByRole('banner')).getByRole('link', { name: 'ユーザー' });
    expect(users.getAttribute('aria-current')).toBeNull();
  });
});
