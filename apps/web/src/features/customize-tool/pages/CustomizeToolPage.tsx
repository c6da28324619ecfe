import { ComingSoon } from '../../../components/ComingSoon';

/** Device customization tool — arrives with its module's issue. */
export default function CustomizeToolPage() {
  return <ComingSoon titleKey="menu.customizeTool" />;
}
