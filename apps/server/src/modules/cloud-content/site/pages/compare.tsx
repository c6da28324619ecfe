/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { fill, words } from '../text';
import { dataOf, pathOf, type SiteView } from '../view';

/** Up to COMPARE_MAX products side by side: comparable parameters, differences only unless `showAll`. */
export function ComparePage({
  v,
  max,
  rows,
  lines,
  showAll,
  productsHref,
  removeHref,
  toggleHref,
}: {
  v: SiteView;
  max: number;
  rows: readonly PublicRow[];
  /** The parameter lines shown, each product's value as text ('—' for none). */
  lines: ReadonlyArray<{ name: string; cells: readonly string[]; differs: boolean }>;
  showAll: boolean;
  productsHref: string;
  /** The comparison without a product. */
  removeHref: (itemId: number) => string;
  /** The other view (all parameters or differences only). */
  toggleHref: string;
}) {
  const w = words(v.locale);
  if (rows.length === 0)
    return (
      <>
        <h1>{w.compareTitle}</h1>
        <p>{fill(w.compareEmpty, { max })}</p>
        <p>
          <a href={productsHref}>{w.products}</a>
        </p>
      </>
    );
  return (
    <>
      <h1>{w.compareTitle}</h1>
      <p>
        {showAll ? '' : `${w.differencesOnly} `}
        <a href={toggleHref}>{showAll ? w.showDifferences : w.showAll}</a> · <a href={productsHref}>{w.products}</a>
      </p>
      {!showAll && lines.length === 0 ? <p>{w.noDifferences}</p> : null}
      <table className="compare">
        <caption className="muted">{w.compareTitle}</caption>
        <thead>
          <tr>
            <th scope="col">{w.parameter}</th>
            {rows.map((r) => (
              <th key={r.itemId} scope="col">
                <a href={pathOf(v, v.locale, `products/${encodeURIComponent(r.slug)}`)} lang={r.locale === v.locale ? undefined : r.locale}>
                  {r.title}
                </a>
                <br />
                <a href={removeHref(r.itemId)} aria-label={fill(w.removeCompare, { name: r.title })}>
                  ✕
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{w.model}</th>
            {rows.map((r) => (
              <td key={r.itemId}>{dataOf(r).shared.model ?? ''}</td>
            ))}
          </tr>
          {lines.map((l, i) => (
            <tr key={i} className={l.differs ? 'diff' : undefined}>
              <th scope="row">{l.name}</th>
              {l.cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
