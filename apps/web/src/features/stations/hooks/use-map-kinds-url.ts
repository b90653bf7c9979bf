import type { MapMarkerKind } from '@ekispot/shared';
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { readMapKinds, toggleMapKind, writeMapKinds } from '../utils/map-kinds';

/**
 * The kinds the top map shows, kept in `?kinds=` beside the view (`?lat=&lng=&z=`), so a
 * shared link shows the same markers. Like the view, it replaces the history entry directly.
 */
export function useMapKindsUrl(): {
  kinds: MapMarkerKind[];
  toggleKind: (kind: MapMarkerKind) => void;
} {
  // The router's address on the first render (the same on the server); see use-map-view-url.ts.
  const { search } = useLocation();
  const [kinds, setKinds] = useState(() => readMapKinds(search));
  const toggleKind = useCallback((kind: MapMarkerKind) => {
    setKinds((current) => {
      const next = toggleMapKind(current, kind);
      const search = writeMapKinds(window.location.search, next);
      const state: unknown = window.history.state;
      window.history.replaceState(
        state,
        '',
        `${window.location.pathname}${search}${window.location.hash}`,
      );
      return next;
    });
  }, []);
  return { kinds, toggleKind };
}
