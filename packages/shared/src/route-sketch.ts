/**
 * A sketch of places in order, not a map: each place projected onto a panel (longitude scaled
 * by the cosine of the mean latitude, so distances keep their proportions near the places),
 * framed to fit with a margin. Used by a list's share card (the API's og-card.ts) and by the
 * list page's map before it is opened on a phone (docs/lists.md#the-map-on-a-phone).
 */
export interface SketchPanel {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Room left between the outermost places and the panel's edges. */
  pad: number;
}

/** At least about 2 km across, so one place or a cluster is not blown up to the panel's size. */
const MIN_SPAN_DEGREES = 0.02;

export function sketchPlaces(
  places: readonly { lat: number; lng: number }[],
  panel: SketchPanel,
): { x: number; y: number }[] {
  if (places.length === 0) return [];
  const meanLat = places.reduce((sum, p) => sum + p.lat, 0) / places.length;
  const cos = Math.cos((meanLat * Math.PI) / 180);
  const projected = places.map((p) => ({ x: p.lng * cos, y: -p.lat }));
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const spanX = Math.max(Math.max(...xs) - Math.min(...xs), MIN_SPAN_DEGREES);
  const spanY = Math.max(Math.max(...ys) - Math.min(...ys), MIN_SPAN_DEGREES);
  const scale = Math.min(
    (panel.width - 2 * panel.pad) / spanX,
    (panel.height - 2 * panel.pad) / spanY,
  );
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return projected.map((p) => ({
    x: panel.x + panel.width / 2 + (p.x - cx) * scale,
    y: panel.y + panel.height / 2 + (p.y - cy) * scale,
  }));
}
