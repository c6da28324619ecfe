import { UserOutlined } from '../../../components/icons';
import { nickNameSchema, registerUserSchema, userCalls } from '@portal/contract';
import { z } from 'zod';
import { Button, Card, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PasswordFields } from '../../../components/PasswordFields';
import { PublicShell } from '../../../components/PublicShell';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { type RegistrationLink, useRegisterUser, useRegistrationCheck } from '../api/users-api';

/** When registering (not resetting) the nickname is required. */
const nickNameRequired = z.object({ nickName: nickNameSchema });

interface RegisterForm {
  nickName: string;
  password: string;
  confirmPassword: string;
}

/** The link's parts, or null when they cannot be a link of ours. */
function useRegistrationLink(): RegistrationLink | null {
  const { corpId, userId, emailmd5 } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  return useMemo(() => {
    const parsed = userCalls.registerCheck.data.safeParse({
      corpId: Number(corpId),
      userId: Number(userId),
      emailMd5: emailmd5 ?? '',
      token,
    });
    return parsed.success ? parsed.data : null;
  }, [corpId, userId, emailmd5, token]);
}

/**
 * Registration of an invited user (and a password reset, the same one-time link in reset mode): the
 * link is checked first; a used, expired or revoked link shows a clear page instead of the form.
 */
export default function CustomerUserRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useRegistrationLink();
  const check = useRegistrationCheck(link);
  const complete = useRegisterUser();
  const [form] = Form.useForm<RegisterForm>();
  useRevalidateOnLocaleChange(form);
  const [doneEmail, setDoneEmail] = useState<string | null>(null);
  const reset = check.data?.purpose === 'reset';

  const onFinish = async (v: RegisterForm) => {
    if (!link) return;
    try {
      const r = await complete.mutateAsync({
        ...link,
        nickName: reset ? undefined : v.nickName,
        password: v.password,
        confirmPassword: v.confirmPassword,
      });
      setDoneEmail(r.email);
    } catch {
      /* shown by the API client */
    }
  };

  let body;
  if (link === null || check.isError) {
    body = (
      <Result
        status="warning"
        title={t('users.register.invalidTitle')}
        subTitle={t('users.register.invalidText')}
        extra={<Link to="/login">{t('users.register.toLogin')}</Link>}
        data-testid="register-link-invalid"
      />
    );
  } else if (doneEmail) {
    body = (
      <Result
        status="success"
        title={t(reset ? 'users.register.resetDoneTitle' : 'users.register.doneTitle')}
        subTitle={t('users.register.doneText', { email: doneEmail })}
        extra={
          <Button type="primary" onClick={() => void navigate('/login')} data-testid="register-to-login">
            {t('users.register.toLogin')}
          </Button>
        }
      />
    );
  } else if (!check.data) {
    body = <Skeleton active />;
  } else {
    body = (
      <>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t(reset ? 'users.register.resetTitle' : 'users.register.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t(reset ? 'users.register.resetSubtitle' : 'users.register.subtitle', {
            company: check.data.companyName,
            email: check.data.email,
          })}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ nickName: reset ? check.data.nickName : '', password: '', confirmPassword: '' }}
          onFinish={(v) => void onFinish(v)}
          noValidate
          data-testid="user-register-form"
        >
          <Form.Item label={t('users.field.email')}>
            <Input value={check.data.email} disabled />
          </Form.Item>
          {!reset && (
            <Form.Item name="nickName" label={t('users.field.nickName')} rules={[zodRule(nickNameRequired, 'nickName')]} required>
              <Input prefix={<UserOutlined />} maxLength={50} autoComplete="nickname" />
            </Form.Item>
          )}
          <PasswordFields schema={registerUserSchema} labelKey="users.register.password" confirmLabelKey="users.register.confirmPassword" />
          <Button type="primary" htmlType="submit" block size="large" loading={complete.isPending} data-testid="user-register-submit">
            {t(reset ? 'users.register.resetSubmit' : 'users.register.submit')}
          </Button>
        </Form>
      </>
    );
  }

  return (
    <PublicShell titleKey="publicPages.customerUserRegister" width={520}>
      <Card variant="borderless" className="portal-card" styles={{ body: { padding: '28px 32px' } }}>
        {body}
      </Card>
    </PublicShell>
  );
}
