import { ComingSoon } from '../../../components/ComingSoon';

/** NVR bit rate and receipt configuration — arrives with its module's issue. */
export default function ManageToolIndexPage() {
  return <ComingSoon titleKey="menu.manageToolIndex" />;
}
