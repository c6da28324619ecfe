import { useParams } from 'react-router';
import { InviteRegistration } from '../components/InviteRegistration';

/** Registration of an invited sub-customer company (public): /customer/sub-company-register/{inviteId}/{sign}. */
export default function SubCompanyRegisterPage() {
  const { inviteId = '', sign = '' } = useParams();
  return <InviteRegistration kind="subCustomer" inviteId={Number(inviteId)} sign={sign} />;
}
