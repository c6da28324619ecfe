import { ComingSoon } from '../../../components/ComingSoon';

/** Device password reset tool — arrives with its module's issue. */
export default function PasswordResetPage() {
  return <ComingSoon titleKey="menu.passwordReset" />;
}
