import { MAP_CLUSTER_SIZE_STEPS, MAP_CLUSTER_STYLE, type LineKind } from '@ekispot/shared';
import { textPath } from './og-text.js';

/**
 * Maps drawn on the server (docs/map.md#map-images): the offline basemap's land, the railway
 * lines and stations around a place, and the place marked — the same layers, in the same
 * colours, as the interactive map (apps/web/src/lib/map/basemap-style.ts), projected with Web
 * Mercator as MapLibre does, so the interactive map that replaces an image on a tap starts on
 * the same view. Pure: the same scene gives the same SVG. The numbered marks are also the list's
 * link-preview card's (og-card.ts).
 */

export const MAP_COLOURS = {
  sea: '#a9d3e8',
  land: '#f3f1e8',
  railwayJr: '#3f7d4e',
  railwayPrivate: '#6b5a8e',
  railwaySubway: '#2f6f9f',
  railwayShinkansen: '#2b4a7a',
  station: '#1b5e20',
  first: '#b71c1c',
} as const;

export interface Point {
  x: number;
  y: number;
}
export interface LatLngPoint {
  lat: number;
  lng: number;
}
export type Ring = readonly (readonly [number, number])[];

export interface MapView {
  center: LatLngPoint;
  zoom: number;
  width: number;
  height: number;
}

export interface MapScene extends MapView {
  /** Land polygons as rings of [lng, lat]; null draws everything as land. */
  land: readonly (readonly Ring[])[] | null;
  railways: readonly { kind: LineKind; lines: readonly Ring[] }[];
  stations: readonly LatLngPoint[];
  /**
   * A pin on one place, numbered circles on a list's places (in order), or the top map's
   * station clusters (a count of 1 is a lone station).
   */
  marks:
    | { kind: 'pin'; place: LatLngPoint }
    | { kind: 'numbered'; places: LatLngPoint[] }
    | { kind: 'clusters'; clusters: readonly ClusterPoint[]; density: number };
}

export interface ClusterPoint extends LatLngPoint {
  count: number;
}

const TILE = 512;

/** Web Mercator in pixels of a world `TILE·2^zoom` wide (MapLibre's 512-pixel tiles). */
function worldPixel(lat: number, lng: number, zoom: number): Point {
  const size = TILE * 2 ** zoom;
  const sin = Math.min(Math.max(Math.sin((lat * Math.PI) / 180), -0.9999), 0.9999);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** A projection of [lat, lng] onto the image's pixels. */
export function projector(view: MapView) {
  const centre = worldPixel(view.center.lat, view.center.lng, view.zoom);
  const left = centre.x - view.width / 2;
  const top = centre.y - view.height / 2;
  return (lat: number, lng: number): Point => {
    const p = worldPixel(lat, lng, view.zoom);
    return { x: p.x - left, y: p.y - top };
  };
}

/** The view's bounds in degrees, with a margin of a tenth on each side. */
export function viewBox(view: MapView) {
  const worldSize = TILE * 2 ** view.zoom;
  const centre = worldPixel(view.center.lat, view.center.lng, view.zoom);
  const toLatLng = (x: number, y: number) => ({
    lng: (x / worldSize) * 360 - 180,
    lat: (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / worldSize))) * 180) / Math.PI,
  });
  const a = toLatLng(centre.x - view.width * 0.6, centre.y + view.height * 0.6);
  const b = toLatLng(centre.x + view.width * 0.6, centre.y - view.height * 0.6);
  return { west: a.lng, south: a.lat, east: b.lng, north: b.lat };
}

const RAILWAY_COLOURS: Record<string, string> = {
  jr: MAP_COLOURS.railwayJr,
  subway: MAP_COLOURS.railwaySubway,
  shinkansen: MAP_COLOURS.railwayShinkansen,
};

const n = (value: number) => value.toFixed(1);

/** A path of the rings that come near the image; null when none does. */
function pathOf(
  rings: readonly Ring[],
  project: ReturnType<typeof projector>,
  box: ReturnType<typeof viewBox>,
  close: boolean,
) {
  const parts: string[] = [];
  for (const ring of rings) {
    // Only rings whose bounds meet the view's: cheap in degrees, before any projection.
    let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [lng, lat] of ring) {
      if (lng < west) west = lng;
      if (lng > east) east = lng;
      if (lat < south) south = lat;
      if (lat > north) north = lat;
    }
    if (west > box.east || east < box.west || south > box.north || north < box.south) continue;
    const points = ring.map(([lng, lat]) => project(lat, lng));
    parts.push(
      points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join('') +
        (close ? 'Z' : ''),
    );
  }
  return parts.length > 0 ? parts.join('') : null;
}

/** Numbered circles, the first in red and on top where places meet (also the list's card). */
export function numberedMarks(screen: readonly Point[], scale = 1): string {
  const numbered = screen.length <= 30;
  const radius = (numbered ? 17 : 9) * scale;
  const parts: string[] = [];
  for (const [index, p] of [...screen.entries()].reverse()) {
    parts.push(
      `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${radius}" fill="${index === 0 ? MAP_COLOURS.first : MAP_COLOURS.station}" stroke="#fff" stroke-width="${3 * scale}"/>`,
    );
    if (numbered) {
      parts.push(textPath(String(index + 1), 18 * scale, p.x, p.y + 6.5 * scale, '#fff', 'middle'));
    }
  }
  return parts.join('');
}

/** A map pin (MapLibre's default marker's shape) with its tip on the place. */
function pin(p: Point, scale: number): string {
  const s = scale;
  const d =
    `M${n(p.x)} ${n(p.y)}` +
    `C${n(p.x - 3 * s)} ${n(p.y - 12 * s)} ${n(p.x - 13 * s)} ${n(p.y - 19 * s)} ${n(p.x - 13 * s)} ${n(p.y - 28 * s)}` +
    `A${13 * s} ${13 * s} 0 0 1 ${n(p.x + 13 * s)} ${n(p.y - 28 * s)}` +
    `C${n(p.x + 13 * s)} ${n(p.y - 19 * s)} ${n(p.x + 3 * s)} ${n(p.y - 12 * s)} ${n(p.x)} ${n(p.y)}Z`;
  return (
    `<path d="${d}" fill="${MAP_COLOURS.station}" stroke="#fff" stroke-width="${2 * s}"/>` +
    `<circle cx="${n(p.x)}" cy="${n(p.y - 28 * s)}" r="${5 * s}" fill="#fff"/>`
  );
}

const countFormat = new Intl.NumberFormat('ja-JP');

/**
 * The top map's station clusters as its layers draw them (station-layers.ts): a circle per
 * cluster sized and coloured by class, its count in white (「1,234」), a lone station's dot.
 */
function clusterMarks(
  clusters: readonly ClusterPoint[],
  project: ReturnType<typeof projector>,
  density: number,
): string {
  const [smallBelow, mediumBelow] = MAP_CLUSTER_SIZE_STEPS;
  const parts: string[] = [];
  for (const cluster of clusters) {
    const p = project(cluster.lat, cluster.lng);
    if (cluster.count < 2) {
      parts.push(
        `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(5 * density)}" fill="${MAP_COLOURS.station}" stroke="#fff" stroke-width="${n(2 * density)}"/>`,
      );
      continue;
    }
    const style =
      cluster.count < smallBelow
        ? MAP_CLUSTER_STYLE.small
        : cluster.count < mediumBelow
          ? MAP_CLUSTER_STYLE.medium
          : MAP_CLUSTER_STYLE.large;
    parts.push(
      `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(style.radius * density)}" fill="${style.color}" fill-opacity="0.92" stroke="#fff" stroke-width="${n(2 * density)}"/>`,
      textPath(
        countFormat.format(cluster.count),
        style.textSize * density,
        p.x,
        p.y + style.textSize * 0.36 * density,
        '#fff',
        'middle',
      ),
    );
  }
  return parts.join('');
}

export function drawMapSvg(scene: MapScene): string {
  const { width, height } = scene;
  const project = projector(scene);
  const box = viewBox(scene);
  // Sizes grow with the image so that every size shows the same map, only sharper.
  const scale = width / 480;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
  ];
  if (scene.land === null) {
    parts.push(`<rect width="${width}" height="${height}" fill="${MAP_COLOURS.land}"/>`);
  } else {
    parts.push(`<rect width="${width}" height="${height}" fill="${MAP_COLOURS.sea}"/>`);
    const land = scene.land.map((polygon) => pathOf(polygon, project, box, true)).filter(Boolean);
    if (land.length > 0) {
      parts.push(`<path d="${land.join('')}" fill="${MAP_COLOURS.land}" fill-rule="evenodd"/>`);
    }
  }
  const lineWidth = Math.max(1.5, Math.min(4, scene.zoom - 9)) * scale;
  for (const railway of scene.railways) {
    const d = pathOf(railway.lines, project, box, false);
    if (!d) continue;
    const colour = RAILWAY_COLOURS[railway.kind] ?? MAP_COLOURS.railwayPrivate;
    parts.push(
      `<path d="${d}" fill="none" stroke="#fff" stroke-width="${n(lineWidth + 2 * scale)}" stroke-linejoin="round" stroke-linecap="round"/>`,
      `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(lineWidth)}" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }
  if (scene.zoom >= 10) {
    for (const station of scene.stations) {
      const p = project(station.lat, station.lng);
      if (p.x < -10 || p.x > width + 10 || p.y < -10 || p.y > height + 10) continue;
      parts.push(
        `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(4 * scale)}" fill="#fff" stroke="${MAP_COLOURS.station}" stroke-width="${n(2 * scale)}"/>`,
      );
    }
  }
  if (scene.marks.kind === 'pin') {
    parts.push(pin(project(scene.marks.place.lat, scene.marks.place.lng), scale));
  } else if (scene.marks.kind === 'clusters') {
    parts.push(clusterMarks(scene.marks.clusters, project, scene.marks.density));
  } else {
    parts.push(
      numberedMarks(
        scene.marks.places.map((p) => project(p.lat, p.lng)),
        scale,
      ),
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
