import { ComingSoon } from '../../../components/ComingSoon';

/** Operation documents — arrives with its module's issue. */
export default function DocumentPage() {
  return <ComingSoon titleKey="menu.document" />;
}
