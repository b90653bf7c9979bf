import { describe, expect, it } from 'vitest';
import { sketchPlaces } from './route-sketch.js';

const PANEL = { x: 10, y: 20, width: 300, height: 200, pad: 20 };

describe('sketchPlaces', () => {
  it('puts one place in the middle of the panel', () => {
    expect(sketchPlaces([{ lat: 35.68, lng: 139.77 }], PANEL)).toEqual([{ x: 160, y: 120 }]);
  });

  it('frames places west to east and north to south, inside the margin, keeping proportions', () => {
    // Tokyo, Shinjuku and Shinagawa stations.
    const [tokyo, shinjuku, shinagawa] = sketchPlaces(
      [
        { lat: 35.681, lng: 139.767 },
        { lat: 35.69, lng: 139.7 },
        { lat: 35.629, lng: 139.739 },
      ],
      PANEL,
    );
    expect(shinjuku!.x).toBeLessThan(tokyo!.x);
    expect(shinagawa!.y).toBeGreaterThan(tokyo!.y);
    for (const p of [tokyo!, shinjuku!, shinagawa!]) {
      expect(p.x).toBeGreaterThanOrEqual(PANEL.x + PANEL.pad - 1e-9);
      expect(p.x).toBeLessThanOrEqual(PANEL.x + PANEL.width - PANEL.pad + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(PANEL.y + PANEL.pad - 1e-9);
      expect(p.y).toBeLessThanOrEqual(PANEL.y + PANEL.height - PANEL.pad + 1e-9);
    }
    // One scale for both axes: east-west degrees shrunk by the cosine of the latitude.
    const eastWest = (tokyo!.x - shinjuku!.x) / (139.767 - 139.7);
    const northSouth = (shinagawa!.y - tokyo!.y) / (35.681 - 35.629);
    expect(eastWest / northSouth).toBeCloseTo(Math.cos((35.6667 * Math.PI) / 180), 2);
  });

  it('does not blow two places a few metres apart up to the whole panel', () => {
    const [a, b] = sketchPlaces(
      [
        { lat: 35.681, lng: 139.767 },
        { lat: 35.6811, lng: 139.767 },
      ],
      PANEL,
    );
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  });

  it('has nothing to draw for no places', () => {
    expect(sketchPlaces([], PANEL)).toEqual([]);
  });
});
