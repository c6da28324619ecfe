/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { CardGrid, Tabs, type CountedLink } from '../parts';
import { words } from '../text';
import type { SiteView } from '../view';

/** The solutions: a tab per category (GET links with counts), then the solutions of the chosen one. */
export function SolutionListPage({
  v,
  title,
  tabs,
  rows,
}: {
  v: SiteView;
  title: string;
  tabs: readonly CountedLink[];
  rows: readonly PublicRow[];
}) {
  const w = words(v.locale);
  return (
    <>
      <h1>{title}</h1>
      <Tabs label={w.categories} links={tabs} />
      {rows.length > 0 ? <CardGrid v={v} section="solutions" rows={rows} /> : <p>{w.noSolutions}</p>}
    </>
  );
}
