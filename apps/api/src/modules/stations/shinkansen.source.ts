import { z } from 'zod';
import { optionalDate, parseRows } from './csv-rows.js';
import { stationNameKey } from './named-stations.js';
import type { StationDataset } from './station-dataset.js';

/**
 * The Shinkansen stations, which 駅データ.jp's free data lacks (apps/api/station-data/README.md): the
 * table of every line's stations in order (`shinkansen.csv`), and the positions, readings and
 * opening dates of the stations no other line serves (`shinkansen-positions.csv`).
 */

/** 西九州新幹線 (2022) has no code in the 2021 data: the next free Shinkansen code. */
export const NISHI_KYUSHU_SHINKANSEN_LINE_ID = 1012;
const JR_KYUSHU_COMPANY_ID = 6;
/**
 * The data gives the Shinkansen lines no colour: they take the blue the map draws them in
 * (apps/web/src/lib/map/basemap-style.ts), which their stamps are inked in too.
 */
export const SHINKANSEN_COLOR = '#2b4a7a';

const shinkansenRowSchema = z.object({
  line_cd: z.string().transform((value) => (value ? Number(value) : null)),
  line_name: z.string().min(1),
  seq: z.coerce.number().int().positive(),
  station_name: z.string().min(1),
  pref_cd: z.coerce.number().int().min(1).max(47),
  station_g_cd: z.string().transform((value) => (value ? Number(value) : null)),
});

const positionRowSchema = z.object({
  station_name: z.string().min(1),
  pref_cd: z.coerce.number().int().min(1).max(47),
  lat: z.coerce.number().min(20).max(46),
  lng: z.coerce.number().min(122).max(154),
  reading: z.string().regex(/^[\u3041-\u309f\u30fc]+$/, 'reading: hiragana only'),
  opened: optionalDate,
});

const placeKey = (name: string, prefectureId: number) => `${prefectureId}\u0000${name}`;

/**
 * Adds the table's stations to the dataset, each linked to the previous one on its line.
 * A station with a group in the data joins the station of its name in that group, placed at it. A station only the
 * Shinkansen serves becomes a group of its own at its listed position, with its reading and
 * opening date; its id is its station code (line code × 100 + order: 6 digits, which no
 * 7-digit ekidata code can take), so it stays the same from one import to the next. Without a
 * listed position it is left out and the line is drawn past it. Lines whose stations the data
 * already has (ekidata's paid data) keep the data's own stations.
 */
export function addShinkansenStations(
  dataset: StationDataset,
  csv: string,
  positionsCsv?: string,
): void {
  const rows = parseRows(csv, 'Shinkansen CSV', shinkansenRowSchema);
  const positions = new Map(
    (positionsCsv
      ? parseRows(positionsCsv, 'Shinkansen positions CSV', positionRowSchema)
      : []
    ).map((row) => [placeKey(row.station_name, row.pref_cd), row]),
  );
  const groupById = new Map(dataset.groups.map((group) => [group.id, group]));
  // The table names the data's station group (a transfer group): the station of that name in it.
  const namedInGroup = new Map(
    dataset.groups.map((group) => [
      `${group.transferGroupId}\u0000${stationNameKey(group.name)}`,
      group,
    ]),
  );
  const ownGroupByPlace = new Map<string, StationDataset['groups'][number]>();
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
    line.color ||= SHINKANSEN_COLOR;
    const id = lineId * 100 + row.seq;
    const group =
      row.station_g_cd === null
        ? ownGroup(dataset, ownGroupByPlace, positions, row, id)
        : (namedInGroup.get(`${row.station_g_cd}\u0000${stationNameKey(row.station_name)}`) ??
          groupById.get(row.station_g_cd));
    if (!group) continue;
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

/** The group of a station only the Shinkansen serves, made once per name and prefecture. */
function ownGroup(
  dataset: StationDataset,
  made: Map<string, StationDataset['groups'][number]>,
  positions: Map<string, z.infer<typeof positionRowSchema>>,
  row: z.infer<typeof shinkansenRowSchema>,
  stationId: number,
): StationDataset['groups'][number] | undefined {
  const key = placeKey(row.station_name, row.pref_cd);
  const existing = made.get(key);
  if (existing) return existing;
  const position = positions.get(key);
  if (!position) return undefined;
  const group: StationDataset['groups'][number] = {
    id: stationId,
    transferGroupId: stationId,
    name: row.station_name,
    prefectureId: row.pref_cd,
    address: '',
    postalCode: '',
    lat: position.lat,
    lng: position.lng,
    closed: false,
    closedOn: null,
    openedOn: position.opened,
  };
  made.set(key, group);
  dataset.groups.push(group);
  (dataset.readings ??= {})[row.station_name] = [position.reading];
  return group;
}
