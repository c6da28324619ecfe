import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoadError } from '../components/ChunkErrorBoundary';

/** Router-level errors (a loader or render error that escaped the page boundaries). */
export function RouteErrorPage() {
  const error = useRouteError();
  const err =
    error instanceof Error ? error : new Error(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : String(error));
  return (
    <div className="portal-center-screen">
      <PageLoadError error={err} />
    </div>
  );
}
