import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorView } from '../components/error-view';
import { isApiError } from '../lib/api-error';
import { isChunkLoadError, reloadOnceForChunkError } from '../lib/chunk-reload';

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
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
  }, [chunkError]);

  const status = statusOf(error);
  return <ErrorView status={status === 404 ? 404 : status >= 500 ? status : 500} />;
}
