import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let configured = false;

/** Under Vite the worker must be pointed at explicitly, or a production build never loads a map. */
export function configureMaplibre(): void {
  if (configured) return;
  setWorkerUrl(workerUrl);
  configured = true;
}
