import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { hasMapView, readMapView, writeMapView } from '../utils/map-view';
import type { MapView } from '../utils/map-view';

/**
 * The top page keeps its view in `?lat=&lng=&z=`. Moving the map replaces the
 * current history entry directly: no new entry, and no router navigation (which
 * would re-run loaders and flash the loading bar on every pan).
 */
export function useMapViewUrl(): {
  initialView: MapView;
  /** No view in the address: the map opens fitted to the whole of Japan, whatever the screen. */
  fitJapan: boolean;
  saveView: (view: MapView) => void;
} {
  // The router's address, the same on the server: the first render reads it, later moves write
  // the browser's history directly.
  const { search } = useLocation();
  const [initialView] = useState(() => readMapView(search));
  const [fitJapan] = useState(() => !hasMapView(search));
  const saveView = useCallback((view: MapView) => {
    const search = writeMapView(window.location.search, view);
    if (search === window.location.search) return;
    const state: unknown = window.history.state;
    window.history.replaceState(
      state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }, []);
  return { initialView, fitJapan, saveView };
}
