/** @jsxRuntime automatic */
import type { PublicRow } from '../../site.repository';
import { RichText } from '../parts';
import { fill, words } from '../text';
import { dataOf, type SiteView } from '../view';

/** Terms of service or the privacy policy: the brand's released text, else the built-in one. */
export function TermsPage({ v, type, title, row }: { v: SiteView; type: 'service' | 'privacy'; title: string; row?: PublicRow }) {
  const w = words(v.locale);
  return (
    <>
      <h1>{title}</h1>
      {row ? (
        <>
          <p className="muted">{fill(w.effective, { date: dataOf(row).shared.effectiveDate ?? '' })}</p>
          <RichText body={dataOf(row).translation.body} />
        </>
      ) : (
        <p>{type === 'service' ? w.builtInService : w.builtInPrivacy}</p>
      )}
    </>
  );
}
