/**
 * Label placement for the prefectures (docs/basemap.md#offline-layer): a point inside the largest
 * polygon near its visual centre, the area centroid or, when that is outside or hugs the edge,
 * the pole of inaccessibility.
 */
import { ringArea, segmentDistanceSq } from './geometry.mjs';

function pointInRing(p, ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (
      a[1] > p[1] !== b[1] > p[1] &&
      p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]
    ) {
      inside = !inside;
    }
  }
  return inside;
}

/** Signed distance from p to the polygon outline: positive inside, negative outside. */
function signedDistance(p, polygon) {
  let inside = false;
  let minSq = Infinity;
  for (const ring of polygon) {
    if (pointInRing(p, ring)) inside = !inside;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      minSq = Math.min(minSq, segmentDistanceSq(p, ring[i], ring[j]));
    }
  }
  return (inside ? 1 : -1) * Math.sqrt(minSq);
}

function ringCentroid(ring) {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const f = ring[j][0] * ring[i][1] - ring[i][0] * ring[j][1];
    x += (ring[j][0] + ring[i][0]) * f;
    y += (ring[j][1] + ring[i][1]) * f;
    a += f * 3;
  }
  return a === 0 ? ring[0] : [x / a, y / a];
}

/** Pole of inaccessibility (the polylabel algorithm: quadtree search, best-first). */
function poleOfInaccessibility(polygon, precision) {
  const outer = polygon[0];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outer) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  const cellSize = Math.min(maxX - minX, maxY - minY);
  const cell = (x, y, h) => {
    const d = signedDistance([x, y], polygon);
    return { x, y, h, d, max: d + h * Math.SQRT2 };
  };
  let best = cell(...ringCentroid(outer), 0);
  const bboxCentre = cell((minX + maxX) / 2, (minY + maxY) / 2, 0);
  if (bboxCentre.d > best.d) best = bboxCentre;
  if (cellSize === 0) return [best.x, best.y];
  const queue = [];
  const h = cellSize / 2;
  for (let x = minX; x < maxX; x += cellSize) {
    for (let y = minY; y < maxY; y += cellSize) queue.push(cell(x + h, y + h, h));
  }
  while (queue.length > 0) {
    // small queues here: a linear scan for the most promising cell is fine
    let bestIndex = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i].max > queue[bestIndex].max) bestIndex = i;
    const c = queue.splice(bestIndex, 1)[0];
    if (c.d > best.d) best = c;
    if (c.max - best.d <= precision) continue;
    const k = c.h / 2;
    queue.push(cell(c.x - k, c.y - k, k), cell(c.x + k, c.y - k, k));
    queue.push(cell(c.x - k, c.y + k, k), cell(c.x + k, c.y + k, k));
  }
  return [best.x, best.y];
}

/**
 * A label point inside the largest polygon, near its visual centre: the area centroid when it is
 * comfortably inside (at least half as far from the edge as the pole of inaccessibility),
 * otherwise the pole of inaccessibility (C-shaped or elongated prefectures).
 */
export function labelPoint(polygons) {
  let largest = polygons[0];
  for (const polygon of polygons) {
    if (Math.abs(ringArea(polygon[0])) > Math.abs(ringArea(largest[0]))) largest = polygon;
  }
  const pole = poleOfInaccessibility(largest, 0.001);
  const poleDistance = signedDistance(pole, largest);
  const centroid = ringCentroid(largest[0]);
  return signedDistance(centroid, largest) >= poleDistance / 2 ? centroid : pole;
}
