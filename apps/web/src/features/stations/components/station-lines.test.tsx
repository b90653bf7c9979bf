import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StationLines } from './station-lines';

const LINES = Array.from({ length: 14 }, (_, index) => ({
  id: 11300 + index,
  name: `路線${index + 1}`,
}));

describe('StationLines', () => {
  it('links each line to its page and folds a long list behind 「ほか N 路線」', async () => {
    render(
      <MemoryRouter>
        <dl>
          <StationLines lines={LINES} />
        </dl>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('link')).toHaveLength(6);
    // The folded ones are in the markup for crawlers, hidden from everyone until unfolded.
    expect(screen.getByText('路線14').closest('li')?.hidden).toBe(true);
    expect(screen.getByRole('link', { name: '路線1' }).getAttribute('href')).toBe('/line/11300');
    await userEvent.setup().click(screen.getByRole('button', { name: 'ほか8路線を表示' }));
    expect(screen.getAllByRole('link')).toHaveLength(14);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
