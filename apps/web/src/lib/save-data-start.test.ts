import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isMapPreload,
  MAP_STARTED_ATTRIBUTE,
  SAVE_DATA_ATTRIBUTE,
  savesData,
  whenVisitorActs,
} from './save-data-start';

/** The top page with Save-Data (docs/pwa.md#save-data-on-the-top-page). */

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(SAVE_DATA_ATTRIBUTE);
});

const press = (element: Element) =>
  element.dispatchEvent(new Event('pointerdown', { bubbles: true }));

describe('whenVisitorActs', () => {
  it('marks the page and runs once, at the first press that is not on a link', () => {
    document.body.innerHTML =
      '<a href="/station/1130101">東京</a><button type="button">探す</button>';
    const run = vi.fn();
    whenVisitorActs(document, run);
    expect(document.documentElement.hasAttribute(SAVE_DATA_ATTRIBUTE)).toBe(true);
    press(document.querySelector('a')!);
    expect(run).not.toHaveBeenCalled();
    press(document.querySelector('button')!);
    press(document.querySelector('button')!);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(run).toHaveBeenCalledTimes(1);
    // A press anywhere else leaves the map waiting.
    expect(document.documentElement.hasAttribute(MAP_STARTED_ATTRIBUTE)).toBe(false);
  });

  it('starts the map too when the press is on its start button', async () => {
    document.body.innerHTML = '<button type="button" data-map-start><span>地図</span></button>';
    const run = vi.fn();
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    const { mapWaitsForVisitor } = await import('./save-data-start');
    expect(mapWaitsForVisitor()).toBe(true);
    whenVisitorActs(document, run);
    press(document.querySelector('span')!);
    expect(run).toHaveBeenCalledTimes(1);
    expect(document.documentElement.hasAttribute(MAP_STARTED_ATTRIBUTE)).toBe(true);
    expect(mapWaitsForVisitor()).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('savesData and isMapPreload', () => {
  it('read the browser’s Save-Data and tell the map’s preloads from the app’s', () => {
    expect(savesData({ connection: { saveData: true } } as unknown as Navigator)).toBe(true);
    expect(savesData({} as Navigator)).toBe(false);
    expect(isMapPreload('https://ekispot.example/assets/maplibre-gl-QFrCVKi4.js')).toBe(true);
    expect(isMapPreload('/assets/browser-map-qvkd0SPb.css')).toBe(true);
    expect(isMapPreload('/api/v2/map/markers?bbox=122%2C20&zoom=7')).toBe(true);
    expect(isMapPreload('/assets/start-Bq58z04T.js')).toBe(false);
    expect(isMapPreload('/assets/home-pomJFVb_.js')).toBe(false);
  });
});
