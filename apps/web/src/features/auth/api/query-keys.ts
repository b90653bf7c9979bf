import { SESSION_KEY_ROOT } from '../../../lib/query-client';

/**
 * Every query key of the auth feature. Queries read with these and caches are updated and
 * invalidated with these: no other place spells an auth key.
 */
export const authKeys = {
  all: [SESSION_KEY_ROOT] as const,
  me: () => [...authKeys.all, 'me'] as const,
  verificationAccount: (token: string) =>
    [...authKeys.all, 'verify-email', token, 'account'] as const,
  verifyNewEmail: (token: string) => [...authKeys.all, 'verify-new-email', token] as const,
};
