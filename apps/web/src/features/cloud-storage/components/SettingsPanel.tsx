import {
  STORAGE_NEAR_EXPIRY_DAYS_MAX,
  STORAGE_NEAR_EXPIRY_DAYS_MIN,
  STORAGE_PAY_MINUTES_MAX,
  STORAGE_PAY_MINUTES_MIN,
  storageSettingsFieldsSchema,
} from '@portal/contract';
import { App, Button, Card, Form, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useRevalidateOnLocaleChange, zodRules } from '../../../lib/form/zod-rules';
import { useSaveStorageSettings, useStorageAbilities, useStorageSettings } from '../api/storage-api';

const rules = zodRules(storageSettingsFieldsSchema, ['payMinutes', 'nearExpiryDays'] as const);

/**
 * The settings tab: the seller's order settings (payment window of unpaid orders, near-expiry days
 * of running plans) when storage/abilities answers readOrderSettings, editable when the settings
 * answer `save` (both the server's policy); and where the payee accounts are set.
 */
export function SettingsPanel() {
  const { t } = useTranslation();
  const canRead = useStorageAbilities().can('readOrderSettings');
  return (
    <>
      {canRead && <OrderSettingsCard />}
      <Typography.Paragraph style={{ marginTop: canRead ? 16 : 0 }}>
        {t('storage.settings.payees')} <Link to="/layout/externalCollection">{t('storage.settings.payeesLink')}</Link>
      </Typography.Paragraph>
    </>
  );
}

function OrderSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ payMinutes: number; nearExpiryDays: number }>();
  useRevalidateOnLocaleChange(form);
  const { data } = useStorageSettings();
  const save = useSaveStorageSettings();
  const canSave = !!data?.actions.includes('save');
  useEffect(() => {
    if (data) form.setFieldsValue({ payMinutes: data.payMinutes, nearExpiryDays: data.nearExpiryDays });
  }, [data, form]);
  return (
    <Card size="small" title={t('storage.settings.orders')} data-testid="storage-order-settings" style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{t('storage.settings.ordersIntro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!data || !canSave}
        onFinish={async (v) => {
          await save.mutateAsync({ payMinutes: v.payMinutes, nearExpiryDays: v.nearExpiryDays });
          message.success(t('storage.settings.saved'));
        }}
      >
        <Form.Item
          name="payMinutes"
          label={t('storage.settings.payMinutes')}
          extra={t('storage.settings.payMinutesHint', { min: STORAGE_PAY_MINUTES_MIN, max: STORAGE_PAY_MINUTES_MAX })}
          rules={rules.payMinutes}
        >
          <InputNumber
            aria-label={t('storage.settings.payMinutes')}
            precision={0}
            style={{ width: 200 }}
            suffix={t('storage.settings.minutes')}
          />
        </Form.Item>
        <Form.Item
          name="nearExpiryDays"
          label={t('storage.settings.nearExpiryDays')}
          extra={t('storage.settings.nearExpiryDaysHint', { min: STORAGE_NEAR_EXPIRY_DAYS_MIN, max: STORAGE_NEAR_EXPIRY_DAYS_MAX })}
          rules={rules.nearExpiryDays}
        >
          <InputNumber
            aria-label={t('storage.settings.nearExpiryDays')}
            precision={0}
            style={{ width: 200 }}
            suffix={t('storage.settings.days')}
          />
        </Form.Item>
        {canSave && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="storage-settings-save">
            {t('storage.save')}
          </Button>
        )}
      </Form>
      {data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {data.updatedAt ? t('storage.settings.updatedAt', { at: formatDateTime(data.updatedAt) }) : t('storage.settings.defaults')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
