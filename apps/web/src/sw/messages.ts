/** Messages the page posts to the service worker (docs/pwa.md#updates). */
export const SW_MESSAGES = {
  /** The member accepted the update offer: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** The member signed out or changed: their cached reads and pages go. */
  clearMemberData: 'CLEAR_MEMBER_DATA',
} as const;
