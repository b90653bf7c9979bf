import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GeoJSONSource } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Layer, NavigationControl, ScaleControl, Source } from 'react-map-gl/maplibre';
import type { LayerProps, MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { JAPAN_FIT_BOUNDS, JAPAN_FIT_PADDING, MAP_CLUSTER_RADIUS_PX } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { EMPTY_COLLECTION } from '../../../lib/map/basemap-style';
import { usePrimaryLoading } from '../../../lib/page-loading';
import {
  mapWaitsForVisitor,
  markSavingData,
  onMapStart,
  startMap,
} from '../../../lib/save-data-start';
import { useStationMarkerNames, useStationMarkers } from '../api/get-station-markers';
import { useMapKindsUrl } from '../hooks/use-map-kinds-url';
import { useMapViewUrl } from '../hooks/use-map-view-url';
import { useViewportPostMarkers } from '../hooks/use-viewport-post-markers';
import { markersToGeoJson, namesById } from '../utils/markers-to-geojson';
import {
  POST_CLUSTER_LAYER_ID,
  POST_CLUSTER_PROPERTIES,
  postClusterCountLayer,
  postClusterLayer,
  postLabelLayer,
  POST_POINT_LAYER_ID,
  postPointLayer,
  POSTS_SOURCE_ID,
} from '../utils/post-layers';
import {
  CLUSTER_LAYER_ID,
  clusterCountLayer,
  clusterLayer,
  STATION_NAMES_MIN_ZOOM,
  STATION_POINT_LAYER_ID,
  stationLabelLayer,
  stationPointLayer,
  STATIONS_SOURCE_ID,
} from '../utils/station-layers';
import { BaseMap } from './base-map';
import { CountryMapImage } from './country-map-image';
import { MapPanel } from './map-panel';
import { MapStart } from './map-start';
import { MapStatus } from './map-status';
import { PostMarkerPopup } from './post-marker-popup';
import type { SelectedPosts } from './post-marker-popup';
import { PostMarkerStatus } from './post-marker-status';
import { StationPopup } from './station-popup';
import type { PopupStation, SelectedStation } from './station-popup';

const STATION_LAYERS = [CLUSTER_LAYER_ID, STATION_POINT_LAYER_ID];
const POST_LAYERS = [POST_CLUSTER_LAYER_ID, POST_POINT_LAYER_ID];
const STATION_ZOOM = 14;
/** Spots and events cluster up to this zoom; a cluster that would split beyond it is listed. */
const POST_CLUSTER_MAX_ZOOM = 17;
const CLUSTER_LIST_MAX = 20;
/** How far above the middle a station lands on a phone, clear of the sheet (map-place-card.tsx). */
const SHEET_LIFT_PX = 100;

type Selection =
  { type: 'station'; station: PopupStation } | { type: 'posts'; posts: SelectedPosts };

/** Shows or hides a layer through its layout, keeping the rest of its style. */
function withVisibility(layer: LayerProps, visible: boolean): LayerProps {
  const visibility = visible ? 'visible' : 'none';
  switch (layer.type) {
    case 'circle':
      return { ...layer, layout: { ...layer.layout, visibility } };
    case 'symbol':
      return { ...layer, layout: { ...layer.layout, visibility } };
    default:
      return layer;
  }
}

/**
 * The top page's map: clustered station markers, and beside them clustered spots and events
 * of the current view; filter chips per kind, search, locate-me, popups.
 */
export function StationMap() {
  const mapRef = useRef<MapRef>(null);
  // Save-Data: the map, its code and its data wait until the visitor asks (map-start.tsx). The
  // server draws the page as if not: the country image and the start both are in its HTML.
  const waiting = useSyncExternalStore(onMapStart, mapWaitsForVisitor, () => false);
  // What a search or locate-me asked of the map while it waited: done once it has loaded.
  const afterStart = useRef<(() => void) | null>(null);
  // Opened from another page, the top page marks itself: its start shows, its pill hides.
  useEffect(() => {
    if (waiting) markSavingData();
  }, [waiting]);
  const markers = useStationMarkers(!waiting);
  usePrimaryLoading(!waiting && markers.isPending);
  const { initialView, fitJapan, saveView } = useMapViewUrl();
  const { kinds, toggleKind } = useMapKindsUrl();
  const [showEnded, setShowEnded] = useState(false);
  // Phone first: the server draws the map page as a phone shows it (most visits), and a wider
  // screen unfolds its panel once hydrated.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), {
    defaultMatches: true,
  });
  const [selected, setSelected] = useState<Selection | null>(null);
  const [ready, setReady] = useState(false);
  // The map could not start (MapLibre found no WebGL): said instead of a grey box for ever.
  const [unavailable, setUnavailable] = useState(false);
  const [cursor, setCursor] = useState<string>('');
  // Names are only shown zoomed in (docs/basemap.md#first-visit): asked for from then on.
  const [wantNames, setWantNames] = useState(
    !fitJapan && initialView.zoom >= STATION_NAMES_MIN_ZOOM,
  );
  const names = useStationMarkerNames(wantNames);
  const nameMap = useMemo(() => (names.data ? namesById(names.data) : undefined), [names.data]);
  const stations = useMemo(
    () => (markers.data ? markersToGeoJson(markers.data, nameMap) : null),
    [markers.data, nameMap],
  );
  const noteZoom = useCallback((zoom: number) => {
    if (zoom >= STATION_NAMES_MIN_ZOOM) setWantNames(true);
  }, []);

  const showStations = kinds.includes('station');
  const posts = useViewportPostMarkers(mapRef, kinds, { showEnded });
  const interactiveLayers = useMemo(
    () => [...(showStations ? STATION_LAYERS : []), ...(posts.active ? POST_LAYERS : [])],
    [showStations, posts.active],
  );

  const handleClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0];
      const map = mapRef.current;
      if (!feature || !map || feature.geometry.type !== 'Point') return;
      const [lng, lat] = feature.geometry.coordinates;
      if (lng === undefined || lat === undefined) return;
      const sourceId = feature.source === POSTS_SOURCE_ID ? POSTS_SOURCE_ID : STATIONS_SOURCE_ID;
      const clusterId: unknown = feature.properties?.cluster_id;
      if (typeof clusterId === 'number') {
        const source = map.getSource<GeoJSONSource>(sourceId);
        if (!source) return;
        void source.getClusterExpansionZoom(clusterId).then(async (zoom) => {
          if (sourceId === POSTS_SOURCE_ID && zoom > POST_CLUSTER_MAX_ZOOM) {
            // Posts at (nearly) the same place never split apart: list them instead.
            const leaves = await source.getClusterLeaves(clusterId, CLUSTER_LIST_MAX, 0);
            const listed = leaves.flatMap((leaf) => {
              const leafId: unknown = leaf.properties?.id;
              const marker = typeof leafId === 'string' ? posts.byId.get(leafId) : undefined;
              return marker ? [marker] : [];
            });
            if (listed.length > 0)
              setSelected({ type: 'posts', posts: { lat, lng, markers: listed } });
            return;
          }
          map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 18), duration: 500 });
        });
        return;
      }
      const id: unknown = feature.properties?.id;
      if (sourceId === POSTS_SOURCE_ID) {
        // Posts at the same place overlap even at the highest zoom: list every one under the tap.
        const listed = (event.features ?? []).flatMap((hit) => {
          const hitId: unknown = hit.properties?.id;
          if (hit.source !== POSTS_SOURCE_ID || typeof hitId !== 'string') return [];
          const marker = posts.byId.get(hitId);
          return marker ? [marker] : [];
        });
        const unique = [...new Map(listed.map((marker) => [marker.id, marker])).values()];
        if (unique.length > 0) setSelected({ type: 'posts', posts: { lat, lng, markers: unique } });
        return;
      }
      const name: unknown = feature.properties?.name;
      if (typeof id === 'number') {
        // Unnamed before the names load: the popup shows the name from the station's detail.
        const station = { id, name: typeof name === 'string' ? name : null, lat, lng };
        setSelected({ type: 'station', station });
        setWantNames(true);
        // On a phone the sheet opens along the bottom: a station tapped low on the map moves up
        // to where a searched one lands, above the sheet, instead of hiding under it.
        if (
          phone &&
          map.project([lng, lat]).y > map.getContainer().clientHeight / 2 - SHEET_LIFT_PX
        )
          map.easeTo({ center: [lng, lat], offset: [0, -SHEET_LIFT_PX], duration: 500 });
      }
    },
    [posts.byId, phone],
  );

  const flyToStation = useCallback(
    (station: SelectedStation) => {
      setSelected({ type: 'station', station });
      // The station lands mid-map; on a phone, mid-way between the panel and the sheet that
      // opens along the bottom (map-place-card.tsx), so neither hides it.
      mapRef.current?.flyTo({
        center: [station.lng, station.lat],
        zoom: Math.max(STATION_ZOOM, mapRef.current.getZoom()),
        duration: 1200,
        ...(phone && { offset: [0, -SHEET_LIFT_PX] as [number, number] }),
      });
    },
    [phone],
  );

  const flyToPosition = useCallback((lat: number, lng: number) => {
    mapRef.current?.flyTo({ center: [lng, lat], zoom: STATION_ZOOM, duration: 1200 });
  }, []);

  /** A move asked for while the map waits: it starts the map and moves once it has loaded. */
  const whenStarted = useCallback(
    (move: () => void) => {
      if (!waiting) return move();
      afterStart.current = move;
      startMap();
    },
    [waiting],
  );

  // Ready once a frame has drawn the station clusters (docs/benchmarks.md#map-first-render):
  // the land, the borders and the post markers may still be arriving, and the basemap's
  // details only start loading then.
  const handleRender = useCallback(() => {
    const map = mapRef.current;
    if (ready || !stations || !map?.isSourceLoaded(STATIONS_SOURCE_ID)) return;
    // Loaded could still mean the empty collection the source starts with.
    if (showStations && map.querySourceFeatures(STATIONS_SOURCE_ID).length === 0) return;
    setReady(true);
  }, [ready, stations, showStations]);

  return (
    <Box
      data-testid="map"
      data-map-ready={ready ? 'true' : 'false'}
      aria-label={messages.map.label}
      role="region"
      sx={{ position: 'absolute', inset: 0 }}
    >
      {waiting ? null : (
        <BaseMap
          ref={mapRef}
          showDetails={ready}
          initialViewState={
            fitJapan
              ? { bounds: JAPAN_FIT_BOUNDS, fitBoundsOptions: { padding: JAPAN_FIT_PADDING } }
              : { latitude: initialView.lat, longitude: initialView.lng, zoom: initialView.zoom }
          }
          style={{ width: '100%', height: '100%' }}
          minZoom={3}
          maxZoom={18}
          interactiveLayerIds={interactiveLayers}
          cursor={cursor}
          onMouseEnter={() => setCursor('pointer')}
          onMouseLeave={() => setCursor('')}
          onClick={handleClick}
          onLoad={(event) => {
            // The fitted first view goes into the address too, so it can be shared at once.
            const center = event.target.getCenter();
            saveView({ lat: center.lat, lng: center.lng, zoom: event.target.getZoom() });
            noteZoom(event.target.getZoom());
            posts.refresh(true);
            const move = afterStart.current;
            afterStart.current = null;
            move?.();
          }}
          onMoveEnd={(event) => {
            const center = event.target.getCenter();
            saveView({ lat: center.lat, lng: center.lng, zoom: event.target.getZoom() });
            noteZoom(event.target.getZoom());
            posts.refresh();
          }}
          onRender={ready ? undefined : handleRender}
          onError={(event) => {
            // Only a map that failed to be made comes without one; a tile that failed to load
            // comes from the map and leaves it working.
            if (!(event as { target: unknown }).target) setUnavailable(true);
          }}
        >
          <Source
            id={STATIONS_SOURCE_ID}
            type="geojson"
            data={stations ?? EMPTY_COLLECTION}
            cluster
            clusterRadius={MAP_CLUSTER_RADIUS_PX}
            clusterMaxZoom={13}
          >
            <Layer {...withVisibility(clusterLayer, showStations)} />
            <Layer {...withVisibility(clusterCountLayer, showStations)} />
            <Layer {...withVisibility(stationPointLayer, showStations)} />
            <Layer {...withVisibility(stationLabelLayer, showStations)} />
          </Source>
          <Source
            id={POSTS_SOURCE_ID}
            type="geojson"
            data={posts.geoJson}
            cluster
            clusterRadius={MAP_CLUSTER_RADIUS_PX}
            clusterMaxZoom={POST_CLUSTER_MAX_ZOOM}
            clusterProperties={POST_CLUSTER_PROPERTIES}
          >
            <Layer {...postClusterLayer} />
            <Layer {...postClusterCountLayer} />
            <Layer {...postPointLayer} />
            <Layer {...postLabelLayer} />
          </Source>
          <NavigationControl position="top-right" showCompass={false} />
          <ScaleControl position="bottom-left" unit="metric" />
          {selected?.type === 'station' ? (
            <StationPopup
              station={selected.station}
              sheet={phone}
              onClose={() => setSelected(null)}
            />
          ) : null}
          {selected?.type === 'posts' ? (
            <PostMarkerPopup
              selection={selected.posts}
              sheet={phone}
              onClose={() => setSelected(null)}
            />
          ) : null}
        </BaseMap>
      )}
      {/* The first view as the server drew it, until the map has drawn it (docs/map.md). */}
      {(fitJapan && showStations) || waiting ? <CountryMapImage drawn={ready} /> : null}
      <MapPanel
        phone={phone}
        kinds={kinds}
        onToggleKind={toggleKind}
        showEnded={showEnded}
        onShowEnded={setShowEnded}
        onSelect={(station) => whenStarted(() => flyToStation(station))}
        onLocate={(lat, lng) => whenStarted(() => flyToPosition(lat, lng))}
      />
      <MapStart />
      <MapStatus
        stage={unavailable ? 'unavailable' : ready ? 'drawn' : 'starting'}
        failed={markers.isError}
        count={markers.data?.count ?? 0}
      />
      <PostMarkerStatus
        active={posts.active}
        loading={posts.loading}
        failed={posts.failed}
        truncated={posts.truncated}
        count={posts.count}
      />
    </Box>
  );
}
