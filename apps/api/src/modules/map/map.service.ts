import { preparePayload } from '../../lib/prepared-payload.js';
import { createStationDataCache, listLineStations } from '../stations/stations.service.js';
import { buildRailwayFeatures } from './railway-geometry.js';

type LineStation = { lat: number; lng: number; name: string };

export const getRailwaysPayload = createStationDataCache(async (db) => {
  const rows = await listLineStations(db);
  const lines = new Map<number, { name: string; stations: LineStation[] }>();
  for (const row of rows) {
    let line = lines.get(row.lineId);
    if (!line) {
      line = { name: row.lineName, stations: [] };
      lines.set(row.lineId, line);
    }
    line.stations.push({ lat: row.lat, lng: row.lng, name: row.name });
  }
  return preparePayload(
    buildRailwayFeatures(
      [...lines].map(([id, line]) => ({ id, name: line.name, stations: line.stations })),
    ),
  );
});
