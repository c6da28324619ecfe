import { Navigate, type RouteObject, createBrowserRouter, matchRoutes } from 'react-router';
import { loadFeatureTexts } from '../lib/i18n';
import { type PreloadableLazy, lazyPage, preloadableLazy, withChunkTimeout } from '../lib/lazy-page';
import { isLoggedIn } from '../lib/session/session-store';
import { afterZodConfig } from '../lib/zod-first';
import { RouteErrorPage } from './RouteErrorPage';
import { RootShell } from './RootShell';
import { RequireAuth, RouteGuard, UnknownRouteRedirect } from './guards';
import type { AppRoute, PublicRoute, RouteHandle } from './route-types';
import { LAYOUT_BASE, chainPath } from './access';
import { LAYOUT_ROUTES, PUBLIC_ROUTES } from './routes';

/** The signed-in frame is a chunk of its own, so the login page does not load the menu, header and modals. */
const AppLayout = preloadableLazy(() =>
  withChunkTimeout(() => withFeatureTexts(() => import('./layout/AppLayout'))()).then((m) => ({ default: m.AppLayout })),
);

/**
 * A chunk loaded together with the features' texts: every page but /login (`plain`) may show them,
 * and /login does not download them (issue 16: what the login page loads).
 */
function withFeatureTexts<M>(loader: () => Promise<M>): () => Promise<M> {
  // zod is configured (no eval, for the CSP) before the chunk's schemas are built.
  return () => Promise.all([afterZodConfig(loader)(), loadFeatureTexts()]).then(([m]) => m);
}

const pages = new Map<string, PreloadableLazy>();
function pageOf(key: string, loader: NonNullable<AppRoute['page']>, plain = false) {
  let Page = pages.get(key);
  if (!Page) {
    Page = lazyPage(plain ? loader : withFeatureTexts(loader));
    pages.set(key, Page);
  }
  return Page;
}

function layoutChildren(routes: readonly AppRoute[], table: readonly AppRoute[], ancestors: AppRoute[] = []): RouteObject[] {
  return routes.map((r): RouteObject => {
    const chain = [...ancestors, r];
    const handle: RouteHandle = { key: r.key, titleKey: r.titleKey, isPage: !!r.page, path: chainPath(chain) };
    if (r.children?.length) {
      return {
        path: r.path,
        handle,
        children: [
          { index: true, element: <Navigate to={r.indexTo ?? r.children[0].path} replace /> },
          ...layoutChildren(r.children, table, chain),
          { path: '*', element: <UnknownRouteRedirect routes={table} /> },
        ],
      };
    }
    const Page = pageOf(r.key, r.page!);
    return {
      path: r.path,
      handle,
      element: (
        <RouteGuard chain={chain} routes={table}>
          <Page />
        </RouteGuard>
      ),
    };
  });
}

/** A page drawn with antd, loaded together with antd's providers (one round trip, not two). */
function withAntd(loader: PublicRoute['page']): PublicRoute['page'] {
  return () =>
    Promise.all([import('./AntdProviders'), loader()]).then(([{ AntdProviders }, { default: Inner }]) => ({
      default: function WithAntd() {
        return (
          <AntdProviders>
            <Inner />
          </AntdProviders>
        );
      },
    }));
}

function publicRoute(r: PublicRoute): RouteObject {
  const Page = pageOf(r.key, r.plain || r.lite ? r.page : withAntd(r.page), r.plain);
  const handle: RouteHandle = { key: r.key, titleKey: r.titleKey, isPage: true, path: r.path };
  return { path: r.path, handle, element: <Page /> };
}

/** The whole route tree, built from the route table. */
export function createAppRoutes(
  table: readonly AppRoute[] = LAYOUT_ROUTES,
  publicRoutes: readonly PublicRoute[] = PUBLIC_ROUTES,
): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        ...publicRoutes.map(publicRoute),
        {
          path: LAYOUT_BASE,
          element: (
            <RequireAuth>
              <AppLayout routes={table} />
            </RequireAuth>
          ),
          children: [
            { index: true, element: <Navigate to="home" replace /> },
            ...layoutChildren(table, table),
            { path: '*', element: <UnknownRouteRedirect routes={table} /> },
          ],
        },
        { path: '*', element: <UnknownRouteRedirect routes={table} /> },
      ],
    },
  ];
}

/**
 * Start fetching what the first signed-in page draws (the frame and the page's own chunk, with their
 * texts) at once, beside the session check or single-sign-on exchange, instead of one after the
 * other as each renders (issue 16: a phone waited for the frame, then for the page). Only with a
 * session or a sign-on token: a visitor being sent to login downloads none of it.
 */
export function preloadFirstPage(routes: RouteObject[], location: { pathname: string; search: string }, signedIn: boolean) {
  if (!location.pathname.startsWith(LAYOUT_BASE)) return;
  if (!signedIn && !new URLSearchParams(location.search).has('token')) return;
  void AppLayout.preload().catch(() => undefined);
  const matches = matchRoutes(routes, location.pathname) ?? [];
  for (const m of matches) {
    const handle = m.route.handle as RouteHandle | undefined;
    if (handle?.isPage)
      void pages
        .get(handle.key)
        ?.preload()
        .catch(() => undefined);
  }
}

export function createAppRouter() {
  const routes = createAppRoutes();
  if (typeof window !== 'undefined') preloadFirstPage(routes, window.location, isLoggedIn());
  return createBrowserRouter(routes);
}
