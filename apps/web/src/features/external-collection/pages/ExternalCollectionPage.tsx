import { ComingSoon } from '../../../components/ComingSoon';

/** Payee settings (external collection) — arrives with its module's issue. */
export default function ExternalCollectionPage() {
  return <ComingSoon titleKey="menu.externalCollection" />;
}
