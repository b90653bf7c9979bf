import type { Database } from '../../db/database.js';
import * as stations from '../stations/stations.service.js';
import { buildNetLine, type NetLine, type NetStation, type NetworkInput } from './ride-network.js';

/**
 * The rides' network: every line's graph and what 乗りつぶし measures against (each open line's
 * sections, and their sums per company, prefecture and Japan), built once per station data
 * version from the read model and the line rows (docs/rides.md#shares).
 */

export interface Totals {
  metres: number;
  sections: number;
}

export interface RideNetwork {
  lines: Map<number, NetLine>;
  companies: Map<number, { id: number; name: string; lineIds: number[] } & Totals>;
  prefectures: { id: number; name: string; metres: number; sections: number }[];
  japan: Totals;
  /** The station group a station (platform) belongs to, for ids given either way. */
  groupNames: Map<number, string>;
}

export const getRideNetwork = stations.createStationDataCache(
  async (db: Database): Promise<RideNetwork> => {
    const [model, rows, links] = await Promise.all([
      stations.getStationReadModel(db),
      stations.listLineNetworkStations(db),
      stations.listStationLinks(db),
    ]);
    const inputs = new Map<number, NetworkInput>();
    for (const row of rows) {
      const line = model.lines.get(row.lineId);
      const group = model.groups.get(row.groupId);
      if (!line || !group) continue;
      let input = inputs.get(row.lineId);
      if (!input) {
        input = {
          id: line.id,
          name: line.name,
          color: row.lineColor ? row.lineColor : '',
          closed: line.closed,
          companyId: row.companyId,
          companyName: line.companyName,
          stations: [],
          links: [],
        };
        inputs.set(row.lineId, input);
      }
      const station: NetStation = {
        id: row.id,
        groupId: row.groupId,
        name: group.name,
        prefectureId: group.prefecture.id,
        // Shinkansen platforms are placed at their group; every other at its own point.
        lat: row.lat,
        lng: row.lng,
        closed: row.closed,
        closedOn: row.closedOn,
      };
      input.stations.push(station);
    }
    for (const link of links) {
      inputs.get(link.lineId)?.links.push([link.fromStationId, link.toStationId]);
    }

    const lines = new Map<number, NetLine>();
    const companies: RideNetwork['companies'] = new Map();
    const byPrefecture = new Map<number, Totals>();
    const japan: Totals = { metres: 0, sections: 0 };
    for (const input of inputs.values()) {
      const line = buildNetLine(input);
      lines.set(line.id, line);
      if (line.closed || line.targetSections === 0) continue;
      japan.metres += line.targetMetres;
      japan.sections += line.targetSections;
      if (line.companyId !== null) {
        const company = companies.get(line.companyId) ?? {
          id: line.companyId,
          name: line.companyName ?? '',
          lineIds: [],
          metres: 0,
          sections: 0,
        };
        company.lineIds.push(line.id);
        company.metres += line.targetMetres;
        company.sections += line.targetSections;
        companies.set(company.id, company);
      }
      for (const edge of line.edges.values()) {
        if (!edge.target) continue;
        for (const share of prefectureShares(line, edge.a, edge.b, edge.metres)) {
          const totals = byPrefecture.get(share.prefectureId) ?? { metres: 0, sections: 0 };
          totals.metres += share.metres;
          totals.sections += 1;
          byPrefecture.set(share.prefectureId, totals);
        }
      }
    }
    const groupNames = new Map<number, string>();
    for (const group of model.groups.values()) groupNames.set(group.id, group.name);
    return {
      lines,
      companies,
      prefectures: model.prefectures.map((prefecture) => ({
        id: prefecture.id,
        name: prefecture.name,
        metres: byPrefecture.get(prefecture.id)?.metres ?? 0,
        sections: byPrefecture.get(prefecture.id)?.sections ?? 0,
      })),
      japan,
      groupNames,
    };
  },
);

/**
 * Which prefectures a section counts in: the prefecture of its ends; a section crossing a border
 * counts once in each, half its length in each.
 */
export function prefectureShares(
  line: NetLine,
  a: number,
  b: number,
  metres: number,
): { prefectureId: number; metres: number }[] {
  const pa = line.stations.get(a)!.prefectureId;
  const pb = line.stations.get(b)!.prefectureId;
  if (pa === pb) return [{ prefectureId: pa, metres }];
  return [
    { prefectureId: pa, metres: metres / 2 },
    { prefectureId: pb, metres: metres / 2 },
  ];
}
