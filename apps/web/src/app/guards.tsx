import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../components/StatusResult';
import { Button } from '../components/lite/Button';
import { Navigate, useLocation } from 'react-router';
import { loginPath } from '../lib/navigation/navigator';
import { sessionEndedByLogout, useSession, useSessionUser } from '../lib/session/session-store';
import { decideAccess, firstVisiblePath } from './access';
import type { AppRoute } from './route-types';
import { LAYOUT_ROUTES } from './routes';

/** Signed-in pages: without a session go to login (and come back afterwards). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // After the user's own logout the next person to sign in starts at home, not on the last page.
  if (!session) return <Navigate to={sessionEndedByLogout() ? '/login' : loginPath(`${location.pathname}${location.search}`)} replace />;
  return <>{children}</>;
}

function NoAccess() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="forbidden"
      title={t('errors.noMenuTitle')}
      subTitle={t('errors.noMenu')}
      extra={
        <Button variant="primary" href="/login">
          {t('auth.backToLogin')}
        </Button>
      }
    />
  );
}

/** A layout page: applies the route table's rules to the route and its ancestors. */
export function RouteGuard({
  chain,
  routes = LAYOUT_ROUTES,
  children,
}: {
  chain: readonly AppRoute[];
  routes?: readonly AppRoute[];
  children: ReactNode;
}) {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  const decision = decideAccess(routes, chain, user);
  switch (decision.action) {
    case 'allow':
      return <>{children}</>;
    case 'login':
      return <Navigate to="/login" replace />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    default:
      return <NoAccess />;
  }
}

/** Unknown or hidden routes go to the first visible top menu (or to login without a session). */
export function UnknownRouteRedirect({ routes = LAYOUT_ROUTES }: { routes?: readonly AppRoute[] }) {
  const user = useSessionUser();
  if (!user) return <Navigate to="/login" replace />;
  const first = firstVisiblePath(routes, user);
  if (!first) return <NoAccess />;
  return <Navigate to={first} replace />;
}
