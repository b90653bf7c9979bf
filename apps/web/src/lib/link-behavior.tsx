import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LinkProps as RouterLinkProps } from 'react-router';

/** Paths the server answers itself (API calls, file downloads), never a page of the app. */
const SERVER_PATHS = /^\/(api|dev|basemap)(\/|$)/;

/**
 * MUI's link component for `href`s: in-app paths navigate through the router; anything else
 * (external, mailto), a path the server answers itself (`/api/…`: a GPX download) and any
 * `download` link stays a plain anchor, which the browser follows.
 */
export function LinkBehavior({
  href,
  ref,
  ...props
}: Omit<RouterLinkProps, 'to'> & { href: RouterLinkProps['to']; ref?: Ref<HTMLAnchorElement> }) {
  if (
    typeof href === 'string' &&
    (!href.startsWith('/') || SERVER_PATHS.test(href) || 'download' in props)
  ) {
    return <a ref={ref} href={href} {...props} />;
  }
  return <RouterLink ref={ref} to={href} {...props} />;
}
