/** @jsxRuntime automatic */
import { words } from '../text';
import { pathOf, type SiteView } from '../view';

/** The 404 page; a link home when the site is known. */
export function NotFoundPage({ v, home }: { v: SiteView; home: boolean }) {
  const w = words(v.locale);
  return (
    <>
      <h1>{w.notFound}</h1>
      <p>{w.notFoundText}</p>
      {home ? (
        <p>
          <a href={pathOf(v, v.locale)}>{w.backHome}</a>
        </p>
      ) : null}
    </>
  );
}
