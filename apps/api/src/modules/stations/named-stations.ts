/**
 * One station per name (docs/stations.md#one-station-per-name). A 駅データ.jp station group is a
 * transfer group: 大阪, 梅田, 東梅田, 西梅田, 北新地 and 大阪梅田 share one code. Each name of a
 * group becomes a station of its own; the group's code stays with the name the group is
 * called by, so what was made under it keeps its address.
 */

/**
 * What two members must share to be one station: the name without bracketed notes
 * (「押上〈スカイツリー前〉」 and 「押上（スカイツリー前）」), in NFKC, with ヶ, ヵ and ケ as one
 * (市ケ谷 and 市ヶ谷).
 */
export function stationNameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[(〈<[【].*?[)〉>\]】]/gu, '')
    .replace(/[ヶヵ]/gu, 'ケ')
    .trim();
}

export interface GroupedStationRow {
  station_cd: number;
  station_g_cd: number;
  station_name: string;
  open: boolean;
}

/**
 * The named station each row belongs to, by station code. Within a transfer group the name
 * of its representative (station code = group code; without one, its first open member) keeps
 * the group code; each other name takes the lowest station code among its members, which no
 * other group can hold (a group code is the code of a station of that group). Should that
 * ever not hold, the name stays with the group's code.
 */
export function namedStationIdsOf(rows: GroupedStationRow[]): Map<number, number> {
  const groupCodes = new Set(rows.map((row) => row.station_g_cd));
  const byGroup = new Map<number, GroupedStationRow[]>();
  for (const row of rows) {
    const members = byGroup.get(row.station_g_cd);
    if (members) members.push(row);
    else byGroup.set(row.station_g_cd, [row]);
  }
  const idByStation = new Map<number, number>();
  for (const [groupCode, members] of byGroup) {
    const representative = [...members].sort(
      (a, b) =>
        Number(b.station_cd === groupCode) - Number(a.station_cd === groupCode) ||
        Number(b.open) - Number(a.open) ||
        a.station_cd - b.station_cd,
    )[0]!;
    const mainKey = stationNameKey(representative.station_name);
    const lowestByKey = new Map<string, number>();
    for (const member of members) {
      const key = stationNameKey(member.station_name);
      lowestByKey.set(key, Math.min(lowestByKey.get(key) ?? member.station_cd, member.station_cd));
    }
    for (const member of members) {
      const key = stationNameKey(member.station_name);
      const own = lowestByKey.get(key)!;
      const id = key === mainKey || groupCodes.has(own) ? groupCode : own;
      idByStation.set(member.station_cd, id);
    }
  }
  return idByStation;
}

/** A station's position: the mean of its open platforms (of all, once every one is closed). */
export function meanPosition(platforms: { lat: number; lng: number; closed: boolean }[]) {
  const open = platforms.filter((platform) => !platform.closed);
  const counted = open.length > 0 ? open : platforms;
  if (counted.length === 0) return null;
  const sum = counted.reduce(
    (total, platform) => ({ lat: total.lat + platform.lat, lng: total.lng + platform.lng }),
    { lat: 0, lng: 0 },
  );
  return { lat: sum.lat / counted.length, lng: sum.lng / counted.length };
}
