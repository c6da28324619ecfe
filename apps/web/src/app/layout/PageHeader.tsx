import { HomeOutlined } from '../../components/icons';
import { Breadcrumb, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { useDocumentBranding } from '../../lib/branding';
import { usePageTitleOverride } from '../../lib/navigation/page-title';
import type { RouteHandle } from '../route-types';

/** Breadcrumb and title of the current page; also the browser tab title. */
export function PageHeader({ brandTitle }: { brandTitle: string }) {
  const { t } = useTranslation();
  const handles = useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .filter((h): h is RouteHandle => !!h?.titleKey);
  const current = handles[handles.length - 1];
  const own = usePageTitleOverride();
  const title = own ?? (current ? t(current.titleKey) : '');
  useDocumentBranding(title ? `${title} - ${brandTitle}` : brandTitle);
  const crumbs = handles.filter((h) => h.key !== 'home');
  return (
    <div className="portal-page-header">
      <Breadcrumb
        items={[
          {
            key: 'home',
            title: (
              <Link to="/layout/home">
                <HomeOutlined aria-hidden="true" /> {t('menu.home')}
              </Link>
            ),
          },
          ...crumbs.map((h, i) => ({
            key: h.key,
            title: i < crumbs.length - 1 ? <Link to={h.path}>{t(h.titleKey)}</Link> : title,
          })),
        ]}
      />
      {title && (
        <Typography.Title level={4} style={{ margin: '8px 0 0' }} data-testid="page-title">
          {title}
        </Typography.Title>
      )}
    </div>
  );
}
