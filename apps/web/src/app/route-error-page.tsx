import { pageNotFoundMessage } from '@ekispot/shared';
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useMatches, useRouteError } from 'react-router';
import { ErrorView } from '../components/error-view';
import { OfflineView } from '../components/offline';
import { isOnline } from '../lib/online-status';
import { isApiError } from '../lib/api-error';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload';
import { findRouteHandle } from './route-handle';

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.status;
  return 500;
}

/**
 * Error boundary of every page (inside its layout, so header and footer stay) and, as a last
 * resort, of every layout: 404 → 「ページが見つかりません」, otherwise 「エラーが発生しました」.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const access = findRouteHandle(useMatches())?.access;
  const chunkError = isChunkLoadError(error);
  // A page's code that could not load while offline: say so, and load it once back online
  // (a reload now would show the browser's own offline page).
  const offline = chunkError && !isOnline();

  useEffect(() => {
    if (chunkError && !offline) reloadOnceForChunkError();
  }, [chunkError, offline]);

  if (offline) return <OfflineView onRetry={() => isOnline() && window.location.reload()} />;

  const status = statusOf(error);
  // The moderators' pages (the guard's 404, or the API's to a revoked moderator) look like an
  // address that names nothing (routes/not-found.tsx), so nobody learns that they exist.
  if (status === 404 && access === 'moderator') {
    return <ErrorView status={404} detail={pageNotFoundMessage(pathname)} />;
  }
  return <ErrorView status={status === 404 ? 404 : status >= 500 ? status : 500} />;
}
