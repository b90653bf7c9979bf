import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { buildRoutes, createHydratingRouter, NOT_FOUND_ROUTE_ID } from './router';

/**
 * The server draws the moderators' addresses for anyone as addresses that name nothing (its
 * tree has no moderators' pages: entry-server.tsx), so the browser hydrating such a page must
 * use that tree too, or the page it hydrates would not be the page it was given
 * (docs/moderation.md#moderators).
 */

const leafOf = (routes: ReturnType<typeof buildRoutes>, path: string) =>
  matchRoutes(routes, path)?.at(-1)?.route.id;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the moderators’ pages in the route tree', () => {
  it('are there by default, and unmatched like any unknown address without them', () => {
    const queryClient = createQueryClient();
    expect(leafOf(buildRoutes(queryClient), '/moderation')).toBe('/moderation');
    const withoutThem = buildRoutes(queryClient, { moderatorPages: false });
    expect(leafOf(withoutThem, '/moderation')).toBe(NOT_FOUND_ROUTE_ID);
    expect(leafOf(withoutThem, '/moderation/log')).toBe(NOT_FOUND_ROUTE_ID);
    expect(leafOf(withoutThem, '/rankings/post')).toBe('/rankings/post');
  });

  it('are left out when the server’s page at such an address is hydrated, and only then', async () => {
    window.history.replaceState(null, '', '/moderation/log');
    const router = await createHydratingRouter(createQueryClient(), { loaderData: {} });
    expect(router.state.matches.at(-1)?.route.id).toBe(NOT_FOUND_ROUTE_ID);
    router.dispose();

    window.history.replaceState(null, '', '/rankings/post');
    const elsewhere = await createHydratingRouter(createQueryClient(), { loaderData: {} });
    expect(leafOf(elsewhere.routes as ReturnType<typeof buildRoutes>, '/moderation')).toBe(
      '/moderation',
    );
    elsewhere.dispose();
  });
});
