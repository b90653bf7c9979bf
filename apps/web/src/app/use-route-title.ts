import { useMatches } from 'react-router';
import { findRouteHandle } from './route-handle';

/** The current page's title from the route table, so a page's h1 and document.title agree. */
export function useRouteTitle(): string {
  return findRouteHandle(useMatches())?.title ?? '';
}
