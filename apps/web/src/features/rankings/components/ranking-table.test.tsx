import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RankingTable } from './ranking-table';

const row = (n: number, rank: number, score: number, change: number | null) => ({
  rank,
  user: {
    id: `01936f2e-8b9c-7d3a-9c1e-0000000000${String(n).padStart(2, '0')}`,
    name: `会員${n}`,
    avatar: null,
  },
  score,
  change,
});

function renderTable(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

describe('RankingTable', () => {
  it('shows shared ranks and changes, and pins the own row when it is off the page', () => {
    const rows = [row(1, 1, 10, 3), row(2, 1, 10, null), row(3, 3, 4, -2)];
    renderTable(
      <RankingTable caption="影響度数ランキング（今週）" rows={rows} me={row(9, 57, 1, 0)} />,
    );
    const table = screen.getByRole('table', { name: '影響度数ランキング（今週）' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    // The avatar's initial (会, hidden from assistive technology) starts each member cell.
    expect(bodyRows.map((r) => r.textContent)).toEqual([
      '1位会会員110+3',
      '1位会会員210—',
      '3位会会員34-2',
      '57位会会員9（あなた）1±0',
    ]);
    expect(bodyRows[3]?.getAttribute('aria-current')).toBe('true');
  });

  it('never breaks a heading inside its word on a narrow phone', () => {
    renderTable(<RankingTable caption="ランキング" rows={[row(1, 1, 10, 3)]} me={null} />);
    for (const name of ['順位', 'スコア'])
      expect(getComputedStyle(screen.getByRole('columnheader', { name })).whiteSpace).toBe(
        'nowrap',
      );
  });

  it('marks the own row in place when it is on the page', () => {
    const rows = [row(1, 1, 10, 3), row(2, 2, 8, 1)];
    renderTable(<RankingTable caption="投稿数ランキング" rows={rows} me={rows[1]!} />);
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(2);
    expect(bodyRows[1]?.getAttribute('aria-current')).toBe('true');
  });
});
