import { preparePayload } from '../../lib/prepared-payload.js';
import {
  createStationDataCache,
  listRailwayStations,
  listStationLinks,
} from '../stations/stations.service.js';
import {
  buildRailwayFeatures,
  overviewRailways,
  type RailwayLineInput,
} from './railway-geometry.js';

type LineBuild = RailwayLineInput & {
  stations: RailwayLineInput['stations'][number][];
  links: (readonly [number, number])[];
};

/** The railway lines of the current station data, built once per import. */
export const getRailwayFeatures = createStationDataCache(async (db) => {
  const [rows, links] = await Promise.all([listRailwayStations(db), listStationLinks(db)]);
  const lines = new Map<number, LineBuild>();
  for (const row of rows) {
    let line = lines.get(row.lineId);
    if (!line) {
      line = { id: row.lineId, name: row.lineName, kind: row.lineKind, stations: [], links: [] };
      lines.set(row.lineId, line);
    }
    line.stations.push({ id: row.id, groupId: row.groupId, lat: row.lat, lng: row.lng });
  }
  for (const link of links) {
    lines.get(link.lineId)?.links.push([link.fromStationId, link.toStationId]);
  }
  return buildRailwayFeatures([...lines.values()]);
});

export const getRailwaysPayload = createStationDataCache(async (db) =>
  preparePayload(await getRailwayFeatures(db)),
);

/** The lines simplified for views below zoom 6 (the top map's first view). */
export const getRailwaysOverviewPayload = createStationDataCache(async (db) =>
  preparePayload(overviewRailways(await getRailwayFeatures(db))),
);
