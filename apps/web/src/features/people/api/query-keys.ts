/**
 * Every query key of the people feature. Queries read with these and caches are updated and
 * invalidated with these (so updates reach every copy): no other place spells a people key.
 */
export const peopleKeys = {
  all: ['people'] as const,
  profiles: () => [...peopleKeys.all, 'profile'] as const,
  profile: (userId: string) => [...peopleKeys.profiles(), userId] as const,
  tab: (userId: string, tab: string) => [...peopleKeys.all, 'tab', userId, tab] as const,
  /** Lists of members: the directory (by query), followers, following, blocks, mutes. */
  userLists: () => [...peopleKeys.all, 'users'] as const,
  directory: (q: string) => [...peopleKeys.userLists(), 'directory', q] as const,
  follows: (userId: string, side: 'followers' | 'following') =>
    [...peopleKeys.userLists(), side, userId] as const,
  own: (kind: 'blocks' | 'mutes') => [...peopleKeys.userLists(), 'me', kind] as const,
};
