import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/get-me';
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
 */
export function rereadForMember(queryClient: QueryClient): void {
  queryClient.fetchQuery(meQueryOptions()).then(
    (user) => {
      if (user) void invalidateAllButSession(queryClient);
    },
    () => undefined,
  );
}
