import { ComingSoon } from '../../../components/ComingSoon';

/** Release task detail — arrives with its module's issue. */
export default function CloudUpgradeDetailPage() {
  return <ComingSoon titleKey="menu.cloudUpgradeDetail" />;
}
