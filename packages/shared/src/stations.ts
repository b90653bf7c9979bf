import { z } from 'zod';
import { textSchema } from './text.js';
import { lazySchema } from './lazy-schema.js';

/** Station API contract (docs/conventions.md#api-conventions). Wire format: snake_case. */

export const stationGroupIdSchema = lazySchema(() =>
  z.coerce
    .number({ error: '駅IDは数値で指定してください。' })
    .int('駅IDは整数で指定してください。')
    .positive('駅IDは正の数で指定してください。')
    .max(2_147_483_647, '駅IDが大きすぎます。'),
);

export const stationGroupParamsSchema = lazySchema(() =>
  z.object({ stationGroupId: stationGroupIdSchema }),
);

export const prefectureSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
  }),
);
export type Prefecture = z.infer<typeof prefectureSchema>;

/** How a line is drawn and labelled: operator type, with Shinkansen and subways apart. */
export const lineKindSchema = lazySchema(() => z.enum(['jr', 'shinkansen', 'subway', 'private']));
export type LineKind = z.infer<typeof lineKindSchema>;

/**
 * `name_romaji`: the name romanised as station signs write it (JR Yamanote Line, Shin-Osaka),
 * made from its reading (docs/stations.md#romanised-names): a spelling for visitors, not an
 * official translation; '' where the name has no reading. The API always sends it; it is
 * optional only so that answers recorded before it (caches, tests) still read.
 */
export const lineRefSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    name_romaji: z.string().optional(),
  }),
);

/** What lists, search results and pop-ups show of a station group. */
export const stationSummarySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    /** Romanised as station signs write it (see lineRefSchema). */
    name_romaji: z.string().optional(),
    prefecture: prefectureSchema,
    lat: z.number(),
    lng: z.number(),
    lines: z.array(lineRefSchema),
    /** 廃駅: no open station is left in the group (it stays reachable with its posts). */
    closed: z.boolean(),
    /** `YYYY-MM-DD` of the last closing, where the data knows it. */
    closed_on: z.string().nullable(),
  }),
);
export type StationSummary = z.infer<typeof stationSummarySchema>;

export const nearbyStationSchema = lazySchema(() =>
  stationSummarySchema.extend({
    distance_m: z.number().int(),
  }),
);
export type NearbyStation = z.infer<typeof nearbyStationSchema>;

export const memberStationSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    line: lineRefSchema,
    closed: z.boolean(),
    closed_on: z.string().nullable(),
  }),
);

export const stationDetailSchema = lazySchema(() =>
  stationSummarySchema.extend({
    address: z.string(),
    postal_code: z.string(),
    /** `YYYY-MM-DD` of its first opening, where the data knows it. */
    opened_on: z.string().nullable(),
    stations: z.array(memberStationSchema),
    /**
     * 乗り換え: the other open stations of its transfer group (the stations one changes between),
     * nearest first, with the straight-line distance between the stations' positions.
     */
    transfers: z.array(nearbyStationSchema),
    counts: z.object({
      posts: z.number().int(),
      want_to_visit: z.number().int(),
      stamps: z.number().int(),
    }),
  }),
);
export type StationDetail = z.infer<typeof stationDetailSchema>;

/** Metres walked in a minute: the figure Japanese property listings use (徒歩1分 = 80 m). */
export const WALKING_METRES_PER_MINUTE = 80;

/** 徒歩N分 for a straight-line distance, rounded up, at least 1. */
export function walkingMinutes(distanceM: number): number {
  return Math.max(1, Math.ceil(distanceM / WALKING_METRES_PER_MINUTE));
}

/** Marker coordinates travel as whole numbers of 1/MARKER_COORDINATE_SCALE degree (about 1 m). */
export const MARKER_COORDINATE_SCALE = 100_000;

/**
 * Every open station group's position in a compact, column-wise form, delta-coded: index i of
 * each column describes one group (by ascending id), as its difference from group i-1 (group 0:
 * from zero). Ids are whole numbers, coordinates whole numbers of 1/`scale` degree. Neighbouring
 * ids are mostly neighbouring stations on one line, so the differences are short numbers, and
 * the answer is a fifth smaller with brotli than the plain columns. The names come separately
 * (stationMarkerNamesSchema): the map shows them only once zoomed in. `decodeStationMarkers`
 * gives the plain columns back.
 */
export const stationMarkersSchema = lazySchema(() =>
  z.object({
    count: z.number().int(),
    scale: z.number().int().positive(),
    deltas: z.object({
      ids: z.array(z.number().int()),
      lats: z.array(z.number().int()),
      lngs: z.array(z.number().int()),
    }),
  }),
);
export type StationMarkers = z.infer<typeof stationMarkersSchema>;

export interface DecodedStationMarkers {
  ids: number[];
  lats: number[];
  lngs: number[];
}

/** The plain columns of a delta-coded marker answer (stationMarkersSchema). */
export function decodeStationMarkers({ scale, deltas }: StationMarkers): DecodedStationMarkers {
  const length = Math.min(deltas.ids.length, deltas.lats.length, deltas.lngs.length);
  const decoded: DecodedStationMarkers = { ids: [], lats: [], lngs: [] };
  let [id, lat, lng] = [0, 0, 0];
  for (let index = 0; index < length; index += 1) {
    id += deltas.ids[index]!;
    lat += deltas.lats[index]!;
    lng += deltas.lngs[index]!;
    decoded.ids.push(id);
    decoded.lats.push(lat / scale);
    decoded.lngs.push(lng / scale);
  }
  return decoded;
}

/** The delta-coded form of plain columns (coordinates rounded to 1/`scale` degree). */
export function encodeStationMarkers(
  { ids, lats, lngs }: DecodedStationMarkers,
  scale = MARKER_COORDINATE_SCALE,
): StationMarkers {
  const delta = (values: number[]) =>
    values.map((value, index) => value - (index === 0 ? 0 : values[index - 1]!));
  const whole = (values: number[]) => values.map((value) => Math.round(value * scale));
  return {
    count: ids.length,
    scale,
    deltas: { ids: delta(ids), lats: delta(whole(lats)), lngs: delta(whole(lngs)) },
  };
}

/** The names of the station markers, column-wise: `names[i]` is the name of group `ids[i]`. */
export const stationMarkerNamesSchema = lazySchema(() =>
  z.object({
    ids: z.array(z.number().int()),
    names: z.array(z.string()),
  }),
);
export type StationMarkerNames = z.infer<typeof stationMarkerNamesSchema>;

export const stationSearchQuerySchema = lazySchema(() =>
  z.object({
    q: textSchema({ error: '検索キーワードを入力してください。' })
      .trim()
      .min(1, '検索キーワードを入力してください。')
      .max(50, '検索キーワードは50文字以内で入力してください。'),
    limit: z.coerce
      .number({ error: '件数は数値で指定してください。' })
      .int('件数は整数で指定してください。')
      .min(1, '件数は1以上で指定してください。')
      .max(50, '件数は50以下で指定してください。')
      .default(20),
  }),
);

const latitudeSchema = lazySchema(() =>
  z.coerce
    .number({ error: '緯度は数値で指定してください。' })
    .min(-90, '緯度は-90以上で指定してください。')
    .max(90, '緯度は90以下で指定してください。'),
);
const longitudeSchema = lazySchema(() =>
  z.coerce
    .number({ error: '経度は数値で指定してください。' })
    .min(-180, '経度は-180以上で指定してください。')
    .max(180, '経度は180以下で指定してください。'),
);

export const stationNearbyQuerySchema = lazySchema(() =>
  z.object({
    lat: latitudeSchema,
    lng: longitudeSchema,
    limit: z.coerce
      .number({ error: '件数は数値で指定してください。' })
      .int('件数は整数で指定してください。')
      .min(1, '件数は1以上で指定してください。')
      .max(50, '件数は50以下で指定してください。')
      .default(10),
    radius_m: z.coerce
      .number({ error: '半径は数値で指定してください。' })
      .int('半径は整数で指定してください。')
      .min(100, '半径は100メートル以上で指定してください。')
      .max(50_000, '半径は50,000メートル以下で指定してください。')
      .default(10_000),
  }),
);

export const stationRandomQuerySchema = lazySchema(() =>
  z.object({
    prefecture: z.coerce
      .number({ error: '都道府県は数値で指定してください。' })
      .int('都道府県は整数で指定してください。')
      .min(1, '都道府県は1から47の番号で指定してください。')
      .max(47, '都道府県は1から47の番号で指定してください。')
      .optional(),
    line: z.coerce
      .number({ error: '路線は数値で指定してください。' })
      .int('路線は整数で指定してください。')
      .positive('路線は正の数で指定してください。')
      .max(2_147_483_647, '路線の番号が大きすぎます。')
      .optional(),
  }),
);

export const lineListQuerySchema = lazySchema(() =>
  z.object({
    prefecture: stationRandomQuerySchema.shape.prefecture,
  }),
);

/** Lines a search result row shows; the rest are counted (「ほか N 路線」). */
export const SEARCH_RESULT_LINES = 2;

export const stationSearchResultSchema = lazySchema(() =>
  stationSummarySchema.extend({
    /** The name that matched: the group's, or a member station's (shown 「大阪梅田（大阪）」). */
    matched_name: z.string(),
    /** All lines of the group; `lines` holds the first SEARCH_RESULT_LINES of them. */
    line_count: z.number().int(),
  }),
);
export type StationSearchResult = z.infer<typeof stationSearchResultSchema>;

export const lineSearchResultSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    name_romaji: z.string().optional(),
    company_name: z.string().nullable(),
    kind: lineKindSchema,
    closed: z.boolean(),
    station_count: z.number().int(),
  }),
);
export type LineSearchResult = z.infer<typeof lineSearchResultSchema>;

export const stationSearchResponseSchema = lazySchema(() =>
  z.object({
    items: z.array(stationSearchResultSchema),
    /** Lines whose name matches (「山手線」→ JR山手線). */
    lines: z.array(lineSearchResultSchema),
  }),
);
export type StationSearchResponse = z.infer<typeof stationSearchResponseSchema>;

export const lineParamsSchema = lazySchema(() =>
  z.object({
    lineId: z.coerce
      .number({ error: '路線IDは数値で指定してください。' })
      .int('路線IDは整数で指定してください。')
      .positive('路線IDは正の数で指定してください。')
      .max(2_147_483_647, '路線IDが大きすぎます。'),
  }),
);

/** A line with its stations in order along it. */
export const lineDetailSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    name_romaji: z.string().optional(),
    company_name: z.string().nullable(),
    kind: lineKindSchema,
    closed: z.boolean(),
    stations: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        station_group_id: z.number().int(),
        group_name: z.string(),
        group_name_romaji: z.string().optional(),
        lat: z.number(),
        lng: z.number(),
        closed: z.boolean(),
        closed_on: z.string().nullable(),
      }),
    ),
  }),
);
export type LineDetail = z.infer<typeof lineDetailSchema>;
export const nearbyStationListSchema = lazySchema(() =>
  z.object({ items: z.array(nearbyStationSchema) }),
);
export const prefectureListSchema = lazySchema(() =>
  z.object({ items: z.array(prefectureSchema) }),
);
export const lineListSchema = lazySchema(() => z.object({ items: z.array(lineRefSchema) }));

/** Railway lines for the offline basemap: GeoJSON, one MultiLineString per line. */
export const railwayCollectionSchema = lazySchema(() =>
  z.object({
    type: z.literal('FeatureCollection'),
    features: z.array(
      z.object({
        type: z.literal('Feature'),
        properties: z.object({ line_id: z.number().int(), name: z.string(), kind: lineKindSchema }),
        geometry: z.object({
          type: z.literal('MultiLineString'),
          coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
        }),
      }),
    ),
  }),
);
