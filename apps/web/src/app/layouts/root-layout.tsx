import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { BuildUpdateSnackbar } from '../../components/build-update-snackbar';
import { FlashSnackbar } from '../../components/flash-snackbar';
import { LoadingBar } from '../../components/loading-bar';
import { OfflineBanner } from '../../components/offline';
import { SkipLink } from '../../components/layout/skip-link';
import { useNavigationHistoryTracker } from '../../lib/navigation-history';
import { isPageDataLoading, usePageDataLoading } from '../../lib/page-loading';
import { useMe } from '../../features/auth/api/get-me';
import { formatDocumentTitle } from '../../hooks/use-document-title';
import { useHydrationMark } from '../hydration';
import { findRouteHandle } from '../route-handle';
import { usePageStartsAtTop } from './use-page-starts-at-top';

/**
 * Wraps every page: loading bar, history stack, a new page at its top, document title, flash and
 * build update notices.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const pageDataLoading = usePageDataLoading();
  const matches = useMatches();
  const title = findRouteHandle(matches)?.title;
  useNavigationHistoryTracker();
  usePageStartsAtTop();
  useHydrationMark();

  // The page answers from now on: it is hydrated (or drawn in the browser) and knows whose it
  // is, so its buttons act for a member or a visitor; before that a click does nothing. Marked
  // on <html data-ready> for anyone who waits for it (docs/architecture.md#hydration).
  const sessionKnown = !useMe().isPending;
  useEffect(() => {
    if (sessionKnown) document.documentElement.dataset.ready = '';
  }, [sessionKnown]);

  // The address whose page is on screen with its primary data, on <html data-shown>: set when
  // the router is idle and no page waits for its data, for a page drawn by the server and for
  // every move inside the app (docs/navigation.md#loading-bar). Read again in the effect: a page
  // that starts loading in this very commit has reported it by then (its effect runs first).
  const location = useLocation();
  const settled = sessionKnown && navigation.state === 'idle' && !pageDataLoading;
  useEffect(() => {
    if (settled && !isPageDataLoading())
      document.documentElement.dataset.shown = location.pathname + location.search;
  }, [settled, location]);

  // A layout effect, so that a page's own (passive) title effect runs after it and wins.
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);

  return (
    <>
      <SkipLink />
      {/* From navigation start until the new page has rendered with its primary data. */}
      <LoadingBar active={navigation.state !== 'idle' || pageDataLoading} />
      <OfflineBanner />
      <Outlet />
      <FlashSnackbar />
      <BuildUpdateSnackbar />
    </>
  );
}
