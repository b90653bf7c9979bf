import { describe, expect, it } from 'vitest';
import { clusterLayer, clusterSizeClass } from './station-layers';

describe('clusterSizeClass', () => {
  it('has three classes: below 10, below 100, 100 or more', () => {
    expect(clusterSizeClass(2)).toBe('small');
    expect(clusterSizeClass(9)).toBe('small');
    expect(clusterSizeClass(10)).toBe('medium');
    expect(clusterSizeClass(99)).toBe('medium');
    expect(clusterSizeClass(100)).toBe('large');
    expect(clusterSizeClass(8878)).toBe('large');
  });

  it('uses the same steps in the map style', () => {
    expect(clusterLayer.type).toBe('circle');
    const paint = clusterLayer.type === 'circle' ? clusterLayer.paint : undefined;
    expect(paint?.['circle-radius']).toEqual(['step', ['get', 'point_count'], 16, 10, 22, 100, 30]);
  });
});
