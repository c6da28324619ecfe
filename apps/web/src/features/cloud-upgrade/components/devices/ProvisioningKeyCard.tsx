import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined, RedoOutlined } from '../../../../components/icons';
import { DEVICE_API_PATHS, DEVICE_API_PREFIX, DEVICE_AUTH_SCHEME } from '@portal/contract';
import { App, Button, Card, Flex, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useProvisioningKey, useResetProvisioningKey } from '../../api/upgrade-api';

/** The brand's device provisioning key (copy, reset with confirmation) and how devices register with it. */
export function ProvisioningKeyCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const key = useProvisioningKey(true);
  const reset = useResetProvisioningKey();
  const [shown, setShown] = useState(false);
  const value = key.data?.key ?? '';
  const masked = value ? `${value.slice(0, 4)}${'•'.repeat(Math.max(8, value.length - 8))}${value.slice(-4)}` : '';

  const confirmReset = () =>
    modal.confirm({
      title: t('upgrade.devices.key.resetTitle'),
      content: t('upgrade.devices.key.resetContent'),
      okText: t('upgrade.devices.key.reset'),
      cancelText: t('upgrade.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await reset.mutateAsync();
          setShown(true);
          notify('success', 'provisioning-key', t('upgrade.devices.key.resetDone'));
        } catch {
          /* shown by the API client */
        }
      },
    });

  return (
    <Card
      variant="borderless"
      className="portal-card"
      title={
        <Space>
          <KeyOutlined />
          {t('upgrade.devices.key.title')}
        </Space>
      }
      data-testid="provisioning-key"
    >
      {key.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : key.isError ? (
        <Typography.Text type="secondary">{t('upgrade.loadFailed')}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text
              code
              copyable={{ text: value, tooltips: [t('upgrade.copy'), t('upgrade.copied')] }}
              style={{ fontSize: 14 }}
              data-testid="provisioning-key-value"
            >
              {shown ? value : masked}
            </Typography.Text>
            <Button
              size="small"
              type="text"
              icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={() => setShown(!shown)}
              aria-label={t(shown ? 'upgrade.devices.key.hide' : 'upgrade.devices.key.show')}
            />
            <Button size="small" danger icon={<RedoOutlined />} onClick={confirmReset} loading={reset.isPending}>
              {t('upgrade.devices.key.reset')}
            </Button>
          </Flex>
          {key.data && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('upgrade.devices.key.created', { time: formatDateTime(key.data.createdAt) })}
            </Typography.Text>
          )}
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 13 }}>
            {t('upgrade.devices.key.how', { path: `${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.register}`, scheme: DEVICE_AUTH_SCHEME })}
          </Typography.Paragraph>
        </Flex>
      )}
    </Card>
  );
}
