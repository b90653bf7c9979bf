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

/** Error boundary of every layout: 404 → "Page Not Found", otherwise "Internal Server Error". */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) reloadOnceForChunkError();
  }, [chunkError]);

  const status = statusOf(error);
  return <ErrorView status={status === 404 ? 404 : status >= 500 ? status : 500} />;
}
