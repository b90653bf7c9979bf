import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { clearSession, ME_QUERY_KEY } from '../features/auth/api/get-me';
import type { createBrowserRouter } from 'react-router';

/** What the login page is told when it was reached because a session ended. */
export interface LoginPageState {
  sessionExpired: true;
}

export function isSessionExpiredState(state: unknown): state is LoginPageState {
  return (
    typeof state === 'object' &&
    state !== null &&
    'sessionExpired' in state &&
    state.sessionExpired === true
  );
}

/**
 * What any 401 does (docs/product-rules.md#session): forget the session and go to /login, back to the page
 * afterwards. The login page says the login expired only when there was a session to end
 * (a member whose token was revoked or ran out), never to a visitor.
 */
export function createUnauthorizedHandler(
  queryClient: QueryClient,
  router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>,
): () => void {
  return () => {
    const hadSession = Boolean(queryClient.getQueryData(ME_QUERY_KEY));
    clearSession(queryClient);
    const { pathname, search } = router.state.location;
    if (pathname === paths.login.path) return;
    const state: LoginPageState | null = hadSession ? { sessionExpired: true } : null;
    void router.navigate(paths.login.href(`${pathname}${search}`), { replace: true, state });
  };
}
