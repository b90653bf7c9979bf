import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

describe('parseRuntimeConfig', () => {
  it('reads the injected JSON', () => {
    expect(
      parseRuntimeConfig(
        JSON.stringify({
          map_tile_url: 'https://t/{z}/{x}/{y}.png',
          map_tile_attribution: '出典：国土地理院',
          public_url: 'https://e.jp',
        }),
      ),
    ).toEqual({
      mapTileUrl: 'https://t/{z}/{x}/{y}.png',
      mapTileAttribution: '出典：国土地理院',
      publicUrl: 'https://e.jp',
    });
  });

  it('falls back to nulls when absent or malformed', () => {
    const fallback = { mapTileUrl: null, mapTileAttribution: null, publicUrl: '' };
    expect(parseRuntimeConfig(null)).toEqual(fallback);
    expect(parseRuntimeConfig('{not json')).toEqual(fallback);
    expect(parseRuntimeConfig('{}')).toEqual(fallback);
  });
});
