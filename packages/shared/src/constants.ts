/** Constants fixed by the product specification (docs/product-rules.md#constants). */

export const API_BASE_PATH = '/api/v2';

export const AUTH_COOKIE_NAME = 'auth';
/** 60 days (docs/product-rules.md#session). */
export const AUTH_COOKIE_MAX_AGE_SECONDS = 5_184_000;

/**
 * A chunk-load failure reloads the page at most once per this window
 * (docs/product-rules.md#errors).
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
/**
 * The build manifest is first fetched about one second after load
 * (docs/product-rules.md#constants).
 */
export const BUILD_CHECK_DELAY_MS = 1_000;
/** Later build checks run at this interval. The product fixes only the first check. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;

export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
/**
 * Below this width the layout is the mobile one (docs/product-rules.md#constants: mobile is below
 * lg).
 */
export const MOBILE_BELOW = BREAKPOINTS.lg;

export const SCROLL_TO_DURATION_MS = 300;

export const MAP_CLUSTER_RADIUS_PX = 80;
/** Cluster labels have three size classes: below 10, below 100, 100 or more. */
export const MAP_CLUSTER_SIZE_STEPS = [10, 100] as const;
/** Each class's circle and count, on the map and on the server's drawing of it (country-map.ts). */
export const MAP_CLUSTER_STYLE = {
  small: { radius: 16, color: '#43a047', textSize: 12 },
  medium: { radius: 22, color: '#2e7d32', textSize: 13 },
  large: { radius: 30, color: '#1b5e20', textSize: 15 },
} as const;

/**
 * Non-write requests are retried once on these statuses
 * (docs/product-rules.md#calls-and-their-names).
 */
export const RETRY_ONCE_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Japan's bounding box, used to validate coordinates that must lie in Japan. */
export const JAPAN_BOUNDS = { west: 122.0, south: 20.0, east: 154.0, north: 46.0 } as const;

/**
 * Below this zoom the map shows (nearly) all of Japan, and `GET /map/markers` answers for the
 * whole country whatever the box: the web asks with JAPAN_BOUNDS there, so the top page's first
 * call is known before the map has loaded and can start with the app code.
 */
export const MAP_COUNTRY_VIEW_BELOW_ZOOM = 8;

/**
 * A member's write sent with this header is done once: a retry with the same key within a day
 * gets the first answer again, marked with `IDEMPOTENT_REPLAY_HEADER`
 * (docs/architecture.md#idempotent-writes). The web app's offline queue sends one per action.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** 8–128 letters, digits, `-` and `_`: a UUID fits. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
