/**
 * The stations feature's query keys (stations, their posts and markers, prefectures and lines)
 * live with every key a write can change (lib/query-keys.ts); the map's layers are keyed by
 * lib/map/map-keys.ts.
 */
export { stationKeys } from '../../../lib/query-keys';
