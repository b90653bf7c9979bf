import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetViewport, setViewportWidth } from '../../../test/media-queries';
import { renderWithApp } from '../../../test/render-with-app';
import { ListMapOnRequest } from './list-map-on-request';

const PLACES = [
  { lat: 35.681, lng: 139.767 },
  { lat: 35.69, lng: 139.7 },
  { lat: 35.629, lng: 139.739 },
];

afterEach(resetViewport);

describe('ListMapOnRequest', () => {
  it('shows a phone the places sketched in order, and the map once asked for', async () => {
    setViewportWidth(390);
    renderWithApp(
      <ListMapOnRequest places={PLACES}>
        <p>MAP</p>
      </ListMapOnRequest>,
    );
    const open = await screen.findByRole('button', { name: '地図を表示' });
    expect(screen.queryByText('MAP')).toBeNull();
    const sketch = document.querySelector('svg[aria-hidden="true"]');
    expect(sketch?.querySelectorAll('circle')).toHaveLength(3);
    expect([...(sketch?.querySelectorAll('text') ?? [])].map((n) => n.textContent)).toEqual([
      '3',
      '2',
      '1',
    ]);

    await userEvent.click(open);
    expect(await screen.findByText('MAP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '地図を表示' })).toBeNull();
  });

  it('opens the map at once from a tablet’s width', async () => {
    setViewportWidth(1024);
    renderWithApp(
      <ListMapOnRequest places={PLACES}>
        <p>MAP</p>
      </ListMapOnRequest>,
    );
    expect(await screen.findByText('MAP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '地図を表示' })).toBeNull();
  });
});
