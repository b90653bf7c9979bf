import type { UIMatch } from 'react-router';
import type { RouteAccess, RouteLayout } from './route-types';

export interface AppRouteHandle {
  title: string;
  access: RouteAccess;
  layout: RouteLayout;
  /** The route's AppRouteDefinition.serverRendered. */
  serverRendered?: boolean;
  /** The route's AppRouteDefinition.module. */
  module?: string;
}

function isAppRouteHandle(handle: unknown): handle is AppRouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'title' in handle &&
    typeof handle.title === 'string'
  );
}

/** The deepest matched route's handle. */
export function findRouteHandle(matches: readonly UIMatch[]): AppRouteHandle | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle;
  }
  return null;
}
