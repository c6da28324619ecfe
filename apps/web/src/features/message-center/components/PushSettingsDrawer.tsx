import {
  apnsCredentialsSchema,
  fcmCredentialsSchema,
  PUSH_PROVIDERS,
  type PushProviderName,
  type PushSettings,
  type PushSettingsInput,
} from '@portal/contract';
import { Alert, Button, Drawer, Form, Input, Radio, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import { useRevalidateOnLocaleChange, zodRules } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useSavePushSettings } from '../api/message-api';

interface Values {
  provider: PushProviderName;
  serviceAccountJson?: string;
  privateKeyP8?: string;
  keyId?: string;
  teamId?: string;
  bundleId?: string;
  production?: boolean;
}

const fcmRules = zodRules(fcmCredentialsSchema, ['serviceAccountJson']);
const apnsRules = zodRules(apnsCredentialsSchema, ['privateKeyP8', 'keyId', 'teamId', 'bundleId']);

/** A text file (the service account's JSON, the .p8 key) read into a field. */
function FileLoader({ accept, label, testid, onText }: { accept: string; label: string; testid: string; onText: (text: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="small" onClick={() => ref.current?.click()}>
        {label}
      </Button>
      <input
        ref={ref}
        type="file"
        accept={accept}
        aria-label={label}
        data-testid={testid}
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void file.text().then(onText);
        }}
      />
    </>
  );
}

/**
 * A brand app's push provider and credentials. The stored secret is never shown (only what the
 * server masks: "configured", its account or key id and last characters); changing FCM or APNs
 * settings means entering the credentials again. A refusal (e.g. an unusable key, 27009) shows here.
 */
export function PushSettingsDrawer({ app, onClose }: { app: PushSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLocaleChange(form);
  const save = useSavePushSettings();
  const [error, setError] = useState<string | null>(null);
  const provider = Form.useWatch('provider', form) ?? app.provider;

  const submit = async () => {
    setError(null);
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const data: PushSettingsInput =
      v.provider === 'fcm'
        ? { appKeyId: app.appKeyId, provider: 'fcm', fcm: { serviceAccountJson: v.serviceAccountJson ?? '' } }
        : v.provider === 'apns'
          ? {
              appKeyId: app.appKeyId,
              provider: 'apns',
              apns: {
                privateKeyP8: v.privateKeyP8 ?? '',
                keyId: v.keyId ?? '',
                teamId: v.teamId ?? '',
                bundleId: v.bundleId ?? '',
                production: v.production ?? true,
              },
            }
          : { appKeyId: app.appKeyId, provider: 'outbox' };
    save.mutate(data, {
      onSuccess: () => {
        notify('success', 'push-settings-save', t('messageCenter.push.saved'));
        onClose();
      },
      onError: (err) => setError(isApiError(err) ? err.message : t('messageCenter.push.saveFailed')),
    });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={620}
      title={t('messageCenter.push.configureTitle', { name: app.appName })}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('messageCenter.release.cancel')}</Button>
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="push-save">
            {t('messageCenter.release.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="push-form"
        initialValues={{ provider: app.provider, production: true }}
        onValuesChange={() => setError(null)}
      >
        <Form.Item name="provider" label={t('messageCenter.push.field.provider')}>
          <Radio.Group
            optionType="button"
            aria-label={t('messageCenter.push.field.provider')}
            options={PUSH_PROVIDERS.map((p) => ({ value: p, label: t(`messageCenter.push.provider.${p}`) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="push-provider-hint">
          {t(`messageCenter.push.providerHint.${provider}`)}
        </Typography.Paragraph>
        {app.provider !== 'outbox' && provider !== 'outbox' && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="push-stored"
            title={t('messageCenter.push.stored', {
              provider: t(`messageCenter.push.provider.${app.provider}`),
              mask: app.credentialsMask,
            })}
            description={t('messageCenter.push.reenter')}
          />
        )}
        {provider === 'fcm' && (
          <Form.Item
            name="serviceAccountJson"
            label={t('messageCenter.push.field.serviceAccountJson')}
            htmlFor="push-fcm-json"
            required
            rules={fcmRules.serviceAccountJson}
            extra={
              <Space style={{ marginTop: 4 }}>
                <span>{t('messageCenter.push.serviceAccountHint')}</span>
                <FileLoader
                  accept=".json,application/json"
                  label={t('messageCenter.push.loadFile')}
                  testid="push-fcm-file"
                  onText={(text) => form.setFieldsValue({ serviceAccountJson: text })}
                />
              </Space>
            }
          >
            <Input.TextArea id="push-fcm-json" rows={8} autoComplete="off" spellCheck={false} />
          </Form.Item>
        )}
        {provider === 'apns' && (
          <>
            <Form.Item
              name="privateKeyP8"
              label={t('messageCenter.push.field.privateKeyP8')}
              htmlFor="push-apns-p8"
              required
              rules={apnsRules.privateKeyP8}
              extra={
                <Space style={{ marginTop: 4 }}>
                  <span>{t('messageCenter.push.p8Hint')}</span>
                  <FileLoader
                    accept=".p8"
                    label={t('messageCenter.push.loadFile')}
                    testid="push-apns-file"
                    onText={(text) => form.setFieldsValue({ privateKeyP8: text })}
                  />
                </Space>
              }
            >
              <Input.TextArea id="push-apns-p8" rows={5} autoComplete="off" spellCheck={false} />
            </Form.Item>
            <Space size={12} style={{ display: 'flex' }} align="start">
              <Form.Item
                name="keyId"
                label={t('messageCenter.push.field.keyId')}
                htmlFor="push-apns-key-id"
                required
                rules={apnsRules.keyId}
                extra={t('messageCenter.push.tenChars')}
              >
                <Input id="push-apns-key-id" maxLength={10} autoComplete="off" style={{ width: 170 }} />
              </Form.Item>
              <Form.Item
                name="teamId"
                label={t('messageCenter.push.field.teamId')}
                htmlFor="push-apns-team-id"
                required
                rules={apnsRules.teamId}
                extra={t('messageCenter.push.tenChars')}
              >
                <Input id="push-apns-team-id" maxLength={10} autoComplete="off" style={{ width: 170 }} />
              </Form.Item>
            </Space>
            <Form.Item
              name="bundleId"
              label={t('messageCenter.push.field.bundleId')}
              htmlFor="push-apns-bundle"
              required
              rules={apnsRules.bundleId}
            >
              <Input id="push-apns-bundle" placeholder="com.example.app" autoComplete="off" />
            </Form.Item>
            <Form.Item name="production" label={t('messageCenter.push.field.environment')}>
              <Radio.Group
                aria-label={t('messageCenter.push.field.environment')}
                options={[
                  { value: true, label: t('messageCenter.push.environment.production') },
                  { value: false, label: t('messageCenter.push.environment.sandbox') },
                ]}
              />
            </Form.Item>
          </>
        )}
        {error && <Alert type="error" showIcon title={error} data-testid="push-save-error" />}
      </Form>
    </Drawer>
  );
}
