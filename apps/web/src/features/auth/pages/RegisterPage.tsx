import { ShopOutlined, UserOutlined } from '../../../components/icons';
import { Button, Card, Checkbox, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicShell } from '../../../components/PublicShell';
import { currentDomain } from '../../../lib/branding';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { useSelfRegister } from '../api/auth-api';
import { PasswordFields } from '../../../components/PasswordFields';
import { VerificationFields } from '../components/VerificationFields';
import { registerSchema } from '../schemas';

interface RegisterForm {
  email: string;
  imageCode: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  nickName: string;
  agree: boolean;
}

const INITIAL: RegisterForm = {
  email: '',
  imageCode: '',
  emailCode: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  nickName: '',
  agree: false,
};

/** Self-registration of an enterprise account under the brand of this domain. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  useRevalidateOnLocaleChange(form);
  const register = useSelfRegister();
  const [done, setDone] = useState<{ email: string; approverName: string } | null>(null);

  const onFinish = async (v: RegisterForm) => {
    try {
      const r = await register.mutateAsync({
        email: v.email,
        emailCode: v.emailCode,
        password: v.password,
        confirmPassword: v.confirmPassword,
        companyName: v.companyName,
        nickName: v.nickName,
        domain: currentDomain(),
        agree: v.agree as true,
      });
      setDone({ email: v.email.trim(), approverName: r.approverName });
    } catch {
      /* the API client has shown the message */
    }
  };

  if (done) {
    return (
      <PublicShell titleKey="auth.register.title" width={560}>
        <Card variant="borderless" className="portal-card">
          <Result
            status="success"
            title={t('auth.register.successTitle')}
            subTitle={t('auth.register.pendingText', { email: done.email, approver: done.approverName })}
            extra={
              <Button type="primary" onClick={() => void navigate('/login')}>
                {t('auth.backToLogin')}
              </Button>
            }
          />
        </Card>
      </PublicShell>
    );
  }

  return (
    <PublicShell titleKey="auth.register.title" width={560}>
      <Card variant="borderless" className="portal-card" styles={{ body: { padding: '28px 32px' } }}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('auth.register.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.register.subtitle')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={INITIAL}
          onFinish={(v) => void onFinish(v)}
          noValidate
          data-testid="register-form"
        >
          <VerificationFields form={form} schema={registerSchema} purpose="register" />
          <PasswordFields schema={registerSchema} />
          <Form.Item name="companyName" label={t('auth.companyName')} rules={[zodRule(registerSchema, 'companyName')]} required>
            <Input prefix={<ShopOutlined />} maxLength={100} placeholder={t('auth.companyNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="nickName" label={t('auth.nickName')} rules={[zodRule(registerSchema, 'nickName')]} required>
            <Input prefix={<UserOutlined />} maxLength={50} placeholder={t('auth.nickNamePlaceholder')} />
          </Form.Item>
          <Form.Item name="agree" valuePropName="checked" rules={[zodRule(registerSchema, 'agree')]}>
            <Checkbox data-testid="agree-terms">
              {t('auth.register.agreePrefix')}{' '}
              <Link to="/term/service" target="_blank">
                {t('terms.service.title')}
              </Link>{' '}
              {t('auth.register.and')}{' '}
              <Link to="/term/privacy" target="_blank">
                {t('terms.privacy.title')}
              </Link>
            </Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={register.isPending} data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.backToLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </PublicShell>
  );
}
