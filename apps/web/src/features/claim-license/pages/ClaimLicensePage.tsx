import { PublicComingSoon } from '../../../components/PublicShell';

/** Licence claiming (public, no login) — arrives with its module's issue. */
export default function ClaimLicensePage() {
  return <PublicComingSoon titleKey="publicPages.claimLicense" />;
}
