import { type RegisterFormValues, REGISTER_COMPANY_NAME_MAX, REGISTER_NICKNAME_MAX, registerFormIssues } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShopOutlined } from '../../../components/lite/form-icons';
import { UserOutlined } from '../../../components/lite/icons';
import { Button } from '../../../components/lite/Button';
import { TextField } from '../../../components/lite/TextField';
import { currentDomain } from '../../../lib/branding';
import { selfRegister } from '../api/register';
import { AuthDone } from '../components/AuthDone';
import { AuthSplitLayout } from '../components/AuthSplitLayout';
import { EmailCodeFields, withImageCodeRule } from '../components/EmailCodeFields';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useCheckedForm } from '../components/use-checked-form';

const INITIAL: RegisterFormValues = {
  email: '',
  imageCode: '',
  emailCode: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  nickName: '',
  agree: false,
};
/** Each field's input, in the form's order (the first broken one is focused on submit). */
const FIELD_IDS: Record<keyof RegisterFormValues, string> = {
  email: 'register-email',
  imageCode: 'register-image-code',
  emailCode: 'register-email-code',
  password: 'register-password',
  confirmPassword: 'register-confirm-password',
  companyName: 'register-company-name',
  nickName: 'register-nickname',
  agree: 'register-agree',
};
const registerIssues = withImageCodeRule(registerFormIssues);

/**
 * Self-registration of an enterprise account under the brand of this domain. Drawn without antd, in
 * the login page's frame, so it is usable after a small download on a phone (issue 16); the fields
 * are checked with the contract's rules as the user types and on submit, and again by the server.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const form = useCheckedForm(INITIAL, registerIssues, FIELD_IDS);
  const { values, change, issueText } = form;
  const [done, setDone] = useState<{ email: string; approverName: string } | null>(null);

  const onSubmit = form.submit(async (v) => {
    const r = await selfRegister({
      email: v.email,
      emailCode: v.emailCode,
      password: v.password,
      confirmPassword: v.confirmPassword,
      companyName: v.companyName,
      nickName: v.nickName,
      domain: currentDomain(),
      agree: true,
    });
    setDone({ email: v.email.trim(), approverName: r.approverName });
  });

  if (done) {
    return (
      <AuthSplitLayout titleKey="auth.register.title">
        <AuthDone
          title={t('auth.register.successTitle')}
          text={t('auth.register.pendingText', { email: done.email, approver: done.approverName })}
          testId="register-done"
        />
      </AuthSplitLayout>
    );
  }

  const agreeError = issueText('agree');
  return (
    <AuthSplitLayout titleKey="auth.register.title">
      <h2 className="portal-login-title">{t('auth.register.title')}</h2>
      <p className="portal-text-secondary portal-login-subtitle">{t('auth.register.subtitle')}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="register-form" className="portal-auth-form">
        <EmailCodeFields
          purpose="register"
          values={values}
          onChange={change}
          issueText={issueText}
          onIssues={form.report}
          onImageCodeUsed={() => form.reset('imageCode', '')}
        />
        <NewPasswordFields idPrefix="register" values={values} onChange={change} issueText={issueText} />
        <TextField
          id={FIELD_IDS.companyName}
          name="companyName"
          label={t('auth.companyName')}
          value={values.companyName}
          onChange={change('companyName')}
          error={issueText('companyName')}
          prefix={<ShopOutlined />}
          maxLength={REGISTER_COMPANY_NAME_MAX}
          autoComplete="organization"
          placeholder={t('auth.companyNamePlaceholder')}
          required
        />
        <TextField
          id={FIELD_IDS.nickName}
          name="nickName"
          label={t('auth.nickName')}
          value={values.nickName}
          onChange={change('nickName')}
          error={issueText('nickName')}
          prefix={<UserOutlined />}
          maxLength={REGISTER_NICKNAME_MAX}
          autoComplete="name"
          placeholder={t('auth.nickNamePlaceholder')}
          required
        />
        <div className={`portal-field portal-checkbox-field${agreeError ? ' has-error' : ''}`}>
          <span className="portal-checkbox">
            <input
              id={FIELD_IDS.agree}
              type="checkbox"
              checked={values.agree}
              onChange={(e) => change('agree')(e.target.checked)}
              aria-invalid={agreeError ? true : undefined}
              aria-describedby={agreeError ? `${FIELD_IDS.agree}-error` : undefined}
              data-testid="agree-terms"
            />
            <label htmlFor={FIELD_IDS.agree}>{t('auth.register.agreePrefix')}</label>{' '}
            <Link to="/term/service" target="_blank">
              {t('terms.service.title')}
            </Link>{' '}
            {t('auth.register.and')}{' '}
            <Link to="/term/privacy" target="_blank">
              {t('terms.privacy.title')}
            </Link>
          </span>
          <div className="portal-field-error" id={`${FIELD_IDS.agree}-error`} aria-live="polite">
            {agreeError}
          </div>
        </div>
        <Button type="submit" variant="primary" size="large" block loading={form.pending} data-testid="register-submit">
          {t('auth.register.submit')}
        </Button>
      </form>
      <p className="portal-text-secondary portal-login-register">
        {t('auth.register.haveAccount')} <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </AuthSplitLayout>
  );
}
