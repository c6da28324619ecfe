import { PUSH_PLATFORMS, PUSH_TOKEN_MAX, type PushPlatform, type PushSettings } from '@portal/contract';
import { Alert, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/api-error';
import { usePushTestSend } from '../api/message-api';

type Outcome = { kind: 'sent' | 'deadToken' | 'failed'; detail: string };
const ALERT_TYPES = { sent: 'success', deadToken: 'warning', failed: 'error' } as const;

/**
 * One test push to a device token with the brand app's stored provider and credentials; the
 * provider's answer shows here (sent, the token is no longer valid, or not sent with its reason).
 */
export function PushTestModal({ app, onClose }: { app: PushSettings; onClose: () => void }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<PushPlatform>(app.provider === 'apns' ? 'ios' : 'android');
  const [token, setToken] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const send = usePushTestSend();
  const blank = token.trim() === '';

  const run = () =>
    send.mutate(
      { appKeyId: app.appKeyId, platform, token: token.trim() },
      {
        onSuccess: (r) => setOutcome({ kind: r.result, detail: r.detail }),
        onError: (err) => setOutcome({ kind: 'failed', detail: isApiError(err) ? err.message : '' }),
      },
    );

  return (
    <Modal
      open
      title={t('messageCenter.push.testTitle', { name: app.appName })}
      onCancel={onClose}
      okText={t('messageCenter.push.send')}
      cancelText={t('messageCenter.push.close')}
      onOk={run}
      okButtonProps={{ disabled: blank, loading: send.isPending, 'data-testid': 'push-test-send' } as never}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('messageCenter.push.field.provider')}>
          <span data-testid="push-test-provider">
            {t(`messageCenter.push.provider.${app.provider}`)}
            {app.credentialsMask ? ` · ${app.credentialsMask}` : ''}
          </span>
        </Form.Item>
        <Form.Item label={t('messageCenter.push.field.platform')}>
          <Radio.Group
            aria-label={t('messageCenter.push.field.platform')}
            value={platform}
            onChange={(e) => {
              setPlatform(e.target.value as PushPlatform);
              setOutcome(null);
            }}
            options={PUSH_PLATFORMS.map((p) => ({ value: p, label: t(`messageCenter.push.platform.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('messageCenter.push.field.token')} htmlFor="push-test-token" required extra={t('messageCenter.push.tokenHint')}>
          <Input.TextArea
            id="push-test-token"
            rows={3}
            maxLength={PUSH_TOKEN_MAX}
            value={token}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setToken(e.target.value);
              setOutcome(null);
            }}
          />
        </Form.Item>
      </Form>
      {outcome && (
        <Alert
          data-testid="push-test-result"
          type={ALERT_TYPES[outcome.kind]}
          showIcon
          title={t(`messageCenter.push.result.${outcome.kind}`)}
          description={outcome.detail || undefined}
        />
      )}
    </Modal>
  );
}
