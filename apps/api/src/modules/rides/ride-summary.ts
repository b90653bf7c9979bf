import type { RideSummary } from '@ekispot/shared';
import { edgeKey, type NetLine } from './ride-network.js';
import { prefectureShares, type RideNetwork } from './ride-network.service.js';

/**
 * 乗りつぶし (docs/rides.md#shares): the sections a member has ridden, each counted once however
 * many rides pass it, against each line's sections, and the sums per company, prefecture and
 * Japan. Pure: the caller gives the rides oldest first.
 */

export interface RideSectionRow {
  lineId: number;
  path: number[];
  riddenOn: string;
  distanceM: number;
}

export interface LineProgress {
  line: NetLine;
  /** Ridden sections (edge keys), closed ones too. */
  ridden: Set<number>;
  riddenMetres: number;
  riddenSections: number;
  completedOn: string | null;
}

/** Each line's ridden sections; a line is 完乗 on the date of the ride that covered its last. */
export function lineProgress(network: RideNetwork, rows: readonly RideSectionRow[]) {
  const byLine = new Map<number, LineProgress>();
  for (const row of rows) {
    const line = network.lines.get(row.lineId);
    if (!line) continue;
    let progress = byLine.get(line.id);
    if (!progress) {
      progress = { line, ridden: new Set(), riddenMetres: 0, riddenSections: 0, completedOn: null };
      byLine.set(line.id, progress);
    }
    for (let i = 1; i < row.path.length; i += 1) {
      const key = edgeKey(row.path[i - 1]!, row.path[i]!);
      if (progress.ridden.has(key)) continue;
      progress.ridden.add(key);
      const edge = line.edges.get(key);
      if (!edge?.target) continue;
      progress.riddenMetres += edge.metres;
      progress.riddenSections += 1;
    }
    if (
      progress.completedOn === null &&
      line.targetSections > 0 &&
      progress.riddenSections === line.targetSections
    ) {
      progress.completedOn = row.riddenOn;
    }
  }
  return byLine;
}

const round = (metres: number) => Math.round(metres);

export function summarise(
  network: RideNetwork,
  rows: readonly RideSectionRow[],
): Omit<RideSummary, 'hidden'> {
  const progress = lineProgress(network, rows);
  const companies = new Map<number, { metres: number; sections: number; completed: number }>();
  const prefectures = new Map<number, { metres: number; sections: number }>();
  let riddenMetres = 0;
  let riddenSections = 0;
  let completedLines = 0;
  for (const entry of progress.values()) {
    const { line } = entry;
    if (entry.completedOn) completedLines += 1;
    if (line.closed) continue;
    riddenMetres += entry.riddenMetres;
    riddenSections += entry.riddenSections;
    if (line.companyId !== null && network.companies.has(line.companyId)) {
      const company = companies.get(line.companyId) ?? { metres: 0, sections: 0, completed: 0 };
      company.metres += entry.riddenMetres;
      company.sections += entry.riddenSections;
      if (entry.completedOn) company.completed += 1;
      companies.set(line.companyId, company);
    }
    for (const key of entry.ridden) {
      const edge = line.edges.get(key);
      if (!edge?.target) continue;
      for (const share of prefectureShares(line, edge.a, edge.b, edge.metres)) {
        const totals = prefectures.get(share.prefectureId) ?? { metres: 0, sections: 0 };
        totals.metres += share.metres;
        totals.sections += 1;
        prefectures.set(share.prefectureId, totals);
      }
    }
  }
  const lines = [...progress.values()]
    .map((entry) => ({
      id: entry.line.id,
      name: entry.line.name,
      color: entry.line.color,
      company_id: entry.line.companyId,
      closed: entry.line.closed,
      ridden_m: round(entry.riddenMetres),
      total_m: round(entry.line.targetMetres),
      ridden_sections: entry.riddenSections,
      total_sections: entry.line.targetSections,
      completed_on: entry.completedOn,
    }))
    .sort(
      (a, b) =>
        b.ridden_sections / Math.max(1, b.total_sections) -
          a.ridden_sections / Math.max(1, a.total_sections) || a.id - b.id,
    );
  return {
    ride_count: rows.length,
    distance_m: rows.reduce((sum, row) => sum + row.distanceM, 0),
    ridden_m: round(riddenMetres),
    total_m: round(network.japan.metres),
    ridden_sections: riddenSections,
    total_sections: network.japan.sections,
    completed_lines: completedLines,
    lines,
    companies: [...companies]
      .map(([id, ridden]) => {
        const company = network.companies.get(id)!;
        return {
          id,
          name: company.name,
          ridden_m: round(ridden.metres),
          total_m: round(company.metres),
          ridden_sections: ridden.sections,
          total_sections: company.sections,
          completed_lines: ridden.completed,
          line_count: company.lineIds.length,
        };
      })
      .sort((a, b) => b.ridden_m - a.ridden_m || a.id - b.id),
    prefectures: network.prefectures.map((prefecture) => ({
      id: prefecture.id,
      name: prefecture.name,
      ridden_m: round(prefectures.get(prefecture.id)?.metres ?? 0),
      total_m: round(prefecture.metres),
      ridden_sections: prefectures.get(prefecture.id)?.sections ?? 0,
      total_sections: prefecture.sections,
    })),
  };
}
