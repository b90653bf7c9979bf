import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { getMe, meQueryOptions } from '../features/auth/api/get-me';
import { invalidateAllButSession } from '../lib/query-client';
import { SERVER_STATE_ELEMENT_ID } from './server-state-element';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page carries for its hydration (docs/architecture.md#server-rendering):
 * the queries it was drawn from and the router's state. It travels as JSON in a non-executed
 * `<script type="application/json">` block, which the content security policy (scripts from
 * our own files only) allows.
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

/** The page's server state, or null for the app shell (client-rendered pages). */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}

/**
 * The server drew the page as a visitor sees it; once the session turns out to be a member's,
 * what the page shows is read again, so their own state (liked, following, their stamp) fills
 * in. A visitor's page makes no second read.
 *
 * The session is asked for at once (the page announced the call, so its answer may be on its
 * way already) and its query stays "fetching" until `notBefore` has settled: the page's session
 * observers, which subscribe in hydration's last task, find it asked and start no call of their
 * own there, and the answer enters the cache only after hydration — landing while React
 * hydrates, it would draw the rest of the page differently from the server's HTML
 * (docs/architecture.md#hydration).
 */
export function rereadForMember(queryClient: QueryClient, notBefore: Promise<unknown>): void {
  queryClient
    .fetchQuery({
      ...meQueryOptions(),
      // A failure (offline) also waits: an error is a change of the cache too.
      queryFn: async () => {
        const [answer] = await Promise.allSettled([getMe(), notBefore]);
        if (answer.status === 'rejected') throw answer.reason;
        return answer.value;
      },
    })
    .then(
      (user) => {
        if (user) void invalidateAllButSession(queryClient);
      },
      () => undefined,
    );
}
