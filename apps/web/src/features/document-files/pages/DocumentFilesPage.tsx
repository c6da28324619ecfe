import { PublicComingSoon } from '../../../components/PublicShell';

/** Shared document files (public, no login) — arrives with its module's issue. */
export default function DocumentFilesPage() {
  return <PublicComingSoon titleKey="publicPages.documentFiles" />;
}
