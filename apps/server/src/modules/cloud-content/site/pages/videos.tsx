/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { CardGrid, RelatedProducts, RichText } from '../parts';
import { fill, words } from '../text';
import { dataOf, type SiteView } from '../view';

/** Videos or technical videos, with a link to the other list. */
export function VideoListPage({
  v,
  title,
  section,
  other,
  rows,
}: {
  v: SiteView;
  title: string;
  section: string;
  other: { href: string; title: string };
  rows: readonly PublicRow[];
}) {
  const w = words(v.locale);
  return (
    <>
      <h1>{title}</h1>
      <p>
        <a href={other.href}>{other.title}</a>
      </p>
      {rows.length > 0 ? <CardGrid v={v} section={section} rows={rows} /> : <p>{w.noVideos}</p>}
    </>
  );
}

/** Where a video plays: a provider's player in a frame, or a file. */
export type Embed = { kind: 'iframe' | 'video'; src: string };

/**
 * A video's page. The player is click-to-load: until the visitor follows the play link
 * (`playHref`, a plain GET) the page holds no third-party frame or script, only the cover and a
 * direct link to the video.
 */
export function VideoPage({
  v,
  row,
  listTitle,
  listPath,
  embed,
  playing,
  playHref,
  related,
}: {
  v: SiteView;
  row: PublicRow;
  listTitle: string;
  listPath: string;
  embed: Embed | null;
  playing: boolean;
  playHref: string;
  related: readonly PublicRow[];
}) {
  const w = words(v.locale);
  const d = dataOf(row);
  const videoUrl = d.shared.videoUrl ?? '';
  const cover = d.shared.cover ? <img src={d.shared.cover} alt="" width="820" height="461" loading="lazy" /> : null;
  let player;
  if (playing && embed?.kind === 'iframe')
    player = (
      <iframe
        src={embed.src}
        title={row.title}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      ></iframe>
    );
  else if (playing && embed)
    player = <video src={embed.src} controls autoPlay preload="metadata" poster={d.shared.cover || undefined}></video>;
  else if (embed)
    player = (
      <>
        {cover}
        <p>
          <a className="button" href={playHref}>
            ▶ {fill(w.play, { title: row.title })}
          </a>
        </p>
        <p className="muted">{w.videoNote}</p>
      </>
    );
  else player = cover;
  return (
    <>
      <p>
        <a href={listPath}>{listTitle}</a>
      </p>
      <h1>{row.title}</h1>
      <div className="video">{player}</div>
      {videoUrl ? (
        <p>
          <a href={videoUrl} rel="noopener">
            {w.openVideo}
          </a>
        </p>
      ) : null}
      {d.translation.summary ? <p>{d.translation.summary}</p> : null}
      <RichText body={d.translation.body} />
      <RelatedProducts v={v} title={w.related} rows={related} />
    </>
  );
}
