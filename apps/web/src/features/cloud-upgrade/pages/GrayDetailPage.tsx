import { ComingSoon } from '../../../components/ComingSoon';

/** Gray (canary) release detail — arrives with its module's issue. */
export default function GrayDetailPage() {
  return <ComingSoon titleKey="menu.grayDetail" />;
}
