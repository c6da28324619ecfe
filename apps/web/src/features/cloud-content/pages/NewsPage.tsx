import { TypeTabs } from '../components/TypeTabs';

/** News. */
export default function NewsPage() {
  return <TypeTabs types={['news']} />;
}
