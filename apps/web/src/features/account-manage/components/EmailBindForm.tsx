import { ReloadOutlined } from '../../../components/icons';
import { authCalls } from '@portal/contract';
import { Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { updateSessionUser, useSessionUser } from '../../../lib/session/session-store';
import { useBindEmail, useImageCode, useSendBindCode } from '../api/users-api';

interface BindForm {
  email: string;
  imageCode: string;
  emailCode: string;
}

/** Bind a new e-mail address: graphic code, then a dynamic code e-mailed to the new address (auth calls). */
export function EmailBindForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [form] = Form.useForm<BindForm>();
  useRevalidateOnLocaleChange(form);
  const image = useImageCode(true);
  const send = useSendBindCode();
  const bind = useBindEmail();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const id = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [wait]);

  const sendCode = async () => {
    try {
      const v = await form.validateFields(['email', 'imageCode']);
      const r = await send.mutateAsync({ email: v.email, imageCodeId: image.data?.codeId ?? '', imageCode: v.imageCode });
      setWait(r.resendAfterSeconds);
      notify('success', 'bind-code-sent', t('users.account.codeSent'));
    } catch {
      void image.refetch();
    }
  };

  const onFinish = async (v: BindForm) => {
    try {
      await bind.mutateAsync({ email: v.email, emailCode: v.emailCode });
      if (user) updateSessionUser({ ...user, email: v.email.trim().toLowerCase() });
      notify('success', 'email-bound', t('users.account.emailBound'));
      form.resetFields();
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      noValidate
      data-testid="email-bind-form"
      initialValues={{ email: '', imageCode: '', emailCode: '' }}
    >
      <Typography.Paragraph type="secondary">{t('users.account.currentEmail', { email: currentEmail })}</Typography.Paragraph>
      <Form.Item name="email" label={t('users.account.newEmail')} rules={[zodRule(authCalls.emailBind.data, 'email')]} required>
        <Input maxLength={254} autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('users.account.imageCode')} required>
        <Flex gap={8}>
          <Form.Item name="imageCode" noStyle rules={[zodRule(authCalls.emailBindCode.data, 'imageCode')]}>
            <Input maxLength={8} aria-label={t('users.account.imageCode')} />
          </Form.Item>
          <button
            type="button"
            className="portal-image-code"
            onClick={() => void image.refetch()}
            aria-label={t('users.account.refreshImage')}
          >
            {image.isFetching ? (
              <Spin size="small" />
            ) : image.data ? (
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.data.svg)}`} alt={t('users.account.imageCode')} />
            ) : (
              <ReloadOutlined />
            )}
          </button>
        </Flex>
      </Form.Item>
      <Form.Item label={t('users.account.emailCode')} required>
        <Flex gap={8}>
          <Form.Item name="emailCode" noStyle rules={[zodRule(authCalls.emailBind.data, 'emailCode')]}>
            <Input maxLength={8} aria-label={t('users.account.emailCode')} />
          </Form.Item>
          <Button onClick={() => void sendCode()} loading={send.isPending} disabled={wait > 0} style={{ minWidth: 128 }}>
            {wait > 0 ? t('users.account.resendIn', { seconds: wait }) : t('users.account.sendCode')}
          </Button>
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={bind.isPending}>
        {t('users.account.bindEmail')}
      </Button>
    </Form>
  );
}
