import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { StationDataset } from './station-dataset.js';

/**
 * Reads ekidata.jp CSV files (駅データ.jp: `line20xxxxxx.csv`, `station20xxxxxx.csv`) into a
 * StationDataset. Columns are found by header name, so the free and paid layouts both work.
 * Closed stations and lines (e_status = 2) are left out.
 */

export const EKIDATA_SOURCE = 'ekidata';

const CLOSED = '2';

const lineRowSchema = z.object({
  line_cd: z.coerce.number().int().positive(),
  line_name: z.string().min(1),
  line_name_r: z.string().optional(),
  e_status: z.string().optional(),
});

const stationRowSchema = z.object({
  station_cd: z.coerce.number().int().positive(),
  station_g_cd: z.coerce.number().int().positive(),
  station_name: z.string().min(1),
  station_name_r: z.string().optional(),
  line_cd: z.coerce.number().int().positive(),
  pref_cd: z.coerce.number().int().min(1).max(47),
  address: z.string().optional(),
  lon: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
  e_status: z.string().optional(),
  e_sort: z.coerce.number().int().optional(),
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

export function readEkidataCsv(input: { lineCsv: string; stationCsv: string }): StationDataset {
  const lineRows = parseRows(input.lineCsv, 'line CSV', lineRowSchema).filter(
    (row) => row.e_status !== CLOSED,
  );
  const lineIds = new Set(lineRows.map((row) => row.line_cd));
  const stationRows = parseRows(input.stationCsv, 'station CSV', stationRowSchema).filter(
    (row) => row.e_status !== CLOSED && lineIds.has(row.line_cd),
  );

  const seqByLine = new Map<number, number>();
  const ordered = [...stationRows].sort(
    (a, b) => a.line_cd - b.line_cd || (a.e_sort ?? a.station_cd) - (b.e_sort ?? b.station_cd),
  );
  const stations = ordered.map((row) => {
    const seq = (seqByLine.get(row.line_cd) ?? 0) + 1;
    seqByLine.set(row.line_cd, seq);
    return {
      id: row.station_cd,
      groupId: row.station_g_cd,
      lineId: row.line_cd,
      name: row.station_name,
      nameEn: row.station_name_r ?? '',
      seq,
      lat: row.lat,
      lng: row.lon,
    };
  });

  const groups = new Map<number, StationDataset['groups'][number]>();
  const representativesFirst = [...stationRows].sort(
    (a, b) =>
      Number(b.station_cd === b.station_g_cd) - Number(a.station_cd === a.station_g_cd) ||
      a.station_cd - b.station_cd,
  );
  for (const row of representativesFirst) {
    if (groups.has(row.station_g_cd)) continue;
    groups.set(row.station_g_cd, {
      id: row.station_g_cd,
      name: row.station_name,
      nameEn: row.station_name_r ?? '',
      prefectureId: row.pref_cd,
      address: row.address ?? '',
      lat: row.lat,
      lng: row.lon,
    });
  }

  return {
    prefectures: [],
    lines: lineRows.map((row) => ({
      id: row.line_cd,
      name: row.line_name,
      nameEn: row.line_name_r ?? '',
    })),
    groups: [...groups.values()],
    stations,
  };
}
