/** @jsxRuntime automatic */
import { Fragment } from 'react';
import type { PublicRow } from '../../site.repository';
import { RichText } from '../parts';
import { words } from '../text';
import { dataOf, itemPath, pathOf, type SiteView } from '../view';

/** Technical videos the support page lists before its link to all of them. */
const SUPPORT_VIDEOS = 10;

/** Support: questions by type (with their icons), public manuals by folder, technical videos. */
export function SupportPage({
  v,
  faqGroups,
  manualFolders,
  techVideos,
}: {
  v: SiteView;
  faqGroups: ReadonlyArray<{ title: string; icon: string; rows: readonly PublicRow[] }>;
  manualFolders: ReadonlyArray<{ folder: string; rows: readonly PublicRow[] }>;
  techVideos: readonly PublicRow[];
}) {
  const w = words(v.locale);
  return (
    <>
      <h1>{w.support}</h1>
      <h2>{w.faq}</h2>
      {faqGroups.length === 0 ? <p>{w.noFaq}</p> : null}
      {faqGroups.map((g, i) => (
        <Fragment key={i}>
          <h3>
            {/* Lazy like every other image of the site (an eager one would also get a preload link in the head). */}
            {g.icon ? <img className="faq-icon" src={g.icon} alt="" width="18" height="18" loading="lazy" /> : null}
            {g.title}
          </h3>
          {g.rows.map((f) => (
            <details key={f.itemId} id={`faq-${f.itemId}`}>
              <summary>{f.title}</summary>
              <RichText body={dataOf(f).translation.body} />
            </details>
          ))}
        </Fragment>
      ))}
      <h2>{w.manuals}</h2>
      {manualFolders.length === 0 ? <p>{w.noDocuments}</p> : null}
      {manualFolders.map((f, i) => (
        <Fragment key={i}>
          <h3>{f.folder || w.manuals}</h3>
          <ul>
            {f.rows.map((r, j) => (
              <li key={j}>
                <a href={dataOf(r).shared.fileUrl ?? ''}>{r.title}</a>
                {dataOf(r).translation.summary ? ` — ${dataOf(r).translation.summary}` : null}
              </li>
            ))}
          </ul>
        </Fragment>
      ))}
      <h2>
        <a href={pathOf(v, v.locale, 'tech-videos')}>{w.techVideos}</a>
      </h2>
      {techVideos.length === 0 ? (
        <p>{w.noVideos}</p>
      ) : (
        <>
          <ul>
            {techVideos.slice(0, SUPPORT_VIDEOS).map((r, i) => (
              <li key={i}>
                <a href={itemPath(v, 'tech-videos', r)}>{r.title}</a>
              </li>
            ))}
          </ul>
          {techVideos.length > SUPPORT_VIDEOS ? (
            <p>
              <a href={pathOf(v, v.locale, 'tech-videos')}>{w.more}</a>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
