import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let configured = false;

/**
 * Under Vite the worker must be pointed at explicitly, or a production build never loads a map.
 * The worker then starts at once, as the map code is evaluated, instead of when the first map is
 * created after React's render: its script downloads and compiles meanwhile, and it stays for the
 * next map the visitor opens (docs/basemap.md#first-visit).
 */
export function configureMaplibre(): void {
  if (configured) return;
  setWorkerUrl(workerUrl);
  // Not where there are no workers at all (the unit tests' DOM): the map would not draw there.
  if (typeof Worker !== 'undefined') prewarm();
  configured = true;
}
