import {
  countryMapLayout,
  type CountryMapShape,
  decodeStationMarkers,
  MAP_CLUSTER_RADIUS_PX,
  type StationMarkers,
} from '@ekispot/shared';
import { Supercluster } from '@maplibre/geojson-vt';
import sharp from 'sharp';
import type { Database } from '../../db/database.js';
import { getMarkersPayload, getStationDataVersion } from '../stations/stations.service.js';
import { type ClusterPoint, drawMapSvg } from './map-drawing.js';
import { loadLand } from './map-image.service.js';
import { cached, type OgImage } from './og-image.service.js';

/**
 * The top page's first view as an image (docs/map.md#the-first-view-as-an-image): the country
 * fitted as the interactive map fits it, with the station clusters MapLibre draws at that zoom.
 * The clusters come from the same clustering MapLibre's worker runs (geojson-vt's Supercluster,
 * with the source's options from station-map.tsx: radius 80 px, clusters up to zoom 13), over the
 * same points in the same order (the markers' payload as the browser decodes it). Drawn once per
 * station data version and shape, kept in the link-preview cards' cache.
 */

/** Raised when the drawing changes. */
const DESIGN_VERSION = 1;
/** The station source's options in station-map.tsx, as MapLibre hands them to its worker. */
const TILE_EXTENT = 8192;
const CLUSTER_MAX_ZOOM = 13;

let drawings = 0;
/** How many country images this process has drawn (the cache's test reads it). */
export const countryMapDrawings = () => drawings;

/** The stations' clusters at a zoom, as the top map's station source makes them. */
export async function stationClusters(db: Database, zoom: number): Promise<ClusterPoint[]> {
  const payload = await getMarkersPayload(db);
  const wire = (JSON.parse(payload.identity.toString('utf8')) as { data: StationMarkers }).data;
  const markers = decodeStationMarkers(wire);
  const index = new Supercluster({
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
    extent: TILE_EXTENT,
    radius: MAP_CLUSTER_RADIUS_PX * (TILE_EXTENT / 512),
  });
  index.load(
    markers.ids.map((id, i) => ({
      type: 'Feature' as const,
      id,
      properties: { id },
      geometry: { type: 'Point' as const, coordinates: [markers.lngs[i]!, markers.lats[i]!] },
    })),
  );
  const features: { geometry: { coordinates: number[] }; properties: unknown }[] =
    index.getClusters([-180, -85, 180, 85], zoom);
  return features.map((feature) => {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const count = (feature.properties as { point_count?: number } | null)?.point_count ?? 1;
    return { lat, lng, count };
  });
}

export async function getCountryMapImage(
  deps: { db: Database },
  shape: CountryMapShape,
): Promise<OgImage> {
  const version = await getStationDataVersion(deps.db);
  const layout = countryMapLayout(shape);
  return cached([DESIGN_VERSION, 'country', version, shape, layout], async () => {
    drawings += 1;
    const [land, clusters] = await Promise.all([
      loadLand(),
      stationClusters(deps.db, layout.clusterZoom),
    ]);
    const svg = drawMapSvg({
      center: layout.center,
      zoom: layout.zoom + Math.log2(layout.density),
      width: Math.round(layout.width * layout.density),
      height: Math.round(layout.height * layout.density),
      land,
      railways: [],
      stations: [],
      marks: { kind: 'clusters', clusters, density: layout.density },
    });
    return sharp(Buffer.from(svg)).webp({ quality: 70, effort: 5 }).toBuffer();
  });
}
