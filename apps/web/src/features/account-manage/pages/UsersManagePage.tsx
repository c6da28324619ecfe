import { ComingSoon } from '../../../components/ComingSoon';

/** Users of the company — arrives with its module's issue. */
export default function UsersManagePage() {
  return <ComingSoon titleKey="menu.usersManage" />;
}
