import { PublicComingSoon } from '../../../components/PublicShell';

/** Remote access sign-in (public, no login) — arrives with its module's issue. */
export default function RemoteAccessLoginPage() {
  return <PublicComingSoon titleKey="publicPages.remoteLogin" />;
}
