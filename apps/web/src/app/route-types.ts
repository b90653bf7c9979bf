import type { WebParamRule } from '@ekispot/shared';
import type { RouteObject } from 'react-router';

/**
 * Who may open a route: anyone, only visitors (not signed in), only members, or only moderators
 * (everyone else gets the 404 page, as for an address that names nothing).
 */
export type RouteAccess = 'open' | 'guest' | 'auth' | 'moderator';
export type RouteLayout = 'map' | 'default' | 'login';
/**
 * How a path parameter is validated; a failure shows the 404 error page
 * (docs/product-rules.md#routes-and-access). The rules are shared with the server, which
 * answers 404 for the same addresses (docs/navigation.md).
 */
export type ParamRule = WebParamRule;

export type LazyRouteModule = () => Promise<Pick<RouteObject, 'Component'>>;

export interface AppRouteDefinition {
  path: string;
  /** The page's Japanese title; document.title is 「{title} | えきスポ」. */
  title: string;
  access: RouteAccess;
  layout: RouteLayout;
  params?: Record<string, ParamRule>;
  lazy: LazyRouteModule;
  /**
   * Drawn on the server for everyone and hydrated (docs/architecture.md#server-rendering): the
   * public pages people arrive at from a link or a search. Only `open` pages can be.
   */
  serverRendered?: boolean;
  /** The route module's source path (`src/app/routes/….tsx`), for a server-rendered page. */
  module?: string;
}
