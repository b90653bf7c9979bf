import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LinkProps as RouterLinkProps } from 'react-router';

/**
 * MUI's link component for `href`s: in-app paths navigate through the router,
 * anything else (external, mailto) stays a plain anchor.
 */
export function LinkBehavior({
  href,
  ref,
  ...props
}: Omit<RouterLinkProps, 'to'> & { href: RouterLinkProps['to']; ref?: Ref<HTMLAnchorElement> }) {
  if (typeof href === 'string' && !href.startsWith('/')) {
    return <a ref={ref} href={href} {...props} />;
  }
  return <RouterLink ref={ref} to={href} {...props} />;
}
