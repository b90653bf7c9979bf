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

function routesFor(layout: RouteLayout, queryClient: QueryClient): RouteObject[] {
  return routeTable
    .filter((route) => route.layout === layout)
    .map((route) => toRouteObject(route, queryClient));
}

/** The catch-all route's id: every address that is no page of the app. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** The route tree: one layout route per layout, each with its pages; unmatched paths → 404. */
export function buildRoutes(queryClient: QueryClient): RouteObject[] {
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
          children: routesFor('map', queryClient),
        },
        {
          id: 'layout-login',
          Component: LoginLayout,
          ErrorBoundary: RouteErrorPage,
          children: routesFor('login', queryClient),
        },
        {
          id: 'layout-default',
          Component: DefaultLayout,
          ErrorBoundary: RouteErrorPage,
          children: [
            ...routesFor('default', queryClient),
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
  const routes = buildRoutes(queryClient);
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
