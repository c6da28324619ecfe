import { ComingSoon } from '../../../components/ComingSoon';

/** Downstream companies and invitations — arrives with its module's issue. */
export default function DownstreamCompanyPage() {
  return <ComingSoon titleKey="menu.downstreamCompany" />;
}
