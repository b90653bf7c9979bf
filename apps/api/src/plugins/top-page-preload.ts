import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_BASE_PATH,
  JAPAN_BOUNDS,
  MAP_COUNTRY_VIEW_BELOW_ZOOM,
  MAP_MARKER_KINDS,
} from '@ekispot/shared';

/**
 * What the top page needs before its map can draw, announced in its HTML so that the browser
 * fetches it alongside the app code instead of after it (docs/basemap.md#first-visit): the route
 * module of `/` with every chunk it imports (MapLibre among them), its styles, the station
 * markers, and the spots and events of the country view the map opens on.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The top page's route module in Vite's build manifest (apps/web/src/app/route-table.ts). */
const TOP_PAGE_MODULE = 'src/app/routes/home.tsx';

/** The chunks the HTML already loads: the entry and what it imports statically. */
function staticallyLoaded(manifest: Record<string, ManifestChunk>): Set<string> {
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return loaded;
}

/** The `<link>` tags for the top page, or '' when the build has no manifest. */
export async function readTopPagePreloads(distDir: string): Promise<string> {
  const text = await fs
    .readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')
    .catch(() => null);
  if (text === null) return '';
  const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
  if (!manifest[TOP_PAGE_MODULE]) return '';
  const already = staticallyLoaded(manifest);
  const modules: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || already.has(key)) return;
    seen.add(key);
    modules.push(chunk.file);
    styles.push(...(chunk.css ?? []));
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(TOP_PAGE_MODULE);

  // The very addresses the web app's first calls use (features/stations/api/prefetch-top-map.ts).
  const countryView = new URLSearchParams({
    bbox: [JAPAN_BOUNDS.west, JAPAN_BOUNDS.south, JAPAN_BOUNDS.east, JAPAN_BOUNDS.north].join(','),
    zoom: String(MAP_COUNTRY_VIEW_BELOW_ZOOM - 1),
    kinds: MAP_MARKER_KINDS.filter((kind) => kind !== 'station').join(','),
  });
  return [
    `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/stations/markers">`,
    `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/map/markers?${countryView}">`,
    ...modules.map((file) => `<link rel="modulepreload" href="/${file}">`),
    ...[...new Set(styles)].map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${file}">`,
    ),
  ].join('');
}

/** The top page's first view is the default one: no view or marker kinds in the address. */
export function opensOnCountryView(url: string): boolean {
  const [pathname, search = ''] = url.split('?');
  if (pathname !== '/') return false;
  const params = new URLSearchParams(search);
  return !['lat', 'lng', 'z', 'kinds'].some((name) => params.has(name));
}
