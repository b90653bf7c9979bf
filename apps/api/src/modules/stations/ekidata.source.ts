import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { LineKind } from '../../db/schema/stations.js';
import type { StationDataset } from './station-dataset.js';

/**
 * Reads 駅データ.jp CSV files (`company…csv`, `line…csv`, `station…csv`, `join…csv`,
 * `pref.csv`) and the Shinkansen stations table into a StationDataset. Columns are found by
 * header name, so the free and paid layouts both work. Closed lines and stations (e_status 2)
 * are kept, marked closed with their closing date; lines and stations not yet open (e_status 1)
 * are left out.
 */

export const EKIDATA_SOURCE = 'ekidata';

const OPEN = '0';
const CLOSED = '2';
/** ekidata's Shinkansen line codes are 1001–1099. */
const SHINKANSEN_LINE_IDS = { min: 1001, max: 1099 };
/** 西九州新幹線 (2022) has no code in the 2021 data: the next free Shinkansen code. */
export const NISHI_KYUSHU_SHINKANSEN_LINE_ID = 1012;
const JR_KYUSHU_COMPANY_ID = 6;

const optionalDate = z
  .string()
  .optional()
  .transform((value) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith('0000') ? value : null,
  );

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

const shinkansenRowSchema = z.object({
  line_cd: z.string().transform((value) => (value ? Number(value) : null)),
  line_name: z.string().min(1),
  seq: z.coerce.number().int().positive(),
  station_name: z.string().min(1),
  station_g_cd: z.string().transform((value) => (value ? Number(value) : null)),
});

export class EkidataFormatError extends Error {
  constructor(file: string, row: number, detail: string) {
    super(`${file}: row ${row}: ${detail}`);
    this.name = 'EkidataFormatError';
  }
}

function parseRows<T>(csv: string, file: string, schema: z.ZodType<T>): T[] {
  const records: Record<string, string>[] = parse(csv.replace(/^\uFEFF/, ''), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  });
  return records.map((record, index) => {
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new EkidataFormatError(file, index + 2, `${issue?.path.join('.')}: ${issue?.message}`);
    }
    return parsed.data;
  });
}

export interface EkidataFiles {
  lineCsv: string;
  stationCsv: string;
  companyCsv?: string;
  joinCsv?: string;
  prefCsv?: string;
  /** The Shinkansen stations table (`station-data/shinkansen.csv`). */
  shinkansenCsv?: string;
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

  const seqByLine = new Map<number, number>();
  const ordered = [...stationRows].sort(
    (a, b) => a.line_cd - b.line_cd || (a.e_sort ?? a.station_cd) - (b.e_sort ?? b.station_cd),
  );
  const stations: StationDataset['stations'] = ordered.map((row) => {
    const seq = (seqByLine.get(row.line_cd) ?? 0) + 1;
    seqByLine.set(row.line_cd, seq);
    const closed = row.e_status === CLOSED || lineById.get(row.line_cd)?.e_status === CLOSED;
    return {
      id: row.station_cd,
      groupId: row.station_g_cd,
      lineId: row.line_cd,
      name: row.station_name,
      seq,
      lat: row.lat,
      lng: row.lon,
      closed,
      closedOn: closed ? row.close_ymd : null,
    };
  });

  // A group is named and placed after its representative station (station_cd = group code),
  // else after its first open member.
  const groups = new Map<number, StationDataset['groups'][number]>();
  const stationById = new Map(stations.map((station) => [station.id, station]));
  const representativesFirst = [...stationRows].sort(
    (a, b) =>
      Number(b.station_cd === b.station_g_cd) - Number(a.station_cd === a.station_g_cd) ||
      Number(stationById.get(a.station_cd)?.closed) -
        Number(stationById.get(b.station_cd)?.closed) ||
      a.station_cd - b.station_cd,
  );
  for (const row of representativesFirst) {
    if (groups.has(row.station_g_cd)) continue;
    groups.set(row.station_g_cd, {
      id: row.station_g_cd,
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
  if (input.shinkansenCsv) addShinkansenStations(dataset, input.shinkansenCsv);
  return dataset;
}

/**
 * The free data has the Shinkansen lines but not their stations. The table lists them in
 * order with the group they belong to; each becomes a member station of that group, placed at
 * the group, linked to the previous placed one. Stations only the Shinkansen serves have no
 * group and no position in the data, so they are left out (the line is drawn past them). Lines
 * whose stations the data already has (ekidata's paid data) keep the data's own stations.
 */
function addShinkansenStations(dataset: StationDataset, csv: string): void {
  const rows = parseRows(csv, 'Shinkansen CSV', shinkansenRowSchema);
  const groupById = new Map(dataset.groups.map((group) => [group.id, group]));
  const linesWithStations = new Set(dataset.stations.map((station) => station.lineId));
  const lineById = new Map(dataset.lines.map((line) => [line.id, line]));
  const previousByLine = new Map<number, number>();

  for (const row of [...rows].sort(
    (a, b) => (a.line_cd ?? 0) - (b.line_cd ?? 0) || a.seq - b.seq,
  )) {
    const lineId = row.line_cd ?? NISHI_KYUSHU_SHINKANSEN_LINE_ID;
    if (linesWithStations.has(lineId)) continue;
    let line = lineById.get(lineId);
    if (!line) {
      line = {
        id: lineId,
        name: row.line_name,
        nameKana: '',
        companyId: dataset.companies.some((company) => company.id === JR_KYUSHU_COMPANY_ID)
          ? JR_KYUSHU_COMPANY_ID
          : null,
        kind: 'shinkansen',
        color: '',
        closed: false,
      };
      lineById.set(lineId, line);
      dataset.lines.push(line);
    }
    const group = row.station_g_cd === null ? undefined : groupById.get(row.station_g_cd);
    if (!group) continue;
    const id = lineId * 100 + row.seq;
    dataset.stations.push({
      id,
      groupId: group.id,
      lineId,
      name: row.station_name,
      seq: row.seq,
      lat: group.lat,
      lng: group.lng,
      closed: false,
      closedOn: null,
    });
    if (group.closed) {
      group.closed = false;
      group.closedOn = null;
    }
    const previous = previousByLine.get(lineId);
    if (previous !== undefined)
      dataset.links.push({ lineId, fromStationId: previous, toStationId: id });
    previousByLine.set(lineId, id);
  }
  // The data's joins of these lines name stations it does not have; the table's order replaces them.
}
