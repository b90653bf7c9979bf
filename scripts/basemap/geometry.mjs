/**
 * Planar geometry for the basemap build (docs/basemap.md#regenerating): clipping to a box
 * (Sutherland–Hodgman), simplification (Douglas–Peucker), rounding, and the ring clean-up that
 * turns source polygons into the RFC 7946 polygons the offline layer ships. Coordinates are
 * [lng, lat] in degrees, treated as planar.
 */

function sameXY(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}

function closeRing(ring) {
  if (ring.length > 0 && !sameXY(ring[0], ring[ring.length - 1])) ring.push([...ring[0]]);
  return ring;
}

/** Sutherland–Hodgman clip of a closed ring against an axis-aligned box. */
function clipRing(ring, [west, south, east, north]) {
  const edges = [
    { inside: (p) => p[0] >= west, cut: (a, b) => atX(a, b, west) },
    { inside: (p) => p[0] <= east, cut: (a, b) => atX(a, b, east) },
    { inside: (p) => p[1] >= south, cut: (a, b) => atY(a, b, south) },
    { inside: (p) => p[1] <= north, cut: (a, b) => atY(a, b, north) },
  ];
  let points = ring.slice(0, -1); // open
  for (const edge of edges) {
    if (points.length === 0) break;
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i];
      const prev = input[(i + input.length - 1) % input.length];
      if (edge.inside(cur)) {
        if (!edge.inside(prev)) points.push(edge.cut(prev, cur));
        points.push(cur);
      } else if (edge.inside(prev)) {
        points.push(edge.cut(prev, cur));
      }
    }
  }
  return closeRing(points);
}

function atX(a, b, x) {
  const t = (x - a[0]) / (b[0] - a[0]);
  return [x, a[1] + t * (b[1] - a[1])];
}

function atY(a, b, y) {
  const t = (y - a[1]) / (b[1] - a[1]);
  return [a[0] + t * (b[0] - a[0]), y];
}

export function segmentDistanceSq(p, a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lenSq = dx * dx + dy * dy;
  let t = lenSq === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lenSq;
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/** Douglas–Peucker (iterative). Works for closed rings too: the first pass splits at the point
 * farthest from the (degenerate) closing segment. */
function simplify(points, tolerance) {
  if (tolerance <= 0 || points.length <= 3) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const tolSq = tolerance * tolerance;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    let maxSq = 0;
    let index = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistanceSq(points[i], points[first], points[last]);
      if (d > maxSq) {
        maxSq = d;
        index = i;
      }
    }
    if (index !== -1 && maxSq > tolSq) {
      keep[index] = 1;
      stack.push([first, index], [index, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

export function round(value, decimals) {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function roundRing(ring, decimals) {
  const out = [];
  for (const p of ring) {
    const q = [round(p[0], decimals), round(p[1], decimals)];
    if (out.length === 0 || !sameXY(out[out.length - 1], q)) out.push(q);
  }
  return out;
}

export function ringArea(ring) {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum / 2; // > 0: counter-clockwise
}

/** Clip, simplify and round a list of polygons; drops rings that collapse. */
export function processPolygons(polygons, { bbox, tolerance, decimals }) {
  const result = [];
  for (const polygon of polygons) {
    const rings = [];
    for (const [index, source] of polygon.entries()) {
      let ring = closeRing(source.map((p) => [p[0], p[1]]));
      if (bbox) ring = clipRing(ring, bbox);
      ring = roundRing(simplify(ring, tolerance), decimals);
      const valid =
        ring.length >= 4 && sameXY(ring[0], ring[ring.length - 1]) && ringArea(ring) !== 0;
      if (!valid) {
        if (index === 0) break; // outer ring gone: drop the whole polygon
        continue; // a hole that collapsed
      }
      // RFC 7946: exterior rings counter-clockwise, holes clockwise.
      const ccw = ringArea(ring) > 0;
      if ((index === 0) !== ccw) ring.reverse();
      rings.push(ring);
    }
    if (rings.length > 0) result.push(rings);
  }
  return result;
}

export function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  throw new Error(`unexpected geometry type ${geometry.type}`);
}

export function toGeometry(polygons) {
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}
