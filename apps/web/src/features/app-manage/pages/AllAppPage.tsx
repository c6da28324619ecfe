import { ComingSoon } from '../../../components/ComingSoon';

/** Applications — arrives with its module's issue. */
export default function AllAppPage() {
  return <ComingSoon titleKey="menu.allApp" />;
}
