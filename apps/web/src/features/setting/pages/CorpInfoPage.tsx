import { ComingSoon } from '../../../components/ComingSoon';

/** Corporate information — arrives with its module's issue. */
export default function CorpInfoPage() {
  return <ComingSoon titleKey="menu.corpInfo" />;
}
