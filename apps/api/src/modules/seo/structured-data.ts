/**
 * schema.org structured data (JSON-LD) for the heads of shared pages (docs/seo.md#structured-data):
 * the share module's head renderer (share.service.ts) gives each page's data, these shape it,
 * and plugins/web.ts writes each object into a `<script type="application/ld+json">`.
 */

export type JsonLd = Readonly<Record<string, unknown>>;

const CONTEXT = 'https://schema.org';

/** A list's structured data names its first items only, so a long list keeps the page light. */
export const ITEM_LIST_ELEMENTS_MAX = 100;

interface Point {
  lat: number;
  lng: number;
}

const geoOf = (point: Point) => ({
  '@type': 'GeoCoordinates',
  latitude: point.lat,
  longitude: point.lng,
});

/** What is known of a place's address: its prefecture at most, always the country. */
function addressOf(
  prefectureName: string | null,
  rest: { streetAddress?: string; postalCode?: string } = {},
) {
  return {
    '@type': 'PostalAddress',
    ...(rest.postalCode ? { postalCode: rest.postalCode } : {}),
    ...(rest.streetAddress ? { streetAddress: rest.streetAddress } : {}),
    ...(prefectureName ? { addressRegion: prefectureName } : {}),
    addressCountry: 'JP',
  };
}

/** A station page: the station, and the trail 都道府県 › 駅 above it. */
export function stationStructuredData(station: {
  url: string;
  name: string;
  lat: number;
  lng: number;
  prefectureName: string;
  /** 駅データ.jp's address, which starts with the prefecture. */
  address: string;
  postalCode: string;
}): JsonLd[] {
  const name = `${station.name}駅`;
  const streetAddress = station.address.startsWith(station.prefectureName)
    ? station.address.slice(station.prefectureName.length)
    : station.address;
  return [
    {
      '@context': CONTEXT,
      '@type': 'TrainStation',
      name,
      url: station.url,
      geo: geoOf(station),
      address: addressOf(station.prefectureName, { streetAddress, postalCode: station.postalCode }),
    },
    {
      '@context': CONTEXT,
      '@type': 'BreadcrumbList',
      itemListElement: [
        // The site has no page per prefecture, so the first crumb is a name without an address.
        { '@type': 'ListItem', position: 1, name: station.prefectureName },
        { '@type': 'ListItem', position: 2, name, item: station.url },
      ],
    },
  ];
}

/** Where a post is: its own point, or its parent spot's, or its station's. */
export interface PostPlace {
  name: string;
  point: Point | null;
  prefectureName: string | null;
}

function placeOf(place: PostPlace) {
  return {
    '@type': 'Place',
    name: place.name,
    ...(place.point ? { geo: geoOf(place.point) } : {}),
    address: addressOf(place.prefectureName),
  };
}

interface PostData {
  url: string;
  title: string;
  description: string;
  imageUrl: string | null;
}

/** An event post: when, where, and who holds it (the member who posted it). */
export function eventStructuredData(
  post: PostData & { startsAt: Date; endsAt: Date | null },
  place: PostPlace,
  author: { name: string; url: string },
): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      '@type': 'Event',
      name: post.title,
      url: post.url,
      description: post.description,
      startDate: post.startsAt.toISOString(),
      ...(post.endsAt ? { endDate: post.endsAt.toISOString() } : {}),
      // Events here happen at stations and spots, and the site has no way to cancel one.
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: placeOf(place),
      organizer: { '@type': 'Person', name: author.name, url: author.url },
      ...(post.imageUrl ? { image: [post.imageUrl] } : {}),
    },
  ];
}

/** A spot post: the place itself. */
export function spotStructuredData(post: PostData, place: PostPlace): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      ...placeOf({ ...place, name: post.title }),
      url: post.url,
      description: post.description,
      ...(post.imageUrl ? { image: post.imageUrl } : {}),
    },
  ];
}

/** A public list: its items in the owner's order, each with its page. */
export function listStructuredData(
  list: { url: string; title: string; description: string; itemCount: number },
  items: readonly { position: number; url: string; name: string }[],
): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      '@type': 'ItemList',
      name: list.title,
      url: list.url,
      ...(list.description ? { description: list.description } : {}),
      numberOfItems: list.itemCount,
      itemListOrder: 'https://schema.org/ItemListOrderAscending',
      itemListElement: items.slice(0, ITEM_LIST_ELEMENTS_MAX).map((item) => ({
        '@type': 'ListItem',
        position: item.position,
        url: item.url,
        name: item.name,
      })),
    },
  ];
}
