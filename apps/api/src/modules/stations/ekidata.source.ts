import { z } from 'zod';
import type { LineKind } from '../../db/schema/stations.js';
import { EkidataFormatError, optionalDate, parseRows } from './csv-rows.js';
import { meanPosition, namedStationIdsOf } from './named-stations.js';
import { addShinkansenStations } from './shinkansen.source.js';
import type { StationDataset } from './station-dataset.js';

export { EkidataFormatError };

/**
 * Reads 駅データ.jp CSV files (`company…csv`, `line…csv`, `station…csv`, `join…csv`,
 * `pref.csv`) and the Shinkansen stations table into a StationDataset. Columns are found by
 * header name, so the free and paid layouts both work. Each name of a station group (a transfer
 * group) becomes a station of its own (named-stations.ts), placed at the mean of its platforms. Closed lines and stations (e_status 2)
 * are kept, marked closed with their closing date; lines and stations not yet open (e_status 1)
 * are left out.
 */

export const EKIDATA_SOURCE = 'ekidata';

const OPEN = '0';
const CLOSED = '2';
/** ekidata's Shinkansen line codes are 1001–1099. */
const SHINKANSEN_LINE_IDS = { min: 1001, max: 1099 };

const companyRowSchema = z.object({
  company_cd: z.coerce.number().int().positive(),
  company_name: z.string().min(1),
  company_type: z.coerce.number().int().min(0).max(9).catch(0),
});

const lineRowSchema = z.object({
  line_cd: z.coerce.number().int().positive(),
  company_cd: z.coerce.number().int().optional().catch(undefined),
  line_name: z.string().min(1),
  line_name_k: z.string().optional(),
  line_color_c: z.string().optional(),
  e_status: z.string().optional(),
});

const stationRowSchema = z.object({
  station_cd: z.coerce.number().int().positive(),
  station_g_cd: z.coerce.number().int().positive(),
  station_name: z.string().min(1),
  line_cd: z.coerce.number().int().positive(),
  pref_cd: z.coerce.number().int().min(1).max(47),
  post: z.string().optional(),
  address: z.string().optional(),
  lon: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
  open_ymd: optionalDate,
  close_ymd: optionalDate,
  e_status: z.string().optional(),
  e_sort: z.coerce.number().int().optional(),
});

const joinRowSchema = z.object({
  line_cd: z.coerce.number().int().positive(),
  station_cd1: z.coerce.number().int().positive(),
  station_cd2: z.coerce.number().int().positive(),
});

/** pref.csv ends with 99 その他, which no station uses. */
const prefRowSchema = z.object({
  pref_cd: z.coerce.number().int().positive(),
  pref_name: z.string().min(1),
});

export interface EkidataFiles {
  lineCsv: string;
  stationCsv: string;
  companyCsv?: string;
  joinCsv?: string;
  prefCsv?: string;
  /** The Shinkansen stations table (`station-data/shinkansen.csv`). */
  shinkansenCsv?: string;
  /** Where the stations only the Shinkansen serves are (`station-data/shinkansen-positions.csv`). */
  shinkansenPositionsCsv?: string;
}

const SUBWAY_NAME = /地下鉄|メトロ|^都営(浅草|三田|新宿|大江戸)線/;

/** How the map colours a line: by operator type, with Shinkansen and subways apart. */
export function lineKindOf(line: {
  id: number;
  name: string;
  companyName: string;
  companyType: number;
}): LineKind {
  if (line.id >= SHINKANSEN_LINE_IDS.min && line.id <= SHINKANSEN_LINE_IDS.max) return 'shinkansen';
  if (SUBWAY_NAME.test(line.name) || /地下鉄|メトロ/.test(line.companyName)) return 'subway';
  if (line.companyType === 1) return 'jr';
  return 'private';
}

function colourOf(value: string | undefined): string {
  return value && /^[0-9a-f]{6}$/i.test(value) ? `#${value.toLowerCase()}` : '';
}

function laterDate(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return a > b ? a : b;
}

export function readEkidataCsv(input: EkidataFiles): StationDataset {
  const companies = input.companyCsv
    ? parseRows(input.companyCsv, 'company CSV', companyRowSchema)
    : [];
  const companyById = new Map(companies.map((row) => [row.company_cd, row]));
  const lineRows = parseRows(input.lineCsv, 'line CSV', lineRowSchema).filter(
    (row) => row.e_status === undefined || row.e_status === OPEN || row.e_status === CLOSED,
  );
  const lineById = new Map(lineRows.map((row) => [row.line_cd, row]));
  const stationRows = parseRows(input.stationCsv, 'station CSV', stationRowSchema).filter(
    (row) =>
      (row.e_status === undefined || row.e_status === OPEN || row.e_status === CLOSED) &&
      lineById.has(row.line_cd),
  );

  const lines: StationDataset['lines'] = lineRows.map((row) => {
    const company = row.company_cd === undefined ? undefined : companyById.get(row.company_cd);
    return {
      id: row.line_cd,
      name: row.line_name,
      nameKana: row.line_name_k ?? '',
      companyId: company ? company.company_cd : null,
      kind: lineKindOf({
        id: row.line_cd,
        name: row.line_name,
        companyName: company?.company_name ?? '',
        companyType: company?.company_type ?? 0,
      }),
      color: colourOf(row.line_color_c),
      closed: row.e_status === CLOSED,
    };
  });

  const isClosed = (row: (typeof stationRows)[number]) =>
    row.e_status === CLOSED || lineById.get(row.line_cd)?.e_status === CLOSED;
  const namedIds = namedStationIdsOf(stationRows.map((row) => ({ ...row, open: !isClosed(row) })));
  const groupIdOf = (row: (typeof stationRows)[number]) => namedIds.get(row.station_cd)!;

  const seqByLine = new Map<number, number>();
  const ordered = [...stationRows].sort(
    (a, b) => a.line_cd - b.line_cd || (a.e_sort ?? a.station_cd) - (b.e_sort ?? b.station_cd),
  );
  const stations: StationDataset['stations'] = ordered.map((row) => {
    const seq = (seqByLine.get(row.line_cd) ?? 0) + 1;
    seqByLine.set(row.line_cd, seq);
    const closed = isClosed(row);
    return {
      id: row.station_cd,
      groupId: groupIdOf(row),
      lineId: row.line_cd,
      name: row.station_name,
      seq,
      lat: row.lat,
      lng: row.lon,
      closed,
      closedOn: closed ? row.close_ymd : null,
    };
  });

  // A station is named after its representative (station_cd = its id), else after its first
  // open member; its address is that member's.
  const groups = new Map<number, StationDataset['groups'][number]>();
  const stationById = new Map(stations.map((station) => [station.id, station]));
  const representativesFirst = [...stationRows].sort(
    (a, b) =>
      Number(b.station_cd === groupIdOf(b)) - Number(a.station_cd === groupIdOf(a)) ||
      Number(stationById.get(a.station_cd)?.closed) -
        Number(stationById.get(b.station_cd)?.closed) ||
      a.station_cd - b.station_cd,
  );
  for (const row of representativesFirst) {
    const id = groupIdOf(row);
    if (groups.has(id)) continue;
    groups.set(id, {
      id,
      transferGroupId: row.station_g_cd,
      name: row.station_name,
      prefectureId: row.pref_cd,
      address: row.address ?? '',
      postalCode: row.post ?? '',
      lat: row.lat,
      lng: row.lon,
      closed: true,
      closedOn: null,
    });
  }
  // A group's opening date is its first member's, known only when every member's is (the free
  // data dates few stations, mostly lines opened lately at older stations).
  const openDates = new Map<number, (string | null)[]>();
  for (const row of stationRows) {
    const dates = openDates.get(groupIdOf(row)) ?? [];
    dates.push(row.open_ymd);
    openDates.set(groupIdOf(row), dates);
  }
  for (const [groupId, dates] of openDates) {
    const known = dates.filter((date): date is string => date !== null).sort();
    groups.get(groupId)!.openedOn = known.length === dates.length ? (known[0] ?? null) : null;
  }
  for (const station of stations) {
    const group = groups.get(station.groupId)!;
    if (!station.closed) {
      group.closed = false;
      group.closedOn = null;
    } else if (group.closed) {
      group.closedOn = laterDate(group.closedOn, station.closedOn);
    }
  }

  const stationIds = new Set(stations.map((station) => station.id));
  const links: StationDataset['links'] = input.joinCsv
    ? parseRows(input.joinCsv, 'join CSV', joinRowSchema)
        .filter((row) => stationIds.has(row.station_cd1) && stationIds.has(row.station_cd2))
        .map((row) => ({
          lineId: row.line_cd,
          fromStationId: row.station_cd1,
          toStationId: row.station_cd2,
        }))
    : [];

  const dataset: StationDataset = {
    prefectures: input.prefCsv
      ? parseRows(input.prefCsv, 'pref CSV', prefRowSchema)
          .filter((row) => row.pref_cd <= 47)
          .map((row) => ({
            id: row.pref_cd,
            name: row.pref_name,
          }))
      : [],
    companies: companies.map((row) => ({
      id: row.company_cd,
      name: row.company_name,
      companyType: row.company_type,
    })),
    lines,
    groups: [...groups.values()],
    stations,
    links,
  };
  if (input.shinkansenCsv)
    addShinkansenStations(dataset, input.shinkansenCsv, input.shinkansenPositionsCsv);
  placeAtPlatforms(dataset);
  return dataset;
}

/** Each station at the mean of its platforms (a Shinkansen platform counts at its station). */
function placeAtPlatforms(dataset: StationDataset): void {
  const platforms = new Map<number, StationDataset['stations']>();
  for (const station of dataset.stations) {
    const list = platforms.get(station.groupId);
    if (list) list.push(station);
    else platforms.set(station.groupId, [station]);
  }
  for (const group of dataset.groups) {
    const position = meanPosition(platforms.get(group.id) ?? []);
    if (position) Object.assign(group, position);
  }
}
