import { MenuFoldOutlined, MenuUnfoldOutlined } from '../../components/icons';
import { Button, Layout } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/BrandMark';
import { ChunkErrorBoundary } from '../../components/ChunkErrorBoundary';
import { LocaleSwitch } from '../../components/LocaleSwitch';
import { PageSpinner } from '../../components/PageSpinner';
import { brandLogoUrl, useBranding } from '../../lib/branding';
import { NavigationProvider } from '../../lib/navigation/nav-context';
import { useLiveChannel } from '../../lib/live';
import { useIdleLogout } from '../../lib/session/idle';
import { useSessionUser } from '../../lib/session/session-store';
import { ChatBadge } from '../../features/feedback-chat';
import { UnreadBadge } from '../../features/message-center';
import { allowedPaths, buildMenu, menuLeaves } from '../access';
import { AntdProviders } from '../AntdProviders';
import type { AppRoute } from '../route-types';
import { AreaSwitcher } from './AreaSwitcher';
import { PageHeader } from './PageHeader';
import { RemoteAccessBanner } from './RemoteAccessBanner';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

const COLLAPSED_KEY = 'portal.siderCollapsed';

/** Narrower than antd's `lg` breakpoint (992 px), where the Sider collapses. */
function belowLg(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 991.98px)').matches;
}

/** The signed-in frame, with antd's providers (this chunk is where antd starts to load). */
export function AppLayout({ routes }: { routes: readonly AppRoute[] }) {
  return (
    <AntdProviders>
      <AppFrame routes={routes} />
    </AntdProviders>
  );
}

/** Header (brand, area, language, user), side menu, page header, page. */
function AppFrame({ routes }: { routes: readonly AppRoute[] }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const location = useLocation();
  const { data: branding } = useBranding();
  const brandTitle = branding?.extra.title || t('app.name');
  useIdleLogout(!!user);
  // The live socket (unread badges, open conversations) while signed in.
  useLiveChannel(!!user);
  // Collapsed from the first render on a narrow screen (the Sider's `lg` breakpoint would collapse
  // it only after the first paint, shifting the whole page: layout shift, issue 16).
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1' || belowLg());
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });

  const menus = useMemo(() => (user ? buildMenu(routes, user) : []), [routes, user]);
  const nav = useMemo(() => {
    const open = user ? allowedPaths(routes, user) : new Set<string>();
    return { menus, leaves: menuLeaves(menus), mayOpen: (path: string) => open.has(path) };
  }, [menus, routes, user]);
  if (!user) return null;

  return (
    <NavigationProvider value={nav}>
      <Layout className="portal-shell">
        <Layout.Header className="portal-header">
          <div className="portal-header-left">
            <Button
              type="text"
              className="portal-header-icon"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
              aria-label={t(collapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
            />
            <Link to="/layout/home" className="portal-header-brand">
              <BrandMark logo={brandLogoUrl(branding, 'logoTbsl')} title={brandTitle} dark size={30} />
            </Link>
          </div>
          <div className="portal-header-right">
            <AreaSwitcher />
            <LocaleSwitch dark />
            <UnreadBadge />
            <ChatBadge />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout hasSider>
          <Layout.Sider
            theme="light"
            width={272}
            collapsedWidth={64}
            collapsed={collapsed}
            className="portal-sider"
            breakpoint="lg"
            onBreakpoint={(broken) => setCollapsed(broken)}
            trigger={null}
          >
            <SideMenu menus={menus} collapsed={collapsed} />
          </Layout.Sider>
          <Layout className="portal-main">
            <RemoteAccessBanner />
            <PageHeader brandTitle={brandTitle} />
            <Layout.Content className="portal-content">
              <ChunkErrorBoundary resetKey={location.pathname}>
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </ChunkErrorBoundary>
            </Layout.Content>
          </Layout>
        </Layout>
      </Layout>
    </NavigationProvider>
  );
}
