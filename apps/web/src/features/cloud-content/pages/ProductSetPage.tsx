import { ComingSoon } from '../../../components/ComingSoon';

/** Product set — arrives with its module's issue. */
export default function ProductSetPage() {
  return <ComingSoon titleKey="menu.productSet" />;
}
