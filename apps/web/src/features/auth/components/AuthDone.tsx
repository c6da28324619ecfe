import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircleFilled } from '../../../components/lite/icons';

/** A finished step (registration sent, password changed): a success mark, what happened, and the way back to login. */
export function AuthDone({ title, text, testId }: { title: string; text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="portal-auth-done" role="status" data-testid={testId}>
      <CheckCircleFilled className="portal-auth-done-icon" aria-hidden />
      <h2 className="portal-login-title">{title}</h2>
      <p className="portal-text-secondary">{text}</p>
      <Link className="portal-btn portal-btn-primary portal-btn-large" to="/login">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
