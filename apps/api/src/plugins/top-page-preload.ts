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
export const TOP_PAGE_MODULE = 'src/app/routes/home.tsx';

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

/**
 * The `<link rel="modulepreload">` (and style preload) tags for modules' chunks that the entry
 * does not already load, from Vite's build manifest; nothing for a module it does not know or a
 * build without a manifest. A server-rendered page names its route module
 * (docs/architecture.md#server-rendering), which the browser must load before it can hydrate.
 */
export type RoutePreloads = (moduleKeys: readonly string[]) => string;

export async function readRoutePreloads(distDir: string): Promise<RoutePreloads> {
  const text = await fs
    .readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')
    .catch(() => null);
  if (text === null) return () => '';
  const manifest = JSON.parse(text) as Record<string, ManifestChunk>;
  const already = staticallyLoaded(manifest);
  const known = new Map<string, string>();
  return (moduleKeys) => {
    const memo = moduleKeys.join(' ');
    const kept = known.get(memo);
    if (kept !== undefined) return kept;
    const modules: string[] = [];
    const styles = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || already.has(key)) return;
      seen.add(key);
      modules.push(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of moduleKeys) visit(key);
    const tags = [
      ...modules.map((file) => `<link rel="modulepreload" href="/${file}">`),
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ].join('');
    known.set(memo, tags);
    return tags;
  };
}

/**
 * The top page's first calls (features/stations/api/prefetch-top-map.ts): the station markers
 * (unless the page carries them, drawn on the server) and the country view's spots and events.
 */
export function topPageDataPreloads(options: { markers: boolean }): string {
  const countryView = new URLSearchParams({
    bbox: [JAPAN_BOUNDS.west, JAPAN_BOUNDS.south, JAPAN_BOUNDS.east, JAPAN_BOUNDS.north].join(','),
    zoom: String(MAP_COUNTRY_VIEW_BELOW_ZOOM - 1),
    kinds: MAP_MARKER_KINDS.filter((kind) => kind !== 'station').join(','),
  });
  return [
    options.markers
      ? `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/stations/markers">`
      : '',
    `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/map/markers?${countryView}">`,
  ].join('');
}

/** The app itself, which the small entry loads (apps/web/src/app/main.tsx). */
export const APP_MODULE = 'src/app/start.tsx';

/**
 * The map's own module (MapLibre with it), loaded on its own when a map is first shown
 * (apps/web/src/features/stations/components/base-map.tsx): the top page shows one at once.
 */
export const MAP_MODULE = 'src/features/stations/components/browser-map.tsx';

/** The `<link>` tags for the top page drawn in the browser: its data and its map's code. */
export function topPagePreloads(routePreloads: RoutePreloads): string {
  const modules = routePreloads([APP_MODULE, TOP_PAGE_MODULE, MAP_MODULE]);
  return modules ? `${topPageDataPreloads({ markers: true })}${modules}` : '';
}

/** The top page's first view is the default one: no view or marker kinds in the address. */
export function opensOnCountryView(url: string): boolean {
  const [pathname, search = ''] = url.split('?');
  if (pathname !== '/') return false;
  const params = new URLSearchParams(search);
  return !['lat', 'lng', 'z', 'kinds'].some((name) => params.has(name));
}
