import type { SessionUser } from '../features/auth/api/get-me';

/**
 * A signed-in member as the session query holds them (confirmed, not a moderator), for tests
 * of whose session a page shows; `overrides` win.
 */
export function sessionUser(id: string, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id,
    name: `会員${id}`,
    bio: '',
    avatar: null,
    createdAt: '2026-01-01T00:00:00Z',
    email: `${id}@example.jp`,
    emailVerified: true,
    mailOptIn: false,
    isModerator: false,
    ...overrides,
  };
}
