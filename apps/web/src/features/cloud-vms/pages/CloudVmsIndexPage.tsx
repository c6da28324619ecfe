import { ComingSoon } from '../../../components/ComingSoon';

/** Cloud VMS licences — arrives with its module's issue. */
export default function CloudVmsIndexPage() {
  return <ComingSoon titleKey="menu.cloudVMSIndex" />;
}
