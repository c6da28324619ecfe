import { Button, Card, Form, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicShell } from '../../../components/PublicShell';
import { useRevalidateOnLocaleChange } from '../../../lib/form/zod-rules';
import { useFindPassword } from '../api/auth-api';
import { PasswordFields } from '../../../components/PasswordFields';
import { VerificationFields } from '../components/VerificationFields';
import { findPasswordSchema } from '../schemas';

interface ForgotForm {
  email: string;
  imageCode: string;
  emailCode: string;
  password: string;
  confirmPassword: string;
}

/** Set a new password with a code e-mailed to the account's address. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotForm>();
  useRevalidateOnLocaleChange(form);
  const findPassword = useFindPassword();
  const [done, setDone] = useState(false);

  const onFinish = async (v: ForgotForm) => {
    try {
      await findPassword.mutateAsync({ email: v.email, emailCode: v.emailCode, password: v.password, confirmPassword: v.confirmPassword });
      setDone(true);
    } catch {
      /* the API client has shown the message */
    }
  };

  return (
    <PublicShell titleKey="auth.forgot.title" width={520}>
      <Card variant="borderless" className="portal-card" styles={{ body: { padding: '28px 32px' } }}>
        {done ? (
          <Result
            status="success"
            title={t('auth.forgot.successTitle')}
            subTitle={t('auth.forgot.successText')}
            extra={
              <Button type="primary" onClick={() => void navigate('/login')}>
                {t('auth.backToLogin')}
              </Button>
            }
          />
        ) : (
          <>
            <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
              {t('auth.forgot.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('auth.forgot.subtitle')}</Typography.Paragraph>
            <Form
              form={form}
              layout="vertical"
              initialValues={{ email: '', imageCode: '', emailCode: '', password: '', confirmPassword: '' }}
              onFinish={(v) => void onFinish(v)}
              noValidate
            >
              <VerificationFields form={form} schema={findPasswordSchema} purpose="findPassword" />
              <PasswordFields schema={findPasswordSchema} labelKey="auth.newPassword" />
              <Button type="primary" htmlType="submit" block size="large" loading={findPassword.isPending}>
                {t('auth.forgot.submit')}
              </Button>
            </Form>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
              <Link to="/login">{t('auth.backToLogin')}</Link>
            </Typography.Paragraph>
          </>
        )}
      </Card>
    </PublicShell>
  );
}
