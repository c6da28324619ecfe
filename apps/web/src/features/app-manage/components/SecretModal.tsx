import type { AppKey } from '@portal/contract';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The appId and the secret of a key just created or rotated: the only time the secret is shown. */
export function SecretModal({ shown, onClose }: { shown: { key: AppKey; secret: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!shown}
      title={t('appManage.secret.title', { name: shown?.key.name ?? '' })}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('appManage.secret.done')}
        </Button>
      }
      width={640}
    >
      {shown && (
        <>
          <Alert type="warning" showIcon message={t('appManage.secret.once')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="App ID">
              <Typography.Text copyable data-testid="secret-appid">
                {shown.key.appId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('appManage.field.secret')}>
              <Typography.Text copyable code data-testid="secret-value" style={{ wordBreak: 'break-all' }}>
                {shown.secret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
