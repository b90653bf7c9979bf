import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page opened by a link or after a form starts at its top
 * (docs/navigation.md#a-new-page-starts-at-the-top): the window keeps its scroll from page to
 * page otherwise, so a post sent from the foot of its form, or the footer's 削除の申し出, opened
 * part way down the next page. Left alone: back and forward (the browser, and the timelines' own
 * memory, put those back), a change of the query only (a filter, a search, the map's view) and
 * an address with a #fragment (the page scrolls to it). Mounted once in the root layout; a
 * layout effect, so the new page is never painted scrolled.
 */
export function usePageStartsAtTop(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP' && hash === '') window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}
