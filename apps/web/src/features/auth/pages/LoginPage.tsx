import { CheckCircleFilled, LockOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCodes } from '@portal/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { isApiError } from '../../../lib/api/api-error';
import { useBranding, useDocumentBranding } from '../../../lib/branding';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { currentLocale } from '../../../lib/i18n';
import { saveSession } from '../../../lib/session/session-store';
import { useLogin } from '../api/auth-api';
import type { RejectedRegistration } from '../../partner/components/ResubmitRegistrationModal';
import { type LoginForm, loginFormSchema, safeRedirect } from '../schemas';

/** Only for a rejected registration: loaded once the login answers that, not with the page. */
const ResubmitRegistrationModal = lazy(() =>
  import('../../partner/components/ResubmitRegistrationModal').then((m) => ({ default: m.ResubmitRegistrationModal })),
);

/** Sign in, branded by the domain the page is opened on (SPEC §2, DOMAIN §4 Personalization). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  useRevalidateOnLocaleChange(form);
  const { data: branding } = useBranding();
  const login = useLogin();
  const [locked, setLocked] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedRegistration | null>(null);
  const [resubmitting, setResubmitting] = useState<RejectedRegistration | null>(null);

  const brandTitle = branding?.extra.title || t('app.name');
  useDocumentBranding(brandTitle, branding?.favicon);
  const bgImg = branding?.bgImg;

  const onFinish = async (values: LoginForm) => {
    setLocked(null);
    setRejected(null);
    const { account, password } = loginFormSchema.parse(values);
    try {
      const tokens = await login.mutateAsync({ account, password, locale: currentLocale() });
      saveSession(tokens);
      void navigate(safeRedirect(params.get('redirect')) ?? '/layout', { replace: true });
    } catch (e) {
      if (isApiError(e) && e.code === ErrorCodes.accountLocked) setLocked(e.message);
      // A rejected registration can be corrected and sent again with the credentials just typed.
      if (isApiError(e) && e.code === ErrorCodes.registrationRejected) setRejected({ account, password, message: e.message });
      form.setFieldValue('password', '');
    }
  };

  const features = ['auth.login.feature1', 'auth.login.feature2', 'auth.login.feature3'];

  return (
    <div className="portal-login">
      <section
        className={`portal-login-visual${bgImg ? '' : ' is-default'}`}
        style={bgImg ? { backgroundImage: `url("${bgImg}")` } : undefined}
        data-testid="login-visual"
      >
        <BrandMark logo={branding?.extra.logoLcrs ?? branding?.icon} title={brandTitle} dark size={40} />
        <div style={{ maxWidth: 520 }}>
          <Typography.Title level={1} style={{ color: '#fff', marginBottom: 12 }}>
            {brandTitle}
          </Typography.Title>
          <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.82)', fontSize: 16 }}>{t('auth.login.tagline')}</Typography.Paragraph>
          <Flex vertical gap={10} style={{ marginTop: 24 }}>
            {features.map((f) => (
              <Typography.Text key={f} style={{ color: 'rgba(255,255,255,0.9)' }}>
                <CheckCircleFilled style={{ color: '#36cfc9', marginInlineEnd: 8 }} />
                {t(f)}
              </Typography.Text>
            ))}
          </Flex>
        </div>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.55)' }}>
          © {new Date().getFullYear()} {branding?.companyName || brandTitle}
        </Typography.Text>
      </section>

      <section className="portal-login-panel">
        <div className="portal-login-panel-top">
          <LocaleSwitch />
        </div>
        <div className="portal-login-form-wrap">
          <Typography.Title level={2} style={{ marginBottom: 4 }}>
            {t('auth.login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 28 }}>
            {t('auth.login.subtitle', { brand: brandTitle })}
          </Typography.Paragraph>

          {locked && <Alert type="error" showIcon title={locked} style={{ marginBottom: 20 }} data-testid="login-locked" />}
          {rejected && (
            <Alert
              type="warning"
              showIcon
              title={rejected.message}
              style={{ marginBottom: 20 }}
              data-testid="login-rejected"
              action={
                <Button size="small" onClick={() => { setResubmitting(rejected); setRejected(null); }}>
                  {t('partner.resubmit.open')}
                </Button>
              }
            />
          )}
          {rejected || resubmitting ? (
            <Suspense fallback={null}>
              <ResubmitRegistrationModal rejected={resubmitting} onClose={() => setResubmitting(null)} />
            </Suspense>
          ) : null}

          <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={(v) => void onFinish(v)} initialValues={{ account: '', password: '' }} noValidate>
            <Form.Item name="account" label={t('auth.account')} rules={[zodRule(loginFormSchema, 'account')]} validateFirst>
              <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('auth.emailPlaceholder')} maxLength={254} autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('auth.password')} rules={[zodRule(loginFormSchema, 'password')]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('auth.passwordPlaceholder')} maxLength={64} />
            </Form.Item>
            <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 20 }}>
              <Link to="/forgot-password">{t('auth.forgot.link')}</Link>
            </Flex>
            <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
              {t('auth.login.submit')}
            </Button>
          </Form>
          <Typography.Paragraph style={{ marginTop: 24, textAlign: 'center' }} type="secondary">
            {t('auth.login.noAccount')} <Link to="/register">{t('auth.register.link')}</Link>
          </Typography.Paragraph>
        </div>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12, marginBottom: 0 }}>
          <Link to="/term/service">{t('terms.service.title')}</Link>
          <span style={{ margin: '0 8px' }}>·</span>
          <Link to="/term/privacy">{t('terms.privacy.title')}</Link>
        </Typography.Paragraph>
      </section>
    </div>
  );
}
