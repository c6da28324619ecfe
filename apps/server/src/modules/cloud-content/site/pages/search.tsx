/** @jsxRuntime automatic */
import { Fragment } from 'react';
import type { PublicRow } from '../../site.repository';
import { Pager, Tabs, type CountedLink } from '../parts';
import { fill, words } from '../text';
import { dataOf, type SiteView } from '../view';

/** A search hit: its row, where it leads, and whether it is a product found by its en-US translation. */
export interface SearchHit {
  row: PublicRow;
  href: string;
  fallback: boolean;
}

function Hit({ v, hit }: { v: SiteView; hit: SearchHit }) {
  const w = words(v.locale);
  const d = dataOf(hit.row);
  const lang = hit.fallback ? 'en-US' : undefined;
  return (
    <li>
      <a href={hit.href} lang={lang}>
        {hit.row.title}
      </a>
      {d.shared.model ? (
        <>
          {' '}
          <span className="muted">{d.shared.model}</span>
        </>
      ) : null}
      {hit.fallback ? (
        <>
          {' '}
          <span className="tag">{w.shownInEnglish}</span>
        </>
      ) : null}
      {d.translation.summary ? (
        <>
          <br />
          <span className="muted" lang={lang}>
            {d.translation.summary}
          </span>
        </>
      ) : null}
    </li>
  );
}

/**
 * Search: hits grouped by type with counts, each group a GET link (`groups`: the first hits of each
 * type, with a link to all of them; or `one`: a page of one type's hits).
 */
export function SearchPage({
  v,
  title,
  q,
  total,
  tabs,
  groups,
  one,
}: {
  v: SiteView;
  title: string;
  q: string;
  total: number;
  tabs: readonly CountedLink[];
  groups: ReadonlyArray<{ type: string; label: string; count: number; hits: readonly SearchHit[]; moreHref?: string }>;
  one?: { label: string; count: number; hits: readonly SearchHit[]; pager: { page: number; prev?: string; next?: string } };
}) {
  const w = words(v.locale);
  let body;
  if (!q) body = <p>{w.searchEmpty}</p>;
  else if (total === 0) body = <p role="status">{fill(w.searchNone, { q })}</p>;
  else
    body = (
      <>
        <p className="muted" role="status">
          {fill(w.searchCount, { n: total })}
        </p>
        <Tabs label={w.filters} links={tabs} />
        {one ? (
          <>
            <h2>
              {one.label} ({one.count})
            </h2>
            <ul>
              {one.hits.map((h, i) => (
                <Hit key={i} v={v} hit={h} />
              ))}
            </ul>
            <Pager v={v} {...one.pager} />
          </>
        ) : (
          groups.map((g) => (
            <Fragment key={g.type}>
              <h2>
                {g.label} ({g.count})
              </h2>
              <ul>
                {g.hits.map((h, i) => (
                  <Hit key={i} v={v} hit={h} />
                ))}
              </ul>
              {g.moreHref ? (
                <p>
                  <a href={g.moreHref}>{fill(w.moreOf, { type: g.label })}</a>
                </p>
              ) : null}
            </Fragment>
          ))
        )}
      </>
    );
  return (
    <>
      <h1>{title}</h1>
      {body}
    </>
  );
}
