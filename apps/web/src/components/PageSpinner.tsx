import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk loads. */
export function PageSpinner({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'portal-center-screen' : 'portal-page-spinner'} role="status" aria-live="polite">
      <Spin size="large" description={t('common.loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
