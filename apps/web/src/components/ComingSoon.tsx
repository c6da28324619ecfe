import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A module whose issue has not landed yet: its title and a localized "coming soon" state. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="portal-card">
      <Empty
        style={{ padding: '48px 0' }}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <div>
            <Typography.Title level={5} style={{ marginBottom: 4 }}>
              {t(titleKey)}
            </Typography.Title>
            <Typography.Text type="secondary">{t('common.comingSoon')}</Typography.Text>
          </div>
        }
      />
    </Card>
  );
}
