/** @jsxRuntime automatic */
/** The pieces several pages of the public site share: cards, the compare link, the pager, rich text. */
import type { ReactNode } from 'react';
import { renderRichText } from '../rich-text';
import type { ListedProduct, PublicRow } from '../site.repository';
import { fill, words } from './text';
import { dataOf, itemPath, pathOf, type SiteView } from './view';

/**
 * A body (a Tiptap document checked on save, or a legacy HTML string) as HTML: the static renderer
 * escapes its text and the sanitizer its legacy markup, so it is the one HTML put in unescaped.
 */
export function RichText({ body, lang }: { body: unknown; lang?: string }) {
  return <div className="body" lang={lang} dangerouslySetInnerHTML={{ __html: renderRichText(body) }} />;
}

/** A tag after a title: " <span class="tag">…</span>". */
function Tag({ children }: { children: ReactNode }) {
  return (
    <>
      {' '}
      <span className="tag">{children}</span>
    </>
  );
}

/** An item as a card; `fallback`: a product shown from its en-US translation, labelled and marked as English. */
export function Card({
  v,
  section,
  row,
  extra,
  fallback = false,
}: {
  v: SiteView;
  section: string;
  row: PublicRow;
  extra?: ReactNode;
  fallback?: boolean;
}) {
  const d = dataOf(row);
  const w = words(v.locale);
  const lang = fallback ? 'en-US' : undefined;
  return (
    <li className="card">
      <h3>
        <a href={itemPath(v, section, row)} lang={lang}>
          {row.title}
        </a>
        {d.shared.discontinued ? <Tag>{w.discontinuedTag}</Tag> : null}
        {fallback ? <Tag>{w.shownInEnglish}</Tag> : null}
      </h3>
      {d.shared.model ? <p>{d.shared.model}</p> : null}
      {d.translation.summary ? <p lang={lang}>{d.translation.summary}</p> : null}
      {extra}
    </li>
  );
}

/** A product of the list's index as a card. */
export function ProductCard({ v, product: p, extra }: { v: SiteView; product: ListedProduct; extra?: ReactNode }) {
  const w = words(v.locale);
  // A product listed from its en-US translation says so, and marks its English text as English.
  const lang = p.fallback ? 'en-US' : undefined;
  return (
    <li className="card">
      <h3>
        <a href={pathOf(v, v.locale, `products/${encodeURIComponent(p.slug)}`)} lang={lang}>
          {p.title}
        </a>
        {p.discontinued ? <Tag>{w.discontinuedTag}</Tag> : null}
        {p.fallback ? <Tag>{w.shownInEnglish}</Tag> : null}
      </h3>
      {p.model ? <p>{p.model}</p> : null}
      {p.summary ? <p lang={lang}>{p.summary}</p> : null}
      {extra}
    </li>
  );
}

/** Cards of released rows in a grid. */
export function CardGrid({ v, section, rows }: { v: SiteView; section: string; rows: readonly PublicRow[] }) {
  return (
    <ul className="grid">
      {rows.map((r, i) => (
        <Card key={i} v={v} section={section} row={r} />
      ))}
    </ul>
  );
}

/**
 * The compare link of a product card or page: add it (`addHref`), or say it is in already
 * (`inHref`); none when the comparison is full.
 */
/** The products an item names, under a heading of their own; nothing when it names none. */
export function RelatedProducts({ v, title, rows }: { v: SiteView; title: string; rows: readonly PublicRow[] }) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2>{title}</h2>
      <CardGrid v={v} section="products" rows={rows} />
    </>
  );
}

export function CompareLink({ v, name, inHref, addHref }: { v: SiteView; name: string; inHref?: string; addHref?: string }) {
  const w = words(v.locale);
  if (inHref)
    return (
      <p>
        <a href={inHref}>{w.inCompare}</a>
      </p>
    );
  if (!addHref) return null;
  return (
    <p>
      <a href={addHref} aria-label={`${w.addCompare}: ${name}`}>
        {w.addCompare}
      </a>
    </p>
  );
}

/** Previous and next page links (`undefined`: none that way), when there is more than one page. */
export function Pager({ v, page, prev, next }: { v: SiteView; page: number; prev?: string; next?: string }) {
  const w = words(v.locale);
  if (!prev && !next) return null;
  return (
    <nav className="pager" aria-label={fill(w.page, { n: page })}>
      {prev ? <a href={prev}>{w.previous}</a> : null}
      {next ? <a href={next}>{w.next}</a> : null}
    </nav>
  );
}

/** A GET link of a list's facets or tabs: its address, whether it is the current choice, its label and count. */
export interface CountedLink {
  href: string;
  current: boolean;
  label: string;
  count: number;
}

/** "label (count)" as a link, marked when it is the current choice. */
export function Counted({ link, prefix = '' }: { link: CountedLink; prefix?: string }) {
  return (
    <a href={link.href} aria-current={link.current ? 'true' : undefined}>
      {prefix}
      {link.label} ({link.count})
    </a>
  );
}

/** Tabs of a list (solution categories, search result types): GET links with counts. */
export function Tabs({ label, links }: { label: string; links: readonly CountedLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {links.map((l, i) => (
          <li key={i}>
            <Counted link={l} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
