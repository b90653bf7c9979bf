import {
  COUNTRY_MAP_SHAPES,
  countryMapLayout,
  decodeStationMarkers,
  type StationMarkers,
} from '@ekispot/shared';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { countryMapDrawings, stationClusters } from './country-map-image.service.js';
import { projector } from './map-drawing.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

/** Set MAP_SAMPLE_DIR to keep the images drawn here, to look at them (docs/map.md). */
const sampleDir = process.env.MAP_SAMPLE_DIR;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** The colour at a pixel of an image. */
async function pixel(body: Buffer, x: number, y: number) {
  const { data, info } = await sharp(body)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const near = (colour: number[], hex: string) =>
  colour.every((value, i) => Math.abs(value - parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) < 30);

describe('the top map as an image', () => {
  it('clusters every station as the map does: each marker in exactly one cluster', async () => {
    const response = await ctx.app.inject({ url: '/api/v2/stations/markers' });
    const markers = decodeStationMarkers((response.json() as { data: StationMarkers }).data);
    for (const zoom of [3, 4]) {
      const clusters = await stationClusters(ctx.db, zoom);
      expect(clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(markers.ids.length);
      expect(clusters.length).toBeLessThan(markers.ids.length / 10);
    }
  });

  it('draws each shape small, with its clusters where the map draws them, then from the cache', async () => {
    for (const shape of COUNTRY_MAP_SHAPES) {
      const url = `/api/v2/maps/country/${shape}.webp`;
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const body = response.rawPayload;
      if (sampleDir) {
        await fs.mkdir(sampleDir, { recursive: true });
        await fs.writeFile(path.join(sampleDir, `country-${shape}.webp`), body);
      }
      const layout = countryMapLayout(shape);
      const meta = await sharp(body).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: Math.round(layout.width * layout.density),
        height: Math.round(layout.height * layout.density),
      });
      // Small enough for a first visit (docs/benchmarks.md#map-first-render).
      expect(body.length).toBeLessThan(40_000);

      // The largest cluster is drawn in the large class's colour at its place.
      const clusters = await stationClusters(ctx.db, layout.clusterZoom);
      const largest = clusters.reduce((a, b) => (b.count > a.count ? b : a));
      const project = projector({
        center: layout.center,
        zoom: layout.zoom + Math.log2(layout.density),
        width: meta.width!,
        height: meta.height!,
      });
      const at = project(largest.lat, largest.lng);
      // Above the count, inside the circle.
      const colour = await pixel(body, at.x, at.y - 20 * layout.density);
      expect({ colour, large: near(colour, '#1b5e20') }).toMatchObject({ large: true });
      // The sea at a corner.
      expect(near(await pixel(body, 2, 2), '#a9d3e8')).toBe(true);

      const drawn = countryMapDrawings();
      const again = await ctx.app.inject({ url });
      expect(again.rawPayload.equals(body)).toBe(true);
      expect(countryMapDrawings()).toBe(drawn); // from the cache, not drawn again
      const revalidated = await ctx.app.inject({
        url,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    }
  });

  it('answers an unknown shape with a Japanese field error', async () => {
    const response = await ctx.app.inject({ url: '/api/v2/maps/country/square.webp' });
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('portrait, landscape のどちらか');
  });
});
