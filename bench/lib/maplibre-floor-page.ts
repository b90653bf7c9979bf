import { createRequire } from 'node:module';
import path from 'node:path';
import { startPageServer } from './page-server.js';

const require = createRequire(import.meta.url);
const maplibreDist = path.dirname(require.resolve('maplibre-gl/dist/maplibre-gl.mjs'));

/**
 * The floor of the top map in the same browser: MapLibre alone (the version the app ships,
 * from npm), the same first view, and either nothing but a background (`background`) or that
 * and the station points clustered as the app clusters them, drawn as plain circles without
 * counts (`clusters`). No app code, no basemap, no labels. It marks `data-map-ready` at the
 * map's first `idle`, as the app does (docs/benchmarks.md#map-first-render).
 */
function pageHtml(
  variant: 'background' | 'clusters',
  bounds: [[number, number], [number, number]],
  radius: number,
) {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8">
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html, body, #map { height: 100%; margin: 0 }</style></head>
<body><div id="map"></div>
<script type="module">
  import * as maplibregl from '/maplibre/maplibre-gl.mjs';
  maplibregl.setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
  const style = { version: 8, sources: {}, layers: [{ id: 'sea', type: 'background', paint: { 'background-color': '#a9d3e8' } }] };
  if (${JSON.stringify(variant)} === 'clusters') {
    const { data } = await (await fetch('/markers.json')).json();
    const features = data.ids.map((id, i) => ({ type: 'Feature', properties: { id }, geometry: { type: 'Point', coordinates: [data.lngs[i], data.lats[i]] } }));
    style.sources.stations = { type: 'geojson', data: { type: 'FeatureCollection', features }, cluster: true, clusterRadius: ${radius}, clusterMaxZoom: 13 };
    style.layers.push({ id: 'clusters', type: 'circle', source: 'stations', paint: { 'circle-color': '#1b5e20', 'circle-radius': 16 } });
  }
  const map = new maplibregl.Map({ container: 'map', style, bounds: ${JSON.stringify(bounds)}, fitBoundsOptions: { padding: 8 }, minZoom: 3, maxZoom: 18 });
  map.once('idle', () => { document.body.dataset.mapReady = 'true'; });
</script></body></html>`;
}

export function startMaplibreFloorPage(options: {
  variant: 'background' | 'clusters';
  markersJson: Buffer;
  bounds: [[number, number], [number, number]];
  clusterRadius: number;
}) {
  return startPageServer({
    html: pageHtml(options.variant, options.bounds, options.clusterRadius),
    markersJson: options.markersJson,
    mounts: { maplibre: maplibreDist },
  });
}
