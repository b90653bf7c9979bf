// Must stay first, as in main.tsx: configures zod before any schema is built (zod-config.ts).
import './zod-config';
import './zod-messages';
import { jsonForScript } from '@ekispot/shared';
import { CacheProvider } from '@emotion/react';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { provideRuntimeConfig } from '../config/runtime-config';
import { QueuedActionNotice } from '../components/queued-action-notice';
import { setApiFetcher } from '../lib/api-client';
import type { ApiFetcher } from '../lib/api-client';
import { AppProviders } from './providers';
import type { AppRouteHandle } from './route-handle';
import { buildRoutes, NOT_FOUND_ROUTE_ID } from './router';
import { AFTER_PAINT_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from './server-state-element';
import type { ServerState } from './server-state';
import { newStyleCache, styleTags } from './server-styles';
import { settleQueries } from './settle-queries';

/**
 * The server render of a public page (docs/architecture.md#server-rendering): the same route
 * table and components as the browser, read as a visitor through the API in process; the
 * queries the page asks for are fetched, the page is rendered once more with their data, and
 * the HTML, its styles and the data it was drawn from are handed to the server, which writes
 * them into the page. `main.tsx` hydrates it without fetching again.
 */

/**
 * Installs the in-process reads and the runtime configuration (the JSON the page's
 * `app-config` tag carries); called once by the API server before any render.
 */
export function configureServerRender(options: { fetch: ApiFetcher; runtimeConfig: string }): void {
  setApiFetcher(options.fetch);
  provideRuntimeConfig(options.runtimeConfig);
}

export type ServerRender =
  | {
      kind: 'page';
      status: 200 | 404;
      /** The page's markup, for inside `#root`. */
      html: string;
      /** Emotion's style tags for that markup (the page's critical CSS), for the head. */
      styles: string;
      /**
       * What follows the markup: the data block that `main.tsx` hydrates from, and the styles
       * its first render makes that no element of the page uses (server-styles.ts).
       */
      tail: string;
      /** The id of the template whose preloads `main.tsx` releases after the first paint. */
      afterPaintId: string;
      /** The route module the browser loads before hydrating (its source path). */
      module: string | null;
    }
  /** Not a page the server renders (members' pages, editors, a guard's redirect): the shell. */
  | { kind: 'shell' };

function createServerQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // One fetch per query per render; nothing is refetched or retried on the server.
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
    },
  });
}

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

export async function renderPage(url: string): Promise<ServerRender> {
  const queryClient = createServerQueryClient();
  // Drawn as a visitor, to whom the moderators' pages do not exist: their addresses are drawn
  // exactly as one that names nothing (router.tsx; docs/moderation.md#moderators).
  const routes = buildRoutes(queryClient, { moderatorPages: false });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  // A guard's redirect, or an answer the guard made itself: the browser's router handles it.
  if (context instanceof Response) return { kind: 'shell' };
  if (context.errors) return { kind: 'shell' };
  // Only the public pages marked in the route table; a member's pages stay client-rendered.
  const handle = context.matches.at(-1)?.route.handle as AppRouteHandle | undefined;
  if (handle?.access !== 'open' || !handle.serverRendered) return { kind: 'shell' };

  const router = createStaticRouter(handler.dataRoutes, context);
  // A fresh style cache for each pass, so the last one holds exactly the styles of the page.
  let styles = newStyleCache();
  const tree = (): ReactNode => {
    styles = newStyleCache();
    return (
      <StrictMode>
        <CacheProvider value={styles.cache}>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
            <QueuedActionNotice />
          </AppProviders>
        </CacheProvider>
      </StrictMode>
    );
  };

  const settled = await settleQueries(queryClient, () => renderToString(tree()));
  // The last pass drew the page with every answer: it is the page, unless some part of it was
  // still waiting for its code (a Suspense boundary's fallback, marked `<!--$?-->` or
  // `<!--$!-->`), which a render that waits for it draws whole.
  const html =
    settled !== null && !/<!--\$[?!]-->/.test(settled)
      ? settled
      : await streamToString((await prerender(tree())).prelude);
  const { head: headStyles, rest: restStyles } = styleTags(styles, html);
  const state: ServerState = {
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: null, errors: null },
  };
  // The catch-all route (router.tsx): an address that is no page of ours.
  const status = context.matches.at(-1)?.route.id === NOT_FOUND_ROUTE_ID ? 404 : 200;
  return {
    kind: 'page',
    status,
    html,
    styles: headStyles,
    module: handle.module ?? null,
    tail: `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${jsonForScript(state)}</script>${restStyles}`,
    afterPaintId: AFTER_PAINT_ELEMENT_ID,
  };
}
