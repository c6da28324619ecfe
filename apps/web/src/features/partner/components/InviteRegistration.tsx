import { PhoneOutlined, ShopOutlined, UserOutlined } from '../../../components/icons';
import { INVITATION_TTL_DAYS, inviteRegisterSchema } from '@portal/contract';
import { Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordFields } from '../../../components/PasswordFields';
import { PublicShell } from '../../../components/PublicShell';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { useInviteCheck, useRegisterInvited } from '../api/partner-api';

interface RegisterForm {
  companyName: string;
  contact: string;
  telephone: string;
  nickName: string;
  password: string;
  confirmPassword: string;
}

/**
 * Registration through an invitation link (company-register for installers and dealers,
 * sub-company-register for sub-customers). The link is checked first; a used, expired, revoked,
 * replaced or tampered link gets a page that says so.
 */
export function InviteRegistration({ kind, inviteId, sign }: { kind: 'company' | 'subCustomer'; inviteId: number; sign: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = kind === 'company' ? 'publicPages.companyRegister' : 'publicPages.subCompanyRegister';
  const valid = Number.isSafeInteger(inviteId) && /^[0-9a-f]{64}$/.test(sign);
  const check = useInviteCheck(kind, valid ? inviteId : 0, sign);
  const register = useRegisterInvited(kind);
  const [form] = Form.useForm<RegisterForm>();
  useRevalidateOnLocaleChange(form);
  const [done, setDone] = useState<{ status: 'active' | 'pending'; email: string } | null>(null);

  const frame = (node: React.ReactNode) => (
    <PublicShell titleKey={titleKey} width={560}>
      <Card variant="borderless" className="portal-card" styles={{ body: { padding: '28px 32px' } }}>
        {node}
      </Card>
    </PublicShell>
  );
  const login = (
    <Button type="primary" onClick={() => void navigate('/login')}>
      {t('partner.register.goLogin')}
    </Button>
  );

  if (valid && check.isLoading)
    return frame(
      <Spin tip={t('partner.register.checking')}>
        <div style={{ height: 120 }} />
      </Spin>,
    );
  const state = !valid ? 'invalid' : (check.data?.state ?? 'invalid');
  const inv = check.data?.invitation;
  if (done) {
    const inviter = inv?.inviterName ?? '';
    return frame(
      done.status === 'active' ? (
        <Result
          status="success"
          title={t('partner.register.activeTitle')}
          subTitle={t('partner.register.activeText', { email: done.email })}
          extra={login}
          data-testid="register-done"
        />
      ) : (
        <Result
          status="info"
          title={t('partner.register.pendingTitle')}
          subTitle={t('partner.register.pendingText', { email: done.email, inviter })}
          extra={login}
          data-testid="register-done"
        />
      ),
    );
  }
  if (state !== 'valid' || !inv) {
    return frame(
      <Result
        status={state === 'used' ? 'info' : 'warning'}
        title={t(`partner.register.state.${state}.title`)}
        subTitle={t(`partner.register.state.${state}.text`, { days: INVITATION_TTL_DAYS })}
        extra={login}
        data-testid={`link-${state}`}
      />,
    );
  }

  const onFinish = async (v: RegisterForm) => {
    try {
      const r = await register.mutateAsync({ inviteId, sign, ...v, contact: v.contact ?? '', telephone: v.telephone ?? '' });
      setDone(r);
    } catch {
      /* the API client has shown the message (e.g. the link was used meanwhile) */
      void check.refetch();
    }
  };

  return frame(
    <>
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t(kind === 'company' ? 'partner.register.companyTitle' : 'partner.register.subTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('partner.register.invitedBy', { inviter: inv.inviterName, email: inv.email })}
      </Typography.Paragraph>
      {inv.needsApproval && (
        <Typography.Paragraph type="warning">{t('partner.register.approvalNote', { inviter: inv.inviterName })}</Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        noValidate
        initialValues={{ companyName: inv.companyName, contact: '', telephone: '', nickName: '', password: '', confirmPassword: '' }}
        onFinish={(v) => void onFinish(v)}
        data-testid="invite-register-form"
      >
        <Form.Item label={t('auth.email')}>
          <Input value={inv.email} disabled data-testid="invite-email" />
        </Form.Item>
        <Form.Item name="companyName" label={t('auth.companyName')} rules={[zodRule(inviteRegisterSchema, 'companyName')]} required>
          <Input prefix={<ShopOutlined />} maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={t('partner.register.contact')} rules={[zodRule(inviteRegisterSchema, 'contact')]}>
          <Input prefix={<UserOutlined />} maxLength={50} placeholder={t('partner.register.contactPlaceholder')} />
        </Form.Item>
        <Form.Item name="telephone" label={t('partner.register.telephone')} rules={[zodRule(inviteRegisterSchema, 'telephone')]}>
          <Input prefix={<PhoneOutlined />} maxLength={32} placeholder={t('partner.register.telephonePlaceholder')} />
        </Form.Item>
        <Form.Item name="nickName" label={t('partner.register.nickName')} rules={[zodRule(inviteRegisterSchema, 'nickName')]} required>
          <Input prefix={<UserOutlined />} maxLength={50} placeholder={t('auth.nickNamePlaceholder')} />
        </Form.Item>
        <PasswordFields schema={inviteRegisterSchema} />
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} data-testid="invite-register-submit">
          {t('partner.register.submit')}
        </Button>
      </Form>
    </>,
  );
}
