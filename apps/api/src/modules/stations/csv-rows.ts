import { parse } from 'csv-parse/sync';
import { z } from 'zod';

/** The CSV reading shared by the station data sources (ekidata.source.ts, shinkansen.source.ts). */

/** `YYYY-MM-DD`, or null for an empty or `0000-00-00` date (how 駅データ.jp writes "unknown"). */
export const optionalDate = z
  .string()
  .optional()
  .transform((value) =>
    value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !value.startsWith('0000') ? value : null,
  );

export class EkidataFormatError extends Error {
  constructor(file: string, row: number, detail: string) {
    super(`${file}: row ${row}: ${detail}`);
    this.name = 'EkidataFormatError';
  }
}

/** Rows of a CSV with a header line, each checked against the schema; the first bad row throws. */
export function parseRows<T>(csv: string, file: string, schema: z.ZodType<T>): T[] {
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
