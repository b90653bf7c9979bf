import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationHistory } from '../lib/navigation-history';
import { BackLink } from './back-link';

afterEach(() => navigationHistory.set([]));

describe('BackLink', () => {
  it('leads to the page the member came from, else to the fallback', () => {
    render(
      <MemoryRouter>
        <BackLink fallback="/station/1130101" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: '戻る' });
    expect(link.getAttribute('href')).toBe('/station/1130101');
    act(() => navigationHistory.set(['/timeline/post/all', '/list/abc']));
    expect(link.getAttribute('href')).toBe('/list/abc');
  });
});
