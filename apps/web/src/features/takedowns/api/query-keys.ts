/**
 * Every query key of the takedowns feature (docs/conventions.md#web-client): no other place
 * spells one.
 */
export const takedownKeys = {
  all: ['takedowns'] as const,
  /** The outcome of opening one confirmation link (kept, never refetched). */
  confirm: (token: string) => [...takedownKeys.all, 'confirm', token] as const,
};
