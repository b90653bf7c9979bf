import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import type { HydrationState, RouteObject } from 'react-router';
import { LoadingBar } from '../components/loading-bar';
import { OfflineView } from '../components/offline';
import { isChunkLoadError } from '../lib/chunk-reload';
import { isOnline } from '../lib/online-status';
import { DefaultLayout } from './layouts/default-layout';
import { LoginLayout } from './layouts/login-layout';
import { MapLayout } from './layouts/map-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './route-error-page';
import { createRouteGuard } from './route-guard';
import type { AppRouteHandle } from './route-handle';
import { NOT_FOUND_TITLE, routeTable } from './route-table';
import type { AppRouteDefinition, RouteLayout } from './route-types';

/** A page whose code could not load while offline (docs/navigation.md#offline). */
function OfflineRoute() {
  return <OfflineView onRetry={() => isOnline() && window.location.reload()} />;
}

/**
 * A page's code, or, when it cannot load because the browser is offline, a page that says so
 * and reloads once the network is back (a reload now would show the browser's own offline
 * page).
 */
function lazyOrOffline(load: AppRouteDefinition['lazy']): AppRouteDefinition['lazy'] {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && !isOnline()) return { Component: OfflineRoute };
      throw error;
    }
  };
}

function toRouteObject(route: AppRouteDefinition, queryClient: QueryClient): RouteObject {
  const handle: AppRouteHandle = {
    title: route.title,
    access: route.access,
    layout: route.layout,
    serverRendered: route.serverRendered === true,
    ...(route.module ? { module: route.module } : {}),
  };
  return {
    id: route.path,
    path: route.path,
    handle,
    loader: createRouteGuard(route, queryClient),
    lazy: lazyOrOffline(route.lazy),
    // Here rather than only on the layout, so an error page keeps the header and footer.
    ErrorBoundary: RouteErrorPage,
  };
}

/** Which pages the route tree holds: the moderators' pages may be left out (buildRoutes). */
interface RouteTreeOptions {
  moderatorPages?: boolean;
}

function routesFor(
  layout: RouteLayout,
  queryClient: QueryClient,
  { moderatorPages = true }: RouteTreeOptions,
): RouteObject[] {
  return routeTable
    .filter((route) => route.layout === layout)
    .filter((route) => moderatorPages || route.access !== 'moderator')
    .map((route) => toRouteObject(route, queryClient));
}

/** The catch-all route's id: every address that is no page of the app. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * The route tree: one layout route per layout, each with its pages; unmatched paths → 404.
 * Without `moderatorPages`, the moderators' addresses are as unmatched as any other: the
 * server's tree (it draws as a visitor, to whom they do not exist: docs/moderation.md#moderators)
 * and the tree hydrating what the server drew there.
 */
export function buildRoutes(
  queryClient: QueryClient,
  options: RouteTreeOptions = {},
): RouteObject[] {
  const notFoundHandle: AppRouteHandle = {
    title: NOT_FOUND_TITLE,
    access: 'open',
    layout: 'default',
    serverRendered: true,
    module: 'src/app/routes/not-found.tsx',
  };
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: () => <LoadingBar active />,
      children: [
        {
          id: 'layout-map',
          Component: MapLayout,
          ErrorBoundary: RouteErrorPage,
          children: routesFor('map', queryClient, options),
        },
        {
          id: 'layout-login',
          Component: LoginLayout,
          ErrorBoundary: RouteErrorPage,
          children: routesFor('login', queryClient, options),
        },
        {
          id: 'layout-default',
          Component: DefaultLayout,
          ErrorBoundary: RouteErrorPage,
          children: [
            ...routesFor('default', queryClient, options),
            {
              id: NOT_FOUND_ROUTE_ID,
              path: '*',
              handle: notFoundHandle,
              lazy: () => import('./routes/not-found'),
              ErrorBoundary: RouteErrorPage,
            },
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(buildRoutes(queryClient));
}

/**
 * The router for a page the server drew (docs/architecture.md#server-rendering): the modules of
 * the routes it matched are loaded first, so the first render is the server's page, not the
 * loading fallback, and the guards' answers come from the server instead of running again.
 */
export async function createHydratingRouter(
  queryClient: QueryClient,
  hydrationData: HydrationState,
): Promise<AppRouter> {
  let routes = buildRoutes(queryClient);
  // The server draws a moderators' address as one that names nothing (it never draws their
  // pages): hydrated as such, with the tree it was drawn from.
  if (isModeratorPage(routes)) routes = buildRoutes(queryClient, { moderatorPages: false });
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData });
}

function isModeratorPage(routes: RouteObject[]): boolean {
  const leaf = matchRoutes(routes, window.location)?.at(-1)?.route.handle as
    AppRouteHandle | undefined;
  return leaf?.access === 'moderator';
}
