import type { MapMarkerKind } from '@ekispot/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { useMapMarkers } from '../api/get-map-markers';
import { isEndedEvent, nextMarkerQueryBox, postMarkersToGeoJson } from '../utils/post-markers';
import type { PostMarkerKind, Viewport } from '../utils/post-markers';

/** Wait this long after the map stops before asking for the markers of the new view. */
const MARKER_FETCH_DEBOUNCE_MS = 300;

export function isPostKind(kind: MapMarkerKind): kind is PostMarkerKind {
  return kind === 'spot' || kind === 'event';
}

function readViewport(map: MapRef): Viewport {
  const bounds = map.getBounds();
  return {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
    zoom: map.getZoom(),
  };
}

/**
 * The spots and events of the map's current view (GET /map/markers). Call `refresh(true)`
 * when the map loads and `refresh()` on every moveend: the call waits until the map has been
 * still for a moment, and a view still inside the last box asks nothing new.
 */
export function useViewportPostMarkers(
  mapRef: RefObject<MapRef | null>,
  kinds: readonly MapMarkerKind[],
  options: { showEnded: boolean } = { showEnded: false },
) {
  const { showEnded } = options;
  const [box, setBox] = useState<Viewport | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const postKinds = useMemo(() => kinds.filter(isPostKind), [kinds]);
  const query = useMapMarkers(box, postKinds);

  const refresh = useCallback(
    (now = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(
        () => {
          const map = mapRef.current;
          if (map) setBox((previous) => nextMarkerQueryBox(previous, readViewport(map)));
        },
        now ? 0 : MARKER_FETCH_DEBOUNCE_MS,
      );
    },
    [mapRef],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const markers = useMemo(
    // Filter here too, so a chip hides its markers at once, before any new answer.
    () =>
      postKinds.length === 0
        ? []
        : (query.data?.items ?? []).filter(
            (marker) =>
              isPostKind(marker.kind) &&
              postKinds.includes(marker.kind) &&
              // Ended events stay off the map unless asked for.
              (showEnded || !isEndedEvent(marker)),
          ),
    [query.data, postKinds, showEnded],
  );
  const geoJson = useMemo(() => postMarkersToGeoJson(markers), [markers]);
  const byId = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);

  return {
    active: postKinds.length > 0,
    geoJson,
    byId,
    count: markers.length,
    loading: query.isPending && box !== null,
    failed: query.isError,
    truncated: query.data?.truncated ?? false,
    refresh,
  };
}
