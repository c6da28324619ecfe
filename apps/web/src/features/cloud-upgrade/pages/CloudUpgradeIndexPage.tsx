import { ComingSoon } from '../../../components/ComingSoon';

/** Cloud firmware upgrade: packages and release tasks — arrives with its module's issue. */
export default function CloudUpgradeIndexPage() {
  return <ComingSoon titleKey="menu.cloudUpgradeIndex" />;
}
