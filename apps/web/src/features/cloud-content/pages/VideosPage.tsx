import { ComingSoon } from '../../../components/ComingSoon';

/** Videos — arrives with its module's issue. */
export default function VideosPage() {
  return <ComingSoon titleKey="menu.videos" />;
}
