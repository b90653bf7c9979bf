import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import { useMemo } from 'react';
import type { ReactNode, Ref } from 'react';
import { Layer, Map as MapView, Source } from 'react-map-gl/maplibre';
import type { MapProps, MapRef } from 'react-map-gl/maplibre';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { messages } from '../../../config/messages';
import {
  prefectureLabelLayer,
  railwayCasingLayer,
  railwayLayer,
} from '../../../lib/map/basemap-layers';
import { buildBasemapStyle, EMPTY_COLLECTION } from '../../../lib/map/basemap-style';
import { LOCAL_IDEOGRAPH_FONT_FAMILY } from '../../../lib/map/map-fonts';
import { configureMaplibre } from '../../../lib/map/maplibre-setup';
import { usePrefectureLabels } from '../api/get-prefecture-labels';
import { useRailways } from '../api/get-railways';

configureMaplibre();

const ATTRIBUTION = `${messages.map.attributionNaturalEarth} | ${messages.map.attributionStations}`;

type BaseMapProps = Omit<MapProps, 'mapLib' | 'mapStyle' | 'localIdeographFontFamily'> & {
  children?: ReactNode;
  ref?: Ref<MapRef>;
};

/**
 * MapLibre map with the app's basemap (offline GeoJSON or configured raster
 * tiles), railway lines and prefecture names. Children add further sources.
 */
export function BaseMap({ children, ref, ...props }: BaseMapProps) {
  const config = getRuntimeConfig();
  const offline = config.mapTileUrl === null;
  const style = useMemo(
    () =>
      buildBasemapStyle({
        tileUrl: config.mapTileUrl,
        tileAttribution: config.mapTileAttribution,
        attribution: ATTRIBUTION,
      }),
    [config.mapTileUrl, config.mapTileAttribution],
  );
  const railways = useRailways();
  const prefectureLabels = usePrefectureLabels(offline);

  return (
    <MapView
      ref={ref}
      mapLib={maplibregl}
      mapStyle={style}
      localIdeographFontFamily={LOCAL_IDEOGRAPH_FONT_FAMILY}
      attributionControl={{ compact: false, customAttribution: offline ? undefined : ATTRIBUTION }}
      {...props}
    >
      <Source id="railways" type="geojson" data={railways.data ?? EMPTY_COLLECTION}>
        <Layer {...railwayCasingLayer} />
        <Layer {...railwayLayer} />
      </Source>
      {offline ? (
        <Source
          id="prefecture-labels"
          type="geojson"
          data={prefectureLabels.data ?? EMPTY_COLLECTION}
        >
          <Layer {...prefectureLabelLayer} />
        </Source>
      ) : null}
      {children}
    </MapView>
  );
}
