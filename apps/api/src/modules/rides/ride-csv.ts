import type { Ride } from '@ekispot/shared';
import type { NetLine } from './ride-network.js';
import type { RideNetwork } from './ride-network.service.js';

/**
 * Rides as CSV (docs/rides.md#import-and-export): `date,line,from,to,note`, one ride a row, UTF-8
 * with a byte order mark so spreadsheets read the Japanese. Pure functions.
 */

export const CSV_HEADER = ['date', 'line', 'from', 'to', 'note'] as const;
type Column = (typeof CSV_HEADER)[number];

/** Japanese headings are accepted as well as the English ones. */
const HEADINGS: Record<string, Column> = {
  date: 'date',
  日付: 'date',
  乗車日: 'date',
  line: 'line',
  路線: 'line',
  from: 'from',
  乗車駅: 'from',
  to: 'to',
  降車駅: 'to',
  note: 'note',
  メモ: 'note',
};

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function ridesToCsv(rides: readonly Ride[]): string {
  const rows = rides.map((ride) =>
    [ride.ridden_on, ride.line.name, ride.from.name, ride.to.name, ride.note].map(quote).join(','),
  );
  return `\uFEFF${[CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** RFC 4180 fields: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface CsvRide {
  row: number;
  date: string;
  line: string;
  from: string;
  to: string;
  note: string;
}

/** The rows under the header, each with its line number (the header is line 1). */
export function readCsvRides(text: string): { rides: CsvRide[]; error: string | null } {
  const rows = parseCsv(text);
  const header = rows[0]?.map((cell) => HEADINGS[cell.trim().toLowerCase()] ?? null) ?? [];
  const index = (column: Column) => header.indexOf(column);
  const missing = CSV_HEADER.filter((column) => column !== 'note' && index(column) < 0);
  if (missing.length > 0) {
    return {
      rides: [],
      error: `1行目に見出し（date,line,from,to,note）が必要です。足りない列: ${missing.join('・')}`,
    };
  }
  const cell = (cells: string[], column: Column) => (cells[index(column)] ?? '').trim();
  const rides: CsvRide[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((value) => value.trim() === '')) return;
    rides.push({
      row: i + 2,
      date: cell(cells, 'date'),
      line: cell(cells, 'line'),
      from: cell(cells, 'from'),
      to: cell(cells, 'to'),
      note: index('note') >= 0 ? cell(cells, 'note') : '',
    });
  });
  return { rides, error: null };
}

/** 2024/3/5, 2024-03-05, 2024年3月5日 → 2024-03-05; null when it is not a date. */
export function normaliseDate(value: string): string | null {
  const match = /^(\d{4})[-/年](\d{1,2})[-/月](\d{1,2})日?$/.exec(value.normalize('NFKC'));
  if (!match) return null;
  const [, y, m, d] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

/** Names compared without width, spaces, a trailing 駅 or a leading JR. */
export function nameKey(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/駅$/, '')
    .replace(/^JR/i, '')
    .replace(/ケ/g, 'ヶ')
    .toLowerCase();
}

const lineIndexes = new WeakMap<RideNetwork, Map<string, NetLine[]>>();

/** Lines by name: exact first, then by key (「山手線」 finds JR山手線 and 神戸市営地下鉄山手線). */
export function findLines(network: RideNetwork, name: string): NetLine[] {
  let index = lineIndexes.get(network);
  if (!index) {
    index = new Map();
    for (const line of network.lines.values()) {
      const key = nameKey(line.name);
      index.set(key, [...(index.get(key) ?? []), line]);
    }
    lineIndexes.set(network, index);
  }
  const exact = [...network.lines.values()].filter((line) => line.name === name.trim());
  if (exact.length > 0) return exact;
  const found = index.get(nameKey(name)) ?? [];
  // An open line wins over a closed one of the same name.
  const open = found.filter((line) => !line.closed);
  return open.length > 0 ? open : found;
}

/** The line's station (group id) of that name, or null. */
export function findStationOnLine(line: NetLine, name: string): number | null {
  const key = nameKey(name);
  for (const station of line.stations.values()) {
    if (nameKey(station.name) === key) return station.groupId;
  }
  return null;
}
