import { z } from 'zod';

/**
 * Runtime configuration injected by the server as
 * `<meta name="app-config" content="{JSON}">` (absent in development).
 */
const runtimeConfigSchema = z.object({
  map_tile_url: z.string().min(1).nullable().catch(null),
  map_tile_attribution: z.string().min(1).nullable().catch(null),
  public_url: z.string().catch(''),
});

export interface RuntimeConfig {
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  publicUrl: string;
}

const DEFAULT_CONFIG: RuntimeConfig = { mapTileUrl: null, mapTileAttribution: null, publicUrl: '' };

export function parseRuntimeConfig(content: string | null | undefined): RuntimeConfig {
  if (!content) return DEFAULT_CONFIG;
  try {
    const parsed = runtimeConfigSchema.safeParse(JSON.parse(content));
    if (!parsed.success) return DEFAULT_CONFIG;
    return {
      mapTileUrl: parsed.data.map_tile_url,
      mapTileAttribution: parsed.data.map_tile_attribution,
      publicUrl: parsed.data.public_url,
    };
  } catch {
    return DEFAULT_CONFIG;
  }
}

let cached: RuntimeConfig | undefined;

/**
 * The server render is handed the configuration its pages will carry, as there is no document
 * to read it from (app/entry-server.tsx).
 */
export function provideRuntimeConfig(content: string): void {
  cached = parseRuntimeConfig(content);
}

/** Reads the injected configuration once. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!cached) {
    const meta =
      typeof document === 'undefined'
        ? null
        : document.querySelector<HTMLMetaElement>('meta[name="app-config"]');
    cached = parseRuntimeConfig(meta?.content);
  }
  return cached;
}
