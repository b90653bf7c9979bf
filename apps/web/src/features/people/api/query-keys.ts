/** Every cache key of the people feature, in one place, so updates reach every copy. */
export const peopleKeys = {
  all: ['people'] as const,
  profiles: () => ['people', 'profile'] as const,
  profile: (userId: string) => ['people', 'profile', userId] as const,
  tab: (userId: string, tab: string) => ['people', 'tab', userId, tab] as const,
  /** Lists of members: the directory (by query), followers, following, blocks, mutes. */
  userLists: () => ['people', 'users'] as const,
  directory: (q: string) => ['people', 'users', 'directory', q] as const,
  follows: (userId: string, side: 'followers' | 'following') =>
    ['people', 'users', side, userId] as const,
  own: (kind: 'blocks' | 'mutes') => ['people', 'users', 'me', kind] as const,
};
