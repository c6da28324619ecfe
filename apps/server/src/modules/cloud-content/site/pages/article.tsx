/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { CardGrid, RelatedProducts, RichText } from '../parts';
import { words } from '../text';
import { dataOf, type SiteView } from '../view';

/** News, solutions and, in a preview, any other item: title, date (news), summary, body, related products. */
export function ArticlePage({
  v,
  row,
  sectionName,
  sectionPath,
  date,
  related,
}: {
  v: SiteView;
  row: PublicRow;
  sectionName: string;
  sectionPath: string;
  /** The release date (YYYY-MM-DD) news shows, or ''. */
  date: string;
  related: readonly PublicRow[];
}) {
  const w = words(v.locale);
  const d = dataOf(row);
  return (
    <>
      <p>
        <a href={sectionPath}>{sectionName}</a>
      </p>
      <article>
        <h1>{row.title}</h1>
        {date ? (
          <p className="muted">
            <time dateTime={date}>{date}</time>
          </p>
        ) : null}
        {d.translation.summary ? <p>{d.translation.summary}</p> : null}
        <RichText body={d.translation.body} />
      </article>
      <RelatedProducts v={v} title={w.relatedProducts} rows={related} />
    </>
  );
}

/** The news, newest first. */
export function NewsListPage({ v, rows }: { v: SiteView; rows: readonly PublicRow[] }) {
  return (
    <>
      <h1>{words(v.locale).news}</h1>
      <CardGrid v={v} section="news" rows={rows} />
    </>
  );
}
