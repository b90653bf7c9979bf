import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { GachaResultCard } from './gacha-result-card';
import { StationPopup } from './station-popup';
import { envelope } from '../../../test/api-response';

const LINES = [
  { id: 11302, name: 'JR山手線' },
  { id: 99301, name: '東京メトロ丸ノ内線' },
];

const TOKYO = {
  id: 1130101,
  name: '東京',
  prefecture: { id: 13, name: '東京都' },
  lat: 35.681236,
  lng: 139.767125,
  lines: LINES,
  closed: false,
  closedOn: null,
};

/** The lines a card names, as links: name → href. */
function lineLinks(scope: HTMLElement) {
  return within(scope)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/line/'))
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('line chips outside the station page', () => {
  it('link 駅ガチャ’s drawn station’s lines to their pages', () => {
    renderWithApp(<GachaResultCard station={TOKYO} onAgain={() => undefined} busy={false} />);
    expect(lineLinks(screen.getByTestId('gacha-result'))).toEqual([
      ['JR山手線', '/line/11302'],
      ['東京メトロ丸ノ内線', '/line/99301'],
    ]);
  });

  it('link the lines in the map’s station sheet to their pages, the first six until asked', async () => {
    const many = Array.from({ length: 8 }, (_, index) => ({
      id: 11300 + index,
      name: `路線${index + 1}`,
    }));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        envelope(200, {
          message: '',
          data: {
            ...TOKYO,
            lines: many,
            closed_on: null,
            postal_code: '100-0005',
            opened_on: null,
            address: '東京都千代田区丸の内一丁目',
            stations: [],
            transfers: [],
            counts: { posts: 0, want_to_visit: 0, stamps: 0 },
          },
        }),
      ),
    );
    renderWithApp(<StationPopup station={TOKYO} onClose={() => undefined} sheet />);
    await screen.findByText('路線1');
    const sheet = screen.getByTestId('station-popup');
    expect(lineLinks(sheet)).toEqual(
      many.slice(0, 6).map((line) => [line.name, `/line/${line.id}`]),
    );
    // The station's own link stays in view under them.
    expect(within(sheet).getByRole('link', { name: '駅の詳細を見る' })).toBeTruthy();
    await userEvent.setup().click(within(sheet).getByRole('button', { name: 'ほか2路線を表示' }));
    expect(lineLinks(sheet)).toHaveLength(8);
    vi.unstubAllGlobals();
  });
});
