import type { BasemapDetail } from './basemap-style';

/**
 * Every query key of the map's layers: what the API draws on it (`map`: the spots' and events'
 * markers, the railways) and the basemap's static files (`basemap`: the prefecture shapes). The
 * stations feature fetches the API layers and the stamp book reads the prefecture shapes, so the
 * keys live with the map rather than in either feature; no other place spells one.
 */
export const mapKeys = {
  all: ['map'] as const,
  markers: () => [...mapKeys.all, 'markers'] as const,
  markersIn: (bbox: string, zoom: number, kinds: string) =>
    [...mapKeys.markers(), bbox, zoom, kinds] as const,
  railways: (detail: BasemapDetail) => [...mapKeys.all, 'railways', detail] as const,
  basemap: ['basemap'] as const,
  prefectureShapes: (detail: BasemapDetail) => [...mapKeys.basemap, 'prefectures', detail] as const,
};
