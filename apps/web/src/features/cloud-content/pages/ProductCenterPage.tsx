import { ComingSoon } from '../../../components/ComingSoon';

/** Product centre — arrives with its module's issue. */
export default function ProductCenterPage() {
  return <ComingSoon titleKey="menu.productCenter" />;
}
