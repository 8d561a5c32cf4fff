import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../chunks/chunk-reload-guard';
import { decideChunkReload } from '../chunks/chunk-reload';
import { AppShell } from '../layout/AppShell';
import { ErrorPage } from './ErrorPage';

/**
 * Root error element. By the time a route error renders, the URL is already the target's, so a
 * failed page chunk reloads right here (at most once per guard window); otherwise, or when the
 * guard blocks, the error page shows (unknown route / failed validity check: 404, else 500).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const reloading = isChunkLoadError(error) && decideChunkReload(error);

  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  return <AppShell>{reloading ? <div className="page-loading" aria-busy="true" /> : <ErrorPage error={error} />}</AppShell>;
}
