import { CheckCircleFilled } from '../../../components/lite/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { brandBackgroundUrl, brandLogoUrl, useBranding, useDocumentBranding } from '../../../lib/branding';

/** The brand's name as the sign-in pages show it: none while the host's brand is asked for, not the default first. */
export function useBrandTitle(): string {
  const { t } = useTranslation();
  const { data: branding, isPending } = useBranding();
  return branding?.extra.title || (isPending ? '' : t('app.name'));
}

/**
 * The frame of the sign-in pages (login, registration, password finding), drawn without antd: the
 * brand's visual on the left (its background image, logo, name and tagline), the form on the right
 * with the language switch and the terms links. Below 900 px only the form is shown.
 */
export function AuthSplitLayout({ titleKey, children }: { titleKey?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { data: branding } = useBranding();
  const brandTitle = useBrandTitle();
  useDocumentBranding(titleKey && brandTitle ? `${t(titleKey)} - ${brandTitle}` : brandTitle);
  const bgImg = brandBackgroundUrl(branding);
  const features = ['auth.login.feature1', 'auth.login.feature2', 'auth.login.feature3'];

  return (
    <div className="portal-login">
      <section
        className={`portal-login-visual${bgImg ? '' : ' is-default'}`}
        style={bgImg ? { backgroundImage: `url("${bgImg}")` } : undefined}
        data-testid="login-visual"
      >
        <BrandMark logo={brandLogoUrl(branding, 'logoLcrs')} title={brandTitle} dark size={40} />
        <div style={{ maxWidth: 520 }}>
          <h1 className="portal-login-brand">{brandTitle}</h1>
          <p className="portal-login-tagline">{t('auth.login.tagline')}</p>
          <ul className="portal-login-features">
            {features.map((f) => (
              <li key={f}>
                <CheckCircleFilled aria-hidden />
                {t(f)}
              </li>
            ))}
          </ul>
        </div>
        <span className="portal-login-copyright">
          © {new Date().getFullYear()} {branding?.companyName || brandTitle}
        </span>
      </section>

      <main className="portal-login-panel">
        <div className="portal-login-panel-top">
          <LocaleSwitch />
        </div>
        <div className="portal-login-form-wrap">{children}</div>
        <p className="portal-text-secondary portal-login-terms">
          <Link to="/term/service">{t('terms.service.title')}</Link>
          <span aria-hidden>·</span>
          <Link to="/term/privacy">{t('terms.privacy.title')}</Link>
        </p>
      </main>
    </div>
  );
}
