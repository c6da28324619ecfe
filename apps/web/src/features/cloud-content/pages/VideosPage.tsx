import { TypeTabs } from '../components/TypeTabs';

/** Videos and tech videos. */
export default function VideosPage() {
  return <TypeTabs types={['video', 'tech_video']} />;
}
