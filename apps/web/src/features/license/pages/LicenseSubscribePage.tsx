import { ComingSoon } from '../../../components/ComingSoon';

/** Licence subscriptions — arrives with its module's issue. */
export default function LicenseSubscribePage() {
  return <ComingSoon titleKey="menu.licenseSubscribe" />;
}
