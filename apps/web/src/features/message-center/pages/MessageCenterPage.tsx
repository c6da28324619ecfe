import { ComingSoon } from '../../../components/ComingSoon';

/** Message centre — arrives with its module's issue. */
export default function MessageCenterPage() {
  return <ComingSoon titleKey="menu.messageCenter" />;
}
