import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorView } from './error-view';

function renderStatus(status: number) {
  render(
    <MemoryRouter>
      <ErrorView status={status} />
    </MemoryRouter>,
  );
}

describe('ErrorView', () => {
  it('gives a 404 the specification’s 「Page Not Found」 beside the Japanese heading', () => {
    renderStatus(404);
    expect(screen.getByText('Page Not Found').getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });

  it.each([500, 502, 403])(
    'gives %i the specification’s 「Internal Server Error」 beside the Japanese heading',
    (status) => {
      renderStatus(status);
      expect(screen.getByText('Internal Server Error').getAttribute('lang')).toBe('en');
      expect(screen.getByRole('heading', { level: 1, name: 'エラーが発生しました' })).toBeTruthy();
      expect(screen.queryByText('Page Not Found')).toBeNull();
    },
  );
});
