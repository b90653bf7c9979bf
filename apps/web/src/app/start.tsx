// The app itself, loaded by main.tsx (which lets a server-drawn page paint first).
// Must stay first: configures zod before any schema is built (see zod-config.ts).
import './zod-config';
// Next: the Japanese messages, which import the shared schemas (see zod-messages.ts).
import './zod-messages';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { meQueryOptions } from '../features/auth/api/get-me';
import { prefetchTopMap } from '../features/stations/api/prefetch-top-map';
import { mapWaitsForVisitor } from '../lib/save-data-start';
import { IS_DEV_BUILD } from '../config/env';
import { paths } from '../config/paths';
import { startActionQueue } from '../lib/action-queue/page-queue';
import { setUnauthorizedHandler } from '../lib/api-client';
import { handlePreloadError } from '../lib/chunk-reload';
import { createQueryClient, forgetServerData, hydrateFromServer } from '../lib/query-client';
import { registerServiceWorker } from '../lib/sw-registration';
import { QueuedActionNotice } from '../components/queued-action-notice';
import {
  clearMemberDataOnSessionChange,
  connectActionQueue,
  recheckSessionWhenOnline,
} from './action-queue-effects';
import { hydrated } from './hydration';
import { AppProviders } from './providers';
import { createAppRouter, createHydratingRouter } from './router';
import type { AppRouter } from './router';
import { readServerState, rereadForMember } from './server-state';
import { createUnauthorizedHandler } from './session-expiry';

const queryClient = createQueryClient();
// A page the server drew carries the data it was drawn from (docs/architecture.md#server-rendering).
const serverState = readServerState();
if (serverState) hydrateFromServer(queryClient, serverState.queries);
const router: AppRouter = serverState
  ? await createHydratingRouter(queryClient, serverState.router)
  : createAppRouter(queryClient);
if (serverState) {
  const drawnLocation = router.state.location.key;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key !== drawnLocation) {
      forgetServerData();
      unsubscribe();
    }
  });
  // The router's provider listens from the end of hydration on; a navigation that ended while
  // the page was hydrating (the back button pressed early) would go unseen. Revalidating hands
  // the provider the router's whole state, the new page's included.
  void hydrated.then(() => {
    if (router.state.location.key !== drawnLocation) void router.revalidate();
  });
}

// Any 401 (except the start-up profile call) clears the session and goes to /login
// (docs/product-rules.md#session, docs/navigation.md).
setUnauthorizedHandler(createUnauthorizedHandler(queryClient, router));

// Vite reports a failed preload of a lazy chunk here (a deploy replaced the files).
window.addEventListener('vite:preloadError', (event) => handlePreloadError(event));

// The service worker, in production builds only (docs/pwa.md#offline); the offline queue sends
// what waits and keeps the caches in step (docs/pwa.md#queued-actions).
if (!IS_DEV_BUILD && import.meta.env.PROD) void registerServiceWorker();
connectActionQueue(queryClient);
clearMemberDataOnSessionChange(queryClient);
recheckSessionWhenOnline(queryClient);
startActionQueue();

// Fetch the session at start-up; pages and guards reuse the result. On a server-drawn page the
// answers wait for hydration (hydration.ts), then for a task of their own rather than lengthen
// the one that ended it; the page announced these calls, so they are on their way already.
const hydratedAndATask = hydrated.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
const afterHydration = (work: () => void) =>
  serverState ? void hydratedAndATask.then(work) : work();
// On a server-drawn page the session is asked in a task of its own, before hydration ends, and
// answered into the cache after it.
if (serverState) setTimeout(() => rereadForMember(queryClient, hydratedAndATask), 0);
else void queryClient.prefetchQuery(meQueryOptions());
// On the top page the map's data loads alongside the app code and the map chunk, which the
// router starts fetching as it is created (docs/basemap.md#first-visit).
// Not while the map waits for the visitor to ask for it (Save-Data: lib/save-data-start.ts).
if (window.location.pathname === paths.home.path && !mapWaitsForVisitor())
  afterHydration(() => prefetchTopMap(queryClient, window.location.search));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <QueuedActionNotice />
    </AppProviders>
  </StrictMode>
);
// Hydrated as a transition, so React yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a tap or a scroll is answered meanwhile).
if (serverState) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
