import { type FindPasswordFormValues, findPasswordFormIssues } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/lite/Button';
import { findPassword } from '../api/register';
import { AuthDone } from '../components/AuthDone';
import { AuthSplitLayout } from '../components/AuthSplitLayout';
import { EmailCodeFields, withImageCodeRule } from '../components/EmailCodeFields';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useCheckedForm } from '../components/use-checked-form';

const INITIAL: FindPasswordFormValues = { email: '', imageCode: '', emailCode: '', password: '', confirmPassword: '' };
const FIELD_IDS: Record<keyof FindPasswordFormValues, string> = {
  email: 'findPassword-email',
  imageCode: 'findPassword-image-code',
  emailCode: 'findPassword-email-code',
  password: 'findPassword-password',
  confirmPassword: 'findPassword-confirm-password',
};

const findIssues = withImageCodeRule(findPasswordFormIssues);

/** Set a new password with a code e-mailed to the account's address (antd-free, in the login page's frame). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useCheckedForm(INITIAL, findIssues, FIELD_IDS);
  const { values, change, issueText } = form;
  const [done, setDone] = useState(false);

  const onSubmit = form.submit(async (v) => {
    await findPassword({ email: v.email, emailCode: v.emailCode, password: v.password, confirmPassword: v.confirmPassword });
    setDone(true);
  });

  return (
    <AuthSplitLayout titleKey="auth.forgot.title">
      {done ? (
        <AuthDone title={t('auth.forgot.successTitle')} text={t('auth.forgot.successText')} testId="forgot-done" />
      ) : (
        <>
          <h2 className="portal-login-title">{t('auth.forgot.title')}</h2>
          <p className="portal-text-secondary portal-login-subtitle">{t('auth.forgot.subtitle')}</p>
          <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="forgot-form" className="portal-auth-form">
            <EmailCodeFields
              purpose="findPassword"
              values={values}
              onChange={change}
              issueText={issueText}
              onIssues={form.report}
              onImageCodeUsed={() => form.reset('imageCode', '')}
            />
            <NewPasswordFields
              idPrefix="findPassword"
              labelKey="auth.newPassword"
              values={values}
              onChange={change}
              issueText={issueText}
            />
            <Button type="submit" variant="primary" size="large" block loading={form.pending} data-testid="forgot-submit">
              {t('auth.forgot.submit')}
            </Button>
          </form>
          <p className="portal-text-secondary portal-login-register">
            <Link to="/login">{t('auth.backToLogin')}</Link>
          </p>
        </>
      )}
    </AuthSplitLayout>
  );
}
