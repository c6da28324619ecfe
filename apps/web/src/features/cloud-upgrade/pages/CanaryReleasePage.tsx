import { ComingSoon } from '../../../components/ComingSoon';

/** Canary release wizard — arrives with its module's issue. */
export default function CanaryReleasePage() {
  return <ComingSoon titleKey="menu.canaryRelease" />;
}
