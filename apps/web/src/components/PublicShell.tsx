import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brandLogoUrl, useBranding, useDocumentBranding } from '../lib/branding';
import { BrandMark } from './BrandMark';
import { ComingSoon } from './ComingSoon';
import { LocaleSwitch } from './LocaleSwitch';

/** Frame of the pages reachable without login: brand header, language switch, centred content. */
export function PublicShell({ children, titleKey, width = 480 }: { children: ReactNode; titleKey?: string; width?: number }) {
  const { t } = useTranslation();
  const { data: branding } = useBranding();
  const brandTitle = branding?.extra.title || t('app.name');
  useDocumentBranding(titleKey ? `${t(titleKey)} - ${brandTitle}` : brandTitle);
  return (
    <Layout className="portal-public">
      <Layout.Header className="portal-public-header">
        {/* The accessible name starts with the visible brand name (WCAG 2.5.3). */}
        <Link to="/login" aria-label={`${brandTitle} - ${t('auth.backToLogin')}`}>
          <BrandMark logo={brandLogoUrl(branding, 'logoTbsl')} title={brandTitle} />
        </Link>
        <LocaleSwitch />
      </Layout.Header>
      <Layout.Content className="portal-public-content">
        <div style={{ width: '100%', maxWidth: width }}>{children}</div>
      </Layout.Content>
      <Layout.Footer className="portal-public-footer">
        © {new Date().getFullYear()} {branding?.companyName || brandTitle}
      </Layout.Footer>
    </Layout>
  );
}

/** A public page of a later module: the brand frame with the module's "coming soon" state. */
export function PublicComingSoon({ titleKey }: { titleKey: string }) {
  return (
    <PublicShell titleKey={titleKey} width={640}>
      <ComingSoon titleKey={titleKey} />
    </PublicShell>
  );
}
