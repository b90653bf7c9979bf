import { normaliseName, romajiKey, romajiKeyOfReading } from './search-keys.js';
import type { ReadingFinder } from './station-readings.js';

/** One name of a group: its own, or a member station's, with how many members bear it. */
export interface GroupName {
  groupId: number;
  name: string;
  stationCount: number;
  isGroupName: boolean;
}

export interface SearchTermRow {
  groupId: number;
  kind: 'name' | 'reading' | 'romaji';
  term: string;
  stationName: string;
  isGroupName: boolean;
  nameLineCount: number;
}

/**
 * Every way of writing each name that search matches: the name itself (NFKC), its readings in
 * hiragana and their romaji keys, and the romaji key of the group's romanised name (which can
 * differ from its reading's: 多摩センター, Tama-Center). Pure: the readings come from the finder.
 */
export function buildSearchTerms(
  names: GroupName[],
  findReadings: ReadingFinder,
  romanised: ReadonlyMap<number, string> = new Map(),
): SearchTermRow[] {
  const rows = new Map<string, SearchTermRow>();
  const add = (row: SearchTermRow) => {
    if (!row.term) return;
    const key = `${row.groupId}\u0000${row.kind}\u0000${row.term}\u0000${row.stationName}`;
    const existing = rows.get(key);
    if (!existing) rows.set(key, row);
    else {
      existing.nameLineCount = Math.max(existing.nameLineCount, row.nameLineCount);
      existing.isGroupName ||= row.isGroupName;
    }
  };
  for (const { groupId, name, stationCount, isGroupName } of names) {
    const base = {
      groupId,
      stationName: name,
      isGroupName,
      nameLineCount: Math.min(stationCount, 32_000),
    };
    add({ ...base, kind: 'name', term: normaliseName(name) });
    for (const reading of findReadings(name)) {
      add({ ...base, kind: 'reading', term: reading });
      add({ ...base, kind: 'romaji', term: romajiKeyOfReading(reading) });
    }
    const sign = isGroupName ? romanised.get(groupId) : undefined;
    if (sign) add({ ...base, kind: 'romaji', term: romajiKey(sign) });
  }
  return [...rows.values()];
}
