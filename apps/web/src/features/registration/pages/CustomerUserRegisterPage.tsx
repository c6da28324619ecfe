import { PublicComingSoon } from '../../../components/PublicShell';

/** Registration of a customer's user (public, no login) — arrives with its module's issue. */
export default function CustomerUserRegisterPage() {
  return <PublicComingSoon titleKey="publicPages.customerUserRegister" />;
}
