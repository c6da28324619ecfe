import { TypeTabs } from '../components/TypeTabs';

/** Manuals (file manual): folders, public or signed-in only. */
export default function DocumentPage() {
  return <TypeTabs types={['manual']} />;
}
