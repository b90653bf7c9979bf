import { describe, expect, it } from 'vitest';
import {
  decodeStationMarkers,
  encodeStationMarkers,
  MARKER_COORDINATE_SCALE,
  stationMarkersSchema,
} from './stations.js';

describe('station markers, delta-coded', () => {
  const plain = {
    ids: [100915, 1110101, 1110102, 9930101],
    lats: [36.87316, 41.77371, 41.80356, 26.2146],
    lngs: [137.48018, 140.72641, 140.73354, 127.6792],
  };

  it('codes each column as differences of whole 1/100,000 degrees', () => {
    const encoded = encodeStationMarkers(plain);
    expect(stationMarkersSchema.parse(encoded)).toEqual(encoded);
    expect(encoded.count).toBe(4);
    expect(encoded.scale).toBe(MARKER_COORDINATE_SCALE);
    expect(encoded.deltas.ids).toEqual([100915, 1009186, 1, 8819999]);
    expect(encoded.deltas.lats).toEqual([3687316, 490055, 2985, -1558896]);
    expect(encoded.deltas.lngs.every(Number.isInteger)).toBe(true);
  });

  it('decodes back to the same columns', () => {
    expect(decodeStationMarkers(encodeStationMarkers(plain))).toEqual(plain);
  });

  it('rounds coordinates to the scale, and decodes nothing from empty columns', () => {
    const decoded = decodeStationMarkers(
      encodeStationMarkers({ ids: [1], lats: [35.6812345], lngs: [139.7671049] }),
    );
    expect(decoded).toEqual({ ids: [1], lats: [35.68123], lngs: [139.7671] });
    const empty = encodeStationMarkers({ ids: [], lats: [], lngs: [] });
    expect(decodeStationMarkers(empty)).toEqual({ ids: [], lats: [], lngs: [] });
  });
});
