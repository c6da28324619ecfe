import { TypeTabs } from '../components/TypeTabs';

/** Solutions and their categories. */
export default function SolutionPage() {
  return <TypeTabs types={['solution', 'solution_category']} />;
}
