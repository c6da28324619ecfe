import { ComingSoon } from '../../../components/ComingSoon';

/** News — arrives with its module's issue. */
export default function NewsPage() {
  return <ComingSoon titleKey="menu.news" />;
}
