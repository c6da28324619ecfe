import { ComingSoon } from '../../../components/ComingSoon';

/** Content site overview — arrives with its module's issue. */
export default function CloudIndexPage() {
  return <ComingSoon titleKey="menu.cloudIndex" />;
}
