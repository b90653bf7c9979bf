import type { MapImageKind } from '@ekispot/shared';
import { lazy } from 'react';
import { MapImagePreview } from './map-image-preview';

const StationMiniMap = lazy(() => import('./station-mini-map'));

/**
 * A station's or a post's place as the server's image, the interactive map after a tap
 * (docs/map.md#map-images). `label` is both the image's alt text and the map's name.
 */
export function StationMapImage({
  kind,
  id,
  label,
  lat,
  lng,
}: {
  kind: Extract<MapImageKind, 'station' | 'post'>;
  id: string | number;
  label: string;
  lat: number;
  lng: number;
}) {
  return (
    <MapImagePreview
      kind={kind}
      id={id}
      alt={label}
      // A post's place may be moved; a station's changes only with an import (its ETag).
      places={kind === 'post' ? [{ lat, lng }] : undefined}
      renderMap={(scale) => (
        <StationMiniMap name={label} label={label} lat={lat} lng={lng} scale={scale} />
      )}
    />
  );
}
