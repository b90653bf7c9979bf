import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  lines,
  prefectures,
  stationGroups,
  stationSearchTerms,
  stations,
} from '../../db/schema/index.js';

/**
 * What a station's link-preview card shows (docs/seo.md#link-preview-images): its name,
 * prefecture, reading and lines with their colours, open lines first and the Shinkansen first
 * among them, as the station page lists them.
 */
export async function findStationCard(db: Database, groupId: number) {
  const [group] = await db
    .select({
      id: stationGroups.id,
      name: stationGroups.name,
      closed: stationGroups.closed,
      prefectureName: prefectures.name,
    })
    .from(stationGroups)
    .innerJoin(prefectures, eq(prefectures.id, stationGroups.prefectureId))
    .where(eq(stationGroups.id, groupId));
  if (!group) return null;
  const closed = sql<boolean>`bool_and(${stations.closed})`;
  const [lineRows, readings] = await Promise.all([
    db
      .select({ id: lines.id, name: lines.name, color: lines.color, closed })
      .from(stations)
      .innerJoin(lines, eq(lines.id, stations.lineId))
      .where(eq(stations.groupId, groupId))
      .groupBy(lines.id)
      .orderBy(closed, sql`${lines.kind} <> 'shinkansen'`, asc(lines.id)),
    db
      .select({ term: stationSearchTerms.term })
      .from(stationSearchTerms)
      .where(
        and(
          eq(stationSearchTerms.groupId, groupId),
          eq(stationSearchTerms.kind, 'reading'),
          eq(stationSearchTerms.isGroupName, true),
        ),
      )
      .orderBy(asc(stationSearchTerms.term))
      .limit(1),
  ]);
  return {
    ...group,
    // A closed member's line is shown only when the whole station is closed.
    lines: lineRows.filter((line) => group.closed || !line.closed),
    reading: readings[0]?.term ?? '',
  };
}
