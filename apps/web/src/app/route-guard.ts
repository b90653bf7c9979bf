import type { QueryClient } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import type { LoaderFunction } from 'react-router';
import { paths } from '../config/paths';
import { meQueryOptions } from '../features/auth/api/get-me';
import { areRouteParamsValid } from './route-params';
import type { AppRouteDefinition } from './route-types';

/**
 * Runs before every page: malformed parameters → 404; guest-only pages send a
 * signed-in user to /; auth pages send a visitor to /login?redirect=<intended path>;
 * moderators-only pages are a 404 to visitors and members alike (docs/moderation.md#moderators).
 */
export function createRouteGuard(
  route: AppRouteDefinition,
  queryClient: QueryClient,
): LoaderFunction {
  return async ({ request, params }) => {
    if (!areRouteParamsValid(route.params, params)) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    if (route.access === 'open') return null;
    const user = await queryClient.ensureQueryData(meQueryOptions());
    if (route.access === 'auth' && !user) {
      const url = new URL(request.url);
      throw redirect(paths.login.href(`${url.pathname}${url.search}`));
    }
    if (route.access === 'guest' && user) throw redirect(paths.home.href());
    if (route.access === 'moderator' && user?.isModerator !== true) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    return null;
  };
}
