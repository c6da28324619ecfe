import { PublicComingSoon } from '../../../components/PublicShell';

/** Registration of an invited sub-customer company (public, no login) — arrives with its module's issue. */
export default function SubCompanyRegisterPage() {
  return <PublicComingSoon titleKey="publicPages.subCompanyRegister" />;
}
