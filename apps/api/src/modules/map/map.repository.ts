import { and, between, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { shownToAll } from '../../db/moderated.js';
import { posts, stationGroups } from '../../db/schema/index.js';

/**
 * Queries for the map's viewport markers (docs/conventions.md#api-modules: Drizzle stays in
 * repositories).
 */

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface PostMarkerRow {
  id: string;
  kind: 'spot' | 'event';
  title: string;
  lat: number;
  lng: number;
  startsAt: Date | null;
  endsAt: Date | null;
  upcoming: boolean;
}

const box = {
  south: sql.placeholder('south'),
  west: sql.placeholder('west'),
  north: sql.placeholder('north'),
  east: sql.placeholder('east'),
};

/** The post-marker query for one set of kinds, with the box and limit as placeholders. */
function preparePostMarkers(db: Database, kinds: ('spot' | 'event')[]) {
  const name = `post_markers_${[...kinds].sort().join('_')}`;
  const upcoming = sql<boolean>`(${posts.kind} = 'event' and ${posts.endsAt} > now())`.as(
    'upcoming',
  );
  const columns = {
    id: posts.id,
    kind: posts.kind,
    title: posts.title,
    startsAt: posts.startsAt,
    endsAt: posts.endsAt,
    createdAt: posts.createdAt,
    upcoming,
  };
  // Posts with a point of their own: the partial index on (lat, lng) finds them.
  const own = db
    .select({
      ...columns,
      lat: sql<number>`${posts.lat}`.as('lat'),
      lng: sql<number>`${posts.lng}`.as('lng'),
    })
    .from(posts)
    .where(
      and(
        inArray(posts.kind, kinds),
        between(posts.lat, box.south, box.north),
        between(posts.lng, box.west, box.east),
        shownToAll(posts),
      ),
    );
  if (!kinds.includes('event')) {
    return own
      .orderBy(desc(upcoming), desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }
  // Events without one sit at their parent spot or, failing that, their station.
  const parent = alias(posts, 'parent');
  const lat = sql<number>`coalesce(${parent.lat}, ${stationGroups.lat})`;
  const lng = sql<number>`coalesce(${parent.lng}, ${stationGroups.lng})`;
  const borrowed = db
    .select({ ...columns, lat: lat.as('lat'), lng: lng.as('lng') })
    .from(posts)
    .leftJoin(parent, eq(parent.id, posts.parentPostId))
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .where(
      and(
        // Written out, not a parameter: a generic plan can then use the partial index of
        // events without a point (migration 0008).
        sql`${posts.kind} = 'event'`,
        isNull(posts.lat),
        between(lat, box.south, box.north),
        between(lng, box.west, box.east),
        shownToAll(posts),
      ),
    );
  const both = unionAll(own, borrowed).as('markers');
  return db
    .select()
    .from(both)
    .orderBy(desc(both.upcoming), desc(both.createdAt), desc(both.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

type PreparedPostMarkers = ReturnType<typeof preparePostMarkers>;
const preparedPostMarkers = new WeakMap<Database, Map<string, PreparedPostMarkers>>();

/**
 * Spots and events inside the box that everyone is shown (the answer is shared:
 * docs/moderation.md#hidden-items), upcoming events first, then newest. A post with its own
 * point is placed there (the partial index on lat/lng finds those); an event without one
 * sits at its parent spot or, failing that, its station. Prepared once per set of kinds, so a
 * city view builds no SQL per request.
 */
export async function findPostMarkers(
  db: Database,
  bbox: Bbox,
  kinds: ('spot' | 'event')[],
  limit: number,
): Promise<PostMarkerRow[]> {
  let byKinds = preparedPostMarkers.get(db);
  if (!byKinds) {
    byKinds = new Map();
    preparedPostMarkers.set(db, byKinds);
  }
  const key = [...kinds].sort().join(',');
  let prepared = byKinds.get(key);
  if (!prepared) {
    prepared = preparePostMarkers(db, kinds);
    byKinds.set(key, prepared);
  }
  const rows = await prepared.execute({ ...bbox, limit });
  return rows as PostMarkerRow[];
}
