/**
 * Where a place counts as "in Japan": a coarse outline (longitude, latitude) drawn through
 * the sea between Japan and its neighbours, so Korea, Russia (Sakhalin, Urup and the
 * mainland), China, Taiwan and the Northern Marianas fall outside while every island from
 * Yonaguni to Minamitorishima and from Rebun to Okinotorishima falls inside. It holds sea
 * as well as land: it answers "not abroad", not "on land". JAPAN_BOUNDS stays the box
 * around it for quick range checks and map limits.
 */
export const JAPAN_AREA: readonly (readonly [number, number])[] = [
  [122.4, 23.6], // west of Yonaguni, east of Taiwan
  [122.4, 25.1],
  [123.2, 26.3], // north-west of the Senkaku Islands
  [127.0, 31.5], // south of Jeju
  [128.3, 33.6], // between Jeju and the Goto Islands
  [128.9, 34.4], // west of Tsushima
  [129.5, 35.0], // between Tsushima and Busan
  [130.6, 35.7], // off Ulsan
  [131.3, 36.9],
  [131.4, 37.8], // between Ulleungdo and Takeshima
  [135.0, 40.5],
  [138.6, 43.2], // west of Okushiri and Shakotan
  [140.3, 45.6], // west of Rebun
  [141.7, 45.75], // the Soya Strait, south of Cape Crillon
  [142.6, 45.7],
  [145.0, 44.9], // north of Shiretoko
  [147.5, 45.9], // north of Etorofu
  [149.1, 45.6], // between Etorofu and Urup
  [150.5, 44.8],
  [155.0, 42.0],
  [155.0, 23.5], // east of Minamitorishima
  [136.0, 19.8], // south of Okinotorishima, north of the Northern Marianas
];

/** Whether the point lies inside JAPAN_AREA (even-odd ray casting along the latitude). */
export function isInJapan(lat: number, lng: number): boolean {
  let inside = false;
  for (let i = 0, j = JAPAN_AREA.length - 1; i < JAPAN_AREA.length; j = i, i += 1) {
    const [lngI, latI] = JAPAN_AREA[i]!;
    const [lngJ, latJ] = JAPAN_AREA[j]!;
    const crosses = latI > lat !== latJ > lat;
    if (crosses && lng < ((lngJ - lngI) * (lat - latI)) / (latJ - latI) + lngI) inside = !inside;
  }
  return inside;
}
