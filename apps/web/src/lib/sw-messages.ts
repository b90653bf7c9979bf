/** Messages the page posts to the service worker (docs/pwa.md#updates, docs/pwa.md#offline). */
export const SW_MESSAGES = {
  /** The member accepted the update offer: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /**
   * The page learned that the session changed or ended: cached reads and pages of anyone but the
   * session's owner, as now recorded, go (docs/pwa.md#whose-data).
   */
  sessionChanged: 'SESSION_CHANGED',
  /** The page is idle: cache what it loaded and, unless it saves data, the app shell. */
  cacheForOffline: 'CACHE_FOR_OFFLINE',
  /** The worker's answer on the message's port once that is cached. */
  offlineReady: 'OFFLINE_READY',
} as const;

export interface CacheForOfflineMessage {
  type: typeof SW_MESSAGES.cacheForOffline;
  /** Same-origin addresses the page loaded (its Resource Timing entries). */
  loaded: string[];
  /** `navigator.connection.saveData`: the browser asks to save data. */
  saveData: boolean;
}
