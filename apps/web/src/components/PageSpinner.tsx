import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while a page chunk loads. */
export function PageSpinner({ full = false, labelKey = 'common.loading' }: { full?: boolean; labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'portal-center-screen' : 'portal-page-spinner'} role="status" aria-live="polite">
      <Flex vertical align="center" gap={12}>
        <Spin size="large" />
        <Typography.Text type="secondary">{t(labelKey)}</Typography.Text>
      </Flex>
    </div>
  );
}
