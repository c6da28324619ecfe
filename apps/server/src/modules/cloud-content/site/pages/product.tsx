/** @jsxRuntime automatic */
import type { ReactNode } from 'react';
import type { PublicRow } from '../../site.repository';
import { RelatedProducts, RichText } from '../parts';
import { fill, words } from '../text';
import { dataOf, pathOf, type SiteView } from '../view';

/** A product's parameters as shown: by group (in the groups' order, ungrouped last). */
export type SpecGroup = { name?: string; rows: ReadonlyArray<{ name: string; value: string }> };

/**
 * A product's page; `fallback`: shown from its en-US translation, the English text says it is
 * English and the page says so.
 */
export function ProductPage({
  v,
  row,
  fallback,
  compareLink,
  specs,
  successor,
  manuals,
  related,
}: {
  v: SiteView;
  row: PublicRow;
  fallback: boolean;
  compareLink: ReactNode;
  specs: readonly SpecGroup[];
  successor?: PublicRow;
  manuals: readonly PublicRow[];
  related: readonly PublicRow[];
}) {
  const w = words(v.locale);
  const d = dataOf(row);
  const lang = fallback ? 'en-US' : undefined;
  return (
    <>
      <p>
        <a href={pathOf(v, v.locale, 'products')}>{w.products}</a>
      </p>
      <h1 lang={lang}>{row.title}</h1>
      {fallback ? (
        <p className="notice">
          <span className="tag">{w.shownInEnglish}</span> {w.fallbackNote}
        </p>
      ) : null}
      {d.shared.discontinued ? (
        <p className="notice">
          {w.discontinued}
          {successor ? (
            <>
              {' '}
              <a href={pathOf(v, v.locale, `products/${encodeURIComponent(successor.slug)}`)}>
                {fill(w.successor, { name: successor.title })}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="muted">
        {w.model}: {d.shared.model ?? ''}
      </p>
      {d.translation.summary ? <p lang={lang}>{d.translation.summary}</p> : null}
      {compareLink}
      <RichText body={d.translation.body} lang={lang} />
      {specs.length > 0 ? (
        <>
          <h2>{w.specifications}</h2>
          {/* One table per parameter group, named by its caption (a spanning first row would be a fake caption). */}
          {specs.map((g, i) => (
            <table key={i} className="specs">
              {g.name !== undefined ? <caption>{g.name}</caption> : null}
              <tbody>
                {g.rows.map((r, j) => (
                  <tr key={j}>
                    <th scope="row">{r.name}</th>
                    <td>{r.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </>
      ) : null}
      {manuals.length > 0 ? (
        <>
          <h2>{w.manuals}</h2>
          <ul>
            {manuals.map((m, i) => (
              <li key={i}>
                <a href={dataOf(m).shared.fileUrl ?? ''}>{m.title}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <RelatedProducts v={v} title={w.related} rows={related} />
    </>
  );
}
