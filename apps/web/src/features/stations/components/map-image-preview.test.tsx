import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MapImagePreview } from './map-image-preview';

describe('MapImagePreview', () => {
  it("shows the server's image at every width and swaps in the map on a tap", async () => {
    const scales: number[] = [];
    render(
      <MapImagePreview
        kind="station"
        id={1130101}
        alt="東京駅周辺の地図"
        renderMap={(scale) => {
          scales.push(scale);
          return <section aria-label="東京駅周辺の地図">地図</section>;
        }}
      />,
    );
    const image = screen.getByRole('img', { name: '東京駅周辺の地図' });
    expect(image.getAttribute('src')).toBe('/api/v2/maps/station/1130101.webp?w=480');
    expect(image.getAttribute('srcset')).toContain('/api/v2/maps/station/1130101.webp?w=960 960w');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['480', '320']);
    expect(scales).toEqual([]);

    // Keyboard: the focus reaches the button, Enter opens the map, which takes the focus.
    await userEvent.tab();
    const button = screen.getByRole('button', { name: '地図を操作する' });
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: '東京駅周辺の地図' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '地図を操作する' })).toBeNull();
    expect(scales.length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(screen.getByTestId('map-image-preview'));
  });

  it("names what a post's or list's image shows in its address", () => {
    const { rerender } = render(
      <MapImagePreview
        kind="post"
        id="p"
        alt="場所"
        places={[{ lat: 35.1, lng: 139.1 }]}
        renderMap={() => null}
      />,
    );
    const first = screen.getByRole('img').getAttribute('src');
    expect(first).toMatch(/^\/api\/v2\/maps\/post\/p\.webp\?w=480&v=\w+$/);
    rerender(
      <MapImagePreview
        kind="post"
        id="p"
        alt="場所"
        places={[{ lat: 35.2, lng: 139.1 }]}
        renderMap={() => null}
      />,
    );
    expect(screen.getByRole('img').getAttribute('src')).not.toBe(first);
  });
});
