import { ComingSoon } from '../../../components/ComingSoon';

/** Solutions — arrives with its module's issue. */
export default function SolutionPage() {
  return <ComingSoon titleKey="menu.solution" />;
}
