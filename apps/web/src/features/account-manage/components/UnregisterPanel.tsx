import { userCalls } from '@portal/contract';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { endSession } from '../../../lib/session/end-session';
import { useUnregister, useUnregisterCheck } from '../api/users-api';

/** Delete your own account (unregister): tells first whether it is allowed, then asks for the password. */
export function UnregisterPanel() {
  const { t } = useTranslation();
  const check = useUnregisterCheck(true);
  const unregister = useUnregister();
  const [form] = Form.useForm<{ password: string }>();
  if (check.isLoading || !check.data) return <Skeleton active />;
  if (!check.data.allowed) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('users.unregister.blockedTitle')}
        description={check.data.blockers.map((b) => t(`users.unregister.blocker.${b}`)).join(' ')}
        data-testid="unregister-blocked"
      />
    );
  }
  const onFinish = async (v: { password: string }) => {
    try {
      await unregister.mutateAsync(v.password);
      notify('success', 'unregistered', t('users.unregister.done'));
      endSession({ to: '/login' });
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} noValidate>
      <Alert type="error" showIcon title={t('users.unregister.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph type="secondary">{t('users.unregister.hint')}</Typography.Paragraph>
      <Form.Item name="password" label={t('users.unregister.password')} rules={[zodRule(userCalls.unregister.data, 'password')]}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Button danger type="primary" htmlType="submit" loading={unregister.isPending}>
        {t('users.unregister.submit')}
      </Button>
    </Form>
  );
}
