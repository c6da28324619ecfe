import { LockOutlined, UserOutlined } from '../../../components/lite/icons';
import { type LoginFormValues, SHELL_ERROR_CODES as ErrorCodes, loginFormIssues, normalizeEmail } from '@portal/contract';
import { type FormEvent, Suspense, lazy, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/lite/Alert';
import { Button } from '../../../components/lite/Button';
import { TextField } from '../../../components/lite/TextField';
import { isApiError } from '../../../lib/api/api-error';
import { currentLocale } from '../../../lib/i18n';
import { loadFeatureTexts } from '../../../lib/i18n';
import { afterZodConfig } from '../../../lib/zod-first';
import { translateValidation } from '../../../lib/i18n/validation';
import { saveSession } from '../../../lib/session/session-store';
import { login } from '../api/login';
import { AuthSplitLayout, useBrandTitle } from '../components/AuthSplitLayout';
import type { RejectedRegistration } from '../components/ResubmitRegistrationModal';
import { safeRedirect } from '../redirect';

/**
 * Only for a rejected registration: loaded once the login answers that, not with the page. The
 * modal is drawn with antd, so antd's providers come with it (this page has none).
 */
const ResubmitRegistrationModal = lazy(() =>
  afterZodConfig(() =>
    Promise.all([import('../components/ResubmitRegistrationModal'), import('../../../app/AntdProviders'), loadFeatureTexts()]),
  )().then(([{ ResubmitRegistrationModal: Modal }, { AntdProviders }]) => ({
    default: function ResubmitWithAntd(props: { rejected: RejectedRegistration | null; onClose: () => void }) {
      return (
        <AntdProviders>
          <Modal {...props} />
        </AntdProviders>
      );
    },
  })),
);

type Field = keyof LoginFormValues;
const FIELDS: readonly Field[] = ['account', 'password'];

/**
 * Sign in, branded by the domain the page is opened on (SPEC §2, DOMAIN §4 Personalization).
 * Drawn without antd (components/lite), so the page is usable after a small download; fields are
 * checked with the contract's rules (the ones its zod schemas are built on) as the user types and on
 * submit, like the antd forms; neither zod nor TanStack Query is loaded for it (issue 16).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [pending, setPending] = useState(false);
  // One login at a time, even for two submits in the same tick (before `pending` is drawn).
  const inFlight = useRef(false);
  const [values, setValues] = useState<LoginFormValues>({ account: '', password: '' });
  // Validation keys, translated when drawn: a language switch re-translates what is shown.
  const [issues, setIssues] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [locked, setLocked] = useState<string | null>(null);
  const [rejected, setRejected] = useState<RejectedRegistration | null>(null);
  const [resubmitting, setResubmitting] = useState<RejectedRegistration | null>(null);

  const brandTitle = useBrandTitle();

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setIssues((prev) => ({ ...prev, [field]: loginFormIssues(next)[field] }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const found = loginFormIssues(values);
    setIssues(found);
    const firstBad = FIELDS.find((f) => found[f]);
    if (firstBad) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstBad}"]`)?.focus();
      return;
    }
    setLocked(null);
    setRejected(null);
    const account = normalizeEmail(values.account);
    const { password } = values;
    inFlight.current = true;
    setPending(true);
    try {
      const tokens = await login({ account, password, locale: currentLocale() });
      saveSession(tokens);
      void navigate(safeRedirect(params.get('redirect')) ?? '/layout', { replace: true });
    } catch (err) {
      // The account's lock and the lock of the caller's address both say when to retry, in the same box.
      if (isApiError(err) && (err.code === ErrorCodes.accountLocked || err.code === ErrorCodes.addressLocked)) setLocked(err.message);
      // A rejected registration can be corrected and sent again with the credentials just typed.
      if (isApiError(err) && err.code === ErrorCodes.registrationRejected) setRejected({ account, password, message: err.message });
      setValues((v) => ({ ...v, password: '' }));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const issueText = (field: Field) => (issues[field] ? translateValidation(issues[field]) : undefined);

  return (
    <AuthSplitLayout>
      <h2 className="portal-login-title">{t('auth.login.title')}</h2>
      <p className="portal-text-secondary portal-login-subtitle">{t('auth.login.subtitle', { brand: brandTitle })}</p>

      {locked && <Alert type="error" title={locked} data-testid="login-locked" />}
      {rejected && (
        <Alert
          type="warning"
          title={rejected.message}
          data-testid="login-rejected"
          action={
            <Button
              size="small"
              onClick={() => {
                setResubmitting(rejected);
                setRejected(null);
              }}
            >
              {t('auth.login.resubmitOpen')}
            </Button>
          }
        />
      )}
      {rejected || resubmitting ? (
        <Suspense fallback={null}>
          <ResubmitRegistrationModal rejected={resubmitting} onClose={() => setResubmitting(null)} />
        </Suspense>
      ) : null}

      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          id="login-account"
          name="account"
          label={t('auth.account')}
          value={values.account}
          onChange={change('account')}
          error={issueText('account')}
          prefix={<UserOutlined />}
          autoComplete="username"
          inputMode="email"
          placeholder={t('auth.emailPlaceholder')}
          maxLength={254}
          autoFocus
        />
        <TextField
          id="login-password"
          name="password"
          label={t('auth.password')}
          value={values.password}
          onChange={change('password')}
          error={issueText('password')}
          prefix={<LockOutlined />}
          password
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
        />
        <div className="portal-login-forgot">
          <Link to="/forgot-password">{t('auth.forgot.link')}</Link>
        </div>
        <Button type="submit" variant="primary" size="large" block loading={pending} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className="portal-text-secondary portal-login-register">
        {t('auth.login.noAccount')} <Link to="/register">{t('auth.register.link')}</Link>
      </p>
    </AuthSplitLayout>
  );
}
