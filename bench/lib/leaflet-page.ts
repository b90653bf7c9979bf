import { createRequire } from 'node:module';
import path from 'node:path';
import { startPageServer } from './page-server.js';

const require = createRequire(import.meta.url);
const leafletDist = path.dirname(require.resolve('leaflet/dist/leaflet.js'));
const clusterDist = path.dirname(
  require.resolve('leaflet.markercluster/dist/leaflet.markercluster.js'),
);

/**
 * The peer of the top map: a plain Leaflet + Leaflet.markercluster page (both from npm, served
 * from this process) with the same points, the same cluster radius and the same first view, and
 * no basemap at all (and, like the top map's first view, no station names). It marks
 * `data-map-ready` once the clusters are on screen.
 */
function pageHtml(bounds: [[number, number], [number, number]], radius: number) {
  const [[west, south], [east, north]] = bounds;
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8">
<link rel="stylesheet" href="/leaflet/leaflet.css">
<link rel="stylesheet" href="/cluster/MarkerCluster.css">
<link rel="stylesheet" href="/cluster/MarkerCluster.Default.css">
<style>html, body, #map { height: 100%; margin: 0 }</style></head>
<body><div id="map"></div>
<script src="/leaflet/leaflet.js"></script>
<script src="/cluster/leaflet.markercluster.js"></script>
<script>
  const map = L.map('map', { minZoom: 3, maxZoom: 18 }).fitBounds([[${south}, ${west}], [${north}, ${east}]], { padding: [8, 8] });
  fetch('/markers.json').then((response) => response.json()).then(({ data }) => {
    const group = L.markerClusterGroup({ maxClusterRadius: ${radius} });
    group.addLayers(data.ids.map((id, i) => L.marker([data.lats[i], data.lngs[i]])));
    map.addLayer(group);
    requestAnimationFrame(() => requestAnimationFrame(() => document.body.dataset.mapReady = 'true'));
  });
</script></body></html>`;
}

export function startLeafletPage(options: {
  markersJson: Buffer;
  bounds: [[number, number], [number, number]];
  clusterRadius: number;
}) {
  return startPageServer({
    html: pageHtml(options.bounds, options.clusterRadius),
    markersJson: options.markersJson,
    mounts: { leaflet: leafletDist, cluster: clusterDist },
  });
}
