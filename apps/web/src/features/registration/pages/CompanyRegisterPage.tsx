import { PublicComingSoon } from '../../../components/PublicShell';

/** Registration of an invited company (public, no login) — arrives with its module's issue. */
export default function CompanyRegisterPage() {
  return <PublicComingSoon titleKey="publicPages.companyRegister" />;
}
