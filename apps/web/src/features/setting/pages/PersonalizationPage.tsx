import { ComingSoon } from '../../../components/ComingSoon';

/** Personalization — arrives with its module's issue. */
export default function PersonalizationPage() {
  return <ComingSoon titleKey="menu.personalization" />;
}
