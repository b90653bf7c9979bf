import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollTo } from '../../../lib/scroll-to';

/**
 * Scrolls to the element the URL's #fragment names once the page has drawn it (the router
 * does not, and the post's content arrives after navigation).
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) void scrollTo(target, { offset: 16 });
  }, [ready, hash]);
}
