import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import { PageSpinner } from '../components/PageSpinner';
import { setNavigator } from '../lib/navigation/navigator';
import { SsoGate } from './SsoGate';

/** The root of every route: SSO token handling, the navigator for non-React code, page loading. */
export function RootShell() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);
  return (
    <SsoGate>
      <ChunkErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageSpinner full />}>
          <Outlet />
        </Suspense>
      </ChunkErrorBoundary>
    </SsoGate>
  );
}
