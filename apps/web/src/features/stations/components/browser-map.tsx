import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode, Ref } from 'react';
import { Layer, Map as MapView, Source } from 'react-map-gl/maplibre';
import type { MapProps, MapRef, ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { messages } from '../../../config/messages';
import {
  prefectureBorderLayer,
  prefectureLabelLayer,
  railwayCasingLayer,
  railwayLabelLayer,
  railwayLayer,
  shinkansenLayer,
} from '../../../lib/map/basemap-layers';
import {
  BASEMAP_FULL_DETAIL_MIN_ZOOM,
  buildBasemapStyle,
  EMPTY_COLLECTION,
  prefectureLabelPoints,
  RASTER_LAYER_ID,
} from '../../../lib/map/basemap-style';
import { LOCAL_IDEOGRAPH_FONT_FAMILY } from '../../../lib/map/map-fonts';
import { configureMaplibre } from '../../../lib/map/maplibre-setup';
import { usePrefectureShapes } from '../api/get-prefecture-shapes';
import { useRailways } from '../api/get-railways';

configureMaplibre();

const ATTRIBUTION = `${messages.map.attributionNaturalEarth} | ${messages.map.attributionStations}`;

/** MapLibre's own control labels, in Japanese. */
const MAP_CONTROL_LABELS = {
  'NavigationControl.ZoomIn': messages.map.zoomIn,
  'NavigationControl.ZoomOut': messages.map.zoomOut,
  'NavigationControl.ResetBearing': messages.map.resetBearing,
  'AttributionControl.ToggleAttribution': messages.map.toggleAttribution,
  'ScaleControl.Meters': 'm',
  'ScaleControl.Kilometers': 'km',
  'GeolocateControl.FindMyLocation': messages.map.locate,
  'FullscreenControl.Enter': messages.map.fullscreenEnter,
  'FullscreenControl.Exit': messages.map.fullscreenExit,
  'GeolocateControl.LocationNotAvailable': messages.map.locationNotAvailable,
  'Map.Title': messages.map.mapTitle,
  'Marker.Title': messages.map.markerTitle,
  'Popup.Close': messages.map.popupCloseLabel,
};

export type BaseMapProps = Omit<MapProps, 'mapLib' | 'mapStyle' | 'localIdeographFontFamily'> & {
  children?: ReactNode;
  ref?: Ref<MapRef>;
  /**
   * Railway lines, prefecture borders and names (false: not yet). The top map turns them on once its
   * station clusters are drawn, so the first view is not kept waiting for the basemap's details
   * (docs/basemap.md#first-visit).
   */
  showDetails?: boolean;
};

/**
 * The map itself (MapLibre and its styles, loaded as a chunk of their own when a map is first
 * shown; `base-map.tsx` decides when).
 */
export default function BrowserMap({
  children,
  ref,
  showDetails = true,
  onLoad,
  onMoveEnd,
  ...props
}: BaseMapProps) {
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
  // The lines' detail follows the zoom (docs/basemap.md#first-visit): the overview while the view
  // stays below BASEMAP_FULL_DETAIL_MIN_ZOOM, the full lines once it has gone past it (kept after).
  // A view given by its bounds has its zoom only once the map has loaded.
  const initialZoom = props.initialViewState?.zoom;
  const [fullDetail, setFullDetail] = useState<boolean | null>(
    initialZoom === undefined ? null : initialZoom >= BASEMAP_FULL_DETAIL_MIN_ZOOM,
  );
  const noteZoom = useCallback((zoom: number) => {
    setFullDetail((full) => full === true || zoom >= BASEMAP_FULL_DETAIL_MIN_ZOOM);
  }, []);
  const wants = (detail: boolean) => showDetails && fullDetail === detail;
  const railways = useRailways('full', wants(true));
  const railwaysOverview = useRailways('overview', wants(false));
  const prefectures = usePrefectureShapes('full', wants(true));
  const prefecturesOverview = usePrefectureShapes('overview', wants(false));
  const railwayLines = railways.data ?? railwaysOverview.data;
  const prefectureShapes = prefectures.data ?? prefecturesOverview.data;
  const prefectureLabels = useMemo(
    () => (prefectureShapes ? prefectureLabelPoints(prefectureShapes) : EMPTY_COLLECTION),
    [prefectureShapes],
  );

  return (
    <MapView
      ref={ref}
      mapLib={maplibregl}
      mapStyle={style}
      localIdeographFontFamily={LOCAL_IDEOGRAPH_FONT_FAMILY}
      locale={MAP_CONTROL_LABELS}
      attributionControl={{ compact: false }}
      {...props}
      onLoad={(event) => {
        noteZoom(event.target.getZoom());
        onLoad?.(event);
      }}
      onMoveEnd={(event: ViewStateChangeEvent) => {
        noteZoom(event.viewState.zoom);
        onMoveEnd?.(event);
      }}
    >
      <Source id="prefectures" type="geojson" data={prefectureShapes ?? EMPTY_COLLECTION}>
        {/* Under configured raster tiles, as the land is. */}
        <Layer {...prefectureBorderLayer} beforeId={offline ? undefined : RASTER_LAYER_ID} />
      </Source>
      <Source id="railways" type="geojson" data={railwayLines ?? EMPTY_COLLECTION}>
        <Layer {...shinkansenLayer} />
        <Layer {...railwayCasingLayer} />
        <Layer {...railwayLayer} />
        <Layer {...railwayLabelLayer} />
      </Source>
      {offline ? (
        <Source id="prefecture-labels" type="geojson" data={prefectureLabels}>
          <Layer {...prefectureLabelLayer} />
        </Source>
      ) : null}
      {children}
    </MapView>
  );
}
