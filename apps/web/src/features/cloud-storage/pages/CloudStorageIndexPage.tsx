import { ComingSoon } from '../../../components/ComingSoon';

/** Cloud storage goods and orders — arrives with its module's issue. */
export default function CloudStorageIndexPage() {
  return <ComingSoon titleKey="menu.cloudStorageIndex" />;
}
