import { MAP_MARKER_KINDS } from '@ekispot/shared';
import type { MapMarkerKind } from '@ekispot/shared';

/** What the top map shows when the URL says nothing: every kind. */
export const DEFAULT_MAP_KINDS: readonly MapMarkerKind[] = MAP_MARKER_KINDS;
const PARAM = 'kinds';

function isMapMarkerKind(value: string): value is MapMarkerKind {
  return (MAP_MARKER_KINDS as readonly string[]).includes(value);
}

/** Reads `?kinds=station,spot` (unknown names are ignored; no parameter means every kind). */
export function readMapKinds(search: string): MapMarkerKind[] {
  const raw = new URLSearchParams(search).get(PARAM);
  if (raw === null) return [...DEFAULT_MAP_KINDS];
  const picked = new Set(raw.split(',').filter(isMapMarkerKind));
  // Keep the canonical order, whatever order the URL gave.
  return MAP_MARKER_KINDS.filter((kind) => picked.has(kind));
}

/** Writes the kinds into a search string, keeping other parameters; every kind drops it. */
export function writeMapKinds(search: string, kinds: readonly MapMarkerKind[]): string {
  const params = new URLSearchParams(search);
  const picked = MAP_MARKER_KINDS.filter((kind) => kinds.includes(kind));
  if (picked.length === MAP_MARKER_KINDS.length) params.delete(PARAM);
  else params.set(PARAM, picked.join(','));
  const text = params.toString();
  // URLSearchParams encodes the commas; they are legal in a query and read better plain.
  return text ? `?${text.replaceAll('%2C', ',')}` : '';
}

/** Adds or removes one kind. */
export function toggleMapKind(
  kinds: readonly MapMarkerKind[],
  kind: MapMarkerKind,
): MapMarkerKind[] {
  const next = kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind];
  return MAP_MARKER_KINDS.filter((k) => next.includes(k));
}
