import { useTranslation } from 'react-i18next';
import { Spinner } from './lite/Spinner';

/** Shown while a page chunk loads. */
export function PageSpinner({ full = false, labelKey = 'common.loading' }: { full?: boolean; labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'portal-center-screen' : 'portal-page-spinner'} role="status" aria-live="polite">
      <div className="portal-spinner-stack">
        <Spinner size="large" />
        <span className="portal-text-secondary">{t(labelKey)}</span>
      </div>
    </div>
  );
}
