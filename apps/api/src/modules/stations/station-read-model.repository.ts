import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  companies,
  lines,
  prefectures,
  stationGroups,
  stations,
  stationSearchTerms,
} from '../../db/schema/index.js';
import { findDataVersion } from './stations.repository.js';

/**
 * Everything the in-memory read model holds (docs/stations.md#read-model), read in one
 * repeatable-read transaction so an import committing meanwhile is seen whole or not at all.
 */
export async function loadReadModelRows(db: Database) {
  return db.transaction(
    async (tx) => {
      const version = await findDataVersion(tx);
      const prefectureRows = await tx
        .select({ id: prefectures.id, name: prefectures.name })
        .from(prefectures)
        .orderBy(asc(prefectures.id));
      const lineRows = await tx
        .select({
          id: lines.id,
          name: lines.name,
          nameKana: lines.nameKana,
          kind: lines.kind,
          closed: lines.closed,
          companyName: companies.name,
        })
        .from(lines)
        .leftJoin(companies, eq(companies.id, lines.companyId))
        .orderBy(asc(lines.id));
      const groupRows = await tx
        .select({
          id: stationGroups.id,
          transferGroupId: stationGroups.transferGroupId,
          name: stationGroups.name,
          nameRomaji: stationGroups.nameRomaji,
          prefectureId: stationGroups.prefectureId,
          address: stationGroups.address,
          postalCode: stationGroups.postalCode,
          lat: stationGroups.lat,
          lng: stationGroups.lng,
          lineCount: stationGroups.lineCount,
          closed: stationGroups.closed,
          closedOn: stationGroups.closedOn,
          openedOn: stationGroups.openedOn,
        })
        .from(stationGroups)
        .orderBy(asc(stationGroups.id));
      const stationRows = await tx
        .select({
          id: stations.id,
          groupId: stations.groupId,
          lineId: stations.lineId,
          name: stations.name,
          seq: stations.seq,
          closed: stations.closed,
          closedOn: stations.closedOn,
        })
        .from(stations)
        .orderBy(asc(stations.lineId), asc(stations.seq), asc(stations.id));
      const termRows = await tx
        .select({
          groupId: stationSearchTerms.groupId,
          kind: stationSearchTerms.kind,
          term: stationSearchTerms.term,
          stationName: stationSearchTerms.stationName,
          isGroupName: stationSearchTerms.isGroupName,
          nameLineCount: stationSearchTerms.nameLineCount,
        })
        .from(stationSearchTerms);
      return {
        version,
        prefectures: prefectureRows,
        lines: lineRows,
        groups: groupRows,
        stations: stationRows,
        terms: termRows,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type ReadModelRows = Awaited<ReturnType<typeof loadReadModelRows>>;
