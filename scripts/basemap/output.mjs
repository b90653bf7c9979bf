/** Writing the output files (docs/basemap.md#offline-layer). */
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { polygonsOf } from './geometry.mjs';

/** One feature per line: small, and diffs stay readable when the data is regenerated. */
export function writeCollection(file, collection) {
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
