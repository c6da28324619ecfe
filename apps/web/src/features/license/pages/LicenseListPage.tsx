import { ComingSoon } from '../../../components/ComingSoon';

/** Licence list — arrives with its module's issue. */
export default function LicenseListPage() {
  return <ComingSoon titleKey="menu.licenseList" />;
}
