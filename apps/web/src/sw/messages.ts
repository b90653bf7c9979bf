/** Messages the page posts to the service worker (docs/pwa.md#updates, docs/pwa.md#offline). */
export const SW_MESSAGES = {
  /** The member accepted the update offer: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** The member signed out or changed: their cached reads and pages go. */
  clearMemberData: 'CLEAR_MEMBER_DATA',
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
