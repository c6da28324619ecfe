import { useParams } from 'react-router';
import { InviteRegistration } from '../components/InviteRegistration';

/** Registration of an invited installer or dealer company (public): /customer/company-register/{inviteId}/{sign}. */
export default function CompanyRegisterPage() {
  const { inviteId = '', sign = '' } = useParams();
  return <InviteRegistration kind="company" inviteId={Number(inviteId)} sign={sign} />;
}
