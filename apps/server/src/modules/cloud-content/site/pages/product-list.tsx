/** @jsxRuntime automatic */
import { Fragment, type ReactNode } from 'react';
import type { ListedProduct } from '../../site.repository';
import { Counted, Pager, ProductCard, type CountedLink } from '../parts';
import { fill, words } from '../text';
import type { SiteView } from '../view';

/**
 * The product list: categories and parameter facets as GET links with counts (Back keeps the
 * state, no script), the sort, the products of this page with their compare links, the pager.
 */
export function ProductListPage(p: {
  v: SiteView;
  title: string;
  categories: readonly CountedLink[];
  /** Each facet with its values; a chosen value's link removes it. */
  facets: ReadonlyArray<{ key: string; name: string; values: readonly CountedLink[] }>;
  /** The list without any parameter filter, when some is chosen. */
  clearHref?: string;
  /** The orders; the current one has no link. */
  sorts: ReadonlyArray<{ key: string; label: string; href?: string }>;
  total: number;
  /** The comparison's link and size, when it holds some product. */
  compare?: { href: string; count: number };
  products: ReadonlyArray<{ product: ListedProduct; compareLink: ReactNode }>;
  pager: { page: number; prev?: string; next?: string };
}) {
  const { v } = p;
  const w = words(v.locale);
  return (
    <>
      <h1>{p.title}</h1>
      <div className="layout">
        <aside className="facets" aria-label={w.filters}>
          <h2>{w.categories}</h2>
          <ul>
            {p.categories.map((c, i) => (
              <li key={i}>
                <Counted link={c} />
              </li>
            ))}
          </ul>
          {p.facets.map((f) => (
            <Fragment key={f.key}>
              <h2>{f.name}</h2>
              <ul>
                {f.values.map((val, i) => (
                  <li key={i}>
                    <Counted link={val} prefix={val.current ? '✓ ' : ''} />
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
          {p.clearHref ? (
            <p>
              <a href={p.clearHref}>{w.clearFilters}</a>
            </p>
          ) : null}
        </aside>
        <section aria-label={w.products}>
          <p className="muted">
            {w.sortBy}{' '}
            {p.sorts.map((s, i) => (
              <Fragment key={s.key}>
                {i > 0 ? ' · ' : ''}
                {s.href ? <a href={s.href}>{s.label}</a> : <strong aria-current="true">{s.label}</strong>}
              </Fragment>
            ))}
          </p>
          <p className="muted" role="status">
            {fill(w.results, { n: p.total })}
            {p.compare ? (
              <>
                {' · '}
                <a href={p.compare.href}>{fill(w.compareCount, { n: p.compare.count })}</a>
              </>
            ) : null}
          </p>
          {p.products.length > 0 ? (
            <ul className="grid">
              {p.products.map((x, i) => (
                <ProductCard key={i} v={v} product={x.product} extra={x.compareLink} />
              ))}
            </ul>
          ) : (
            <p>{w.noResults}</p>
          )}
          <Pager v={v} {...p.pager} />
        </section>
      </div>
    </>
  );
}
