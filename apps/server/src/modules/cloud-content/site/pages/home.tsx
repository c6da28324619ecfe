/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { Card, CardGrid } from '../parts';
import { fill, words } from '../text';
import { dataOf, type SiteView } from '../view';

/** The home page: banners, featured products and solutions, latest news. */
export function HomePage({
  v,
  banners,
  products,
  hotSolutions,
  news,
}: {
  v: SiteView;
  banners: readonly PublicRow[];
  products: ReadonlyArray<{ row: PublicRow; fallback: boolean }>;
  hotSolutions: readonly PublicRow[];
  news: readonly PublicRow[];
}) {
  const w = words(v.locale);
  return (
    <>
      <h1>{v.siteName}</h1>
      {banners.map((b, i) => {
        const d = dataOf(b);
        return (
          <section key={i} className="banner" aria-label={b.title}>
            <h2>{b.title}</h2>
            {d.translation.summary ? <p>{d.translation.summary}</p> : null}
            {/* The link says where it leads (a bare "More" tells a screen reader's link list nothing). */}
            {d.shared.link ? (
              <p>
                <a href={d.shared.link}>{fill(w.moreAbout, { title: b.title })}</a>
              </p>
            ) : null}
          </section>
        );
      })}
      <h2>{w.hotProducts}</h2>
      <ul className="grid">
        {products.map((p, i) => (
          <Card key={i} v={v} section="products" row={p.row} fallback={p.fallback} />
        ))}
      </ul>
      {hotSolutions.length > 0 ? (
        <>
          <h2>{w.hotSolutions}</h2>
          <CardGrid v={v} section="solutions" rows={hotSolutions} />
        </>
      ) : null}
      <h2>{w.latestNews}</h2>
      <CardGrid v={v} section="news" rows={news} />
    </>
  );
}
