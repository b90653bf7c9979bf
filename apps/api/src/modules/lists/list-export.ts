import { postDisplayTitle, type List, type ListExportFormat, type ListItem } from '@ekispot/shared';

/**
 * A list as a file other map apps open (docs/lists.md#export): GeoJSON (RFC 7946, a
 * FeatureCollection of points in list order) or GPX 1.1 (one waypoint per item). Items with
 * no place on the map are left out of both.
 */

export interface ListExport {
  body: string;
  contentType: string;
  fileName: string;
}

function itemName(item: ListItem): string {
  if (item.station) return `${item.station.name}駅`;
  if (item.post) return postDisplayTitle(item.post);
  return '';
}

function itemLink(item: ListItem, publicUrl: string): string {
  if (item.station) return `${publicUrl}/station/${item.station.id}`;
  return item.post ? `${publicUrl}/post/${item.post.id}` : publicUrl;
}

const placed = (items: ListItem[]) =>
  items.filter(
    (item): item is ListItem & { lat: number; lng: number } =>
      item.lat !== null && item.lng !== null,
  );

function toGeoJson(list: List, items: ListItem[], publicUrl: string): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    name: list.title,
    features: placed(items).map((item) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [item.lng, item.lat] },
      properties: {
        position: item.position,
        name: itemName(item),
        note: item.note,
        kind: item.station ? 'station' : (item.post?.kind ?? null),
        url: itemLink(item, publicUrl),
      },
    })),
  });
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

function toGpx(list: List, items: ListItem[], publicUrl: string): string {
  const waypoints = placed(items).map(
    (item) =>
      `  <wpt lat="${item.lat}" lon="${item.lng}">\n` +
      `    <name>${escapeXml(`${item.position}. ${itemName(item)}`)}</name>\n` +
      (item.note ? `    <desc>${escapeXml(item.note)}</desc>\n` : '') +
      `    <link href="${escapeXml(itemLink(item, publicUrl))}"/>\n` +
      `  </wpt>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="えきスポ" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `  <metadata>\n    <name>${escapeXml(list.title)}</name>\n` +
    `    <link href="${escapeXml(`${publicUrl}/list/${list.id}`)}"/>\n  </metadata>\n` +
    waypoints.join('') +
    '</gpx>\n'
  );
}

export function exportList(
  list: List,
  items: ListItem[],
  format: ListExportFormat,
  publicUrl: string,
): ListExport {
  if (format === 'gpx') {
    return {
      body: toGpx(list, items, publicUrl),
      contentType: 'application/gpx+xml; charset=utf-8',
      fileName: `list-${list.id}.gpx`,
    };
  }
  return {
    body: toGeoJson(list, items, publicUrl),
    contentType: 'application/geo+json; charset=utf-8',
    fileName: `list-${list.id}.geojson`,
  };
}
