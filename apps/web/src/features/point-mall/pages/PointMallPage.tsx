import { ComingSoon } from '../../../components/ComingSoon';

/** Points mall — arrives with its module's issue. */
export default function PointMallPage() {
  return <ComingSoon titleKey="menu.pointMall" />;
}
