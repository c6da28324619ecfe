/** @jsxRuntime automatic */
/**
 * The page around every page of the public site: a light, accessible layout (landmarks, one h1,
 * labelled navigation, visible focus), canonical and hreflang links, Open Graph, JSON-LD with `<`
 * escaped, and the footer's country choice. No client script: links and GET forms only.
 */
import type { Locale } from '@portal/contract';
import type { ReactNode } from 'react';
import { SITE_LOCALES, words } from './text';
import { countryName, jsonLdText, OTHER_COUNTRY, pathOf, SEARCH_MAX_LENGTH, type PageMeta, type SiteView } from './view';

const CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2328;background:#fff}
a{color:#0b57d0}a:focus-visible,button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.wrap{max-width:1120px;margin:0 auto;padding:0 20px}
header{border-bottom:1px solid #d0d7de;background:#f6f8fa}header .wrap{display:flex;flex-wrap:wrap;align-items:center;gap:8px 24px;padding-top:12px;padding-bottom:12px}
.brand{font-weight:700;font-size:20px;color:#1f2328;text-decoration:none}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 18px}
nav a{text-decoration:none;font-weight:500}nav a[aria-current]{text-decoration:underline}
.langs{margin-left:auto;display:flex;gap:12px}
main{padding:24px 0 48px}h1{font-size:30px;line-height:1.25;margin:0 0 16px}h2{font-size:22px;margin:28px 0 12px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;list-style:none;padding:0;margin:0}
.card{border:1px solid #d0d7de;border-radius:8px;padding:16px;height:100%}.card h3{font-size:17px;margin:0 0 6px}.card p{margin:0;color:#57606a;font-size:14px}
.muted{color:#57606a}.tag{display:inline-block;font-size:13px;border:1px solid #bf8700;color:#7d4e00;border-radius:4px;padding:0 6px}
.layout{display:grid;grid-template-columns:240px 1fr;gap:28px}@media (max-width:760px){.layout{grid-template-columns:1fr}}
.facets h2{font-size:16px;margin:16px 0 6px}.facets ul{list-style:none;padding:0;margin:0}.facets li{margin:2px 0}.facets a[aria-current]{font-weight:700}
table{border-collapse:collapse;width:100%;max-width:720px}th,td{border:1px solid #d0d7de;padding:6px 10px;text-align:left;vertical-align:top}th{background:#f6f8fa;width:40%;font-weight:600}
.specs{margin:0 0 16px}.specs caption{text-align:left;font-weight:600;padding:4px 0}
.notice{border:1px solid #bf8700;background:#fff8c5;padding:10px 14px;border-radius:6px;margin:0 0 16px}
.banner{border-radius:8px;background:#0b57d0;color:#fff;padding:28px}.banner a{color:#fff}
.pager{display:flex;gap:16px;margin-top:20px}
footer{border-top:1px solid #d0d7de;padding:20px 0;color:#57606a;font-size:14px}footer ul{list-style:none;padding:0;margin:0;display:flex;gap:18px;flex-wrap:wrap}
.body img{max-width:100%;height:auto}
.country{margin:12px 0}.country select{font:inherit;padding:2px 6px;border:1px solid #6e7781;border-radius:6px}.country button{font:inherit;padding:2px 10px;border:1px solid #0b57d0;border-radius:6px;background:#fff;color:#0b57d0;cursor:pointer}
.search{display:flex;gap:6px;align-items:center}.search label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.search input{font:inherit;padding:4px 8px;border:1px solid #6e7781;border-radius:6px;width:200px}.search button,.button{font:inherit;padding:4px 12px;border:1px solid #0b57d0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
.compare td,.compare th{width:auto}.compare .diff td{background:#fff8c5}.faq-icon{width:18px;height:18px;vertical-align:-3px;margin-right:6px}
.video{position:relative;max-width:820px}.video img{width:100%;height:auto;display:block;border-radius:8px}.video iframe,.video video{width:100%;aspect-ratio:16/9;border:0;border-radius:8px}
.tabs{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 18px}.tabs a[aria-current]{font-weight:700}
details{border-bottom:1px solid #d0d7de;padding:8px 0}summary{cursor:pointer;font-weight:600}
`;

const NAV = [
  ['home', ''],
  ['products', 'products'],
  ['solutions', 'solutions'],
  ['news', 'news'],
  ['videos', 'videos'],
  ['support', 'support'],
] as const;

/** Structured data; the JSON is escaped so that no `<` in it can close the element. */
export function JsonLd({ value }: { value: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />;
}

/**
 * The footer's country choice: a GET form (no script) to <locale>/country, which keeps the choice in
 * a cookie and returns to this page. Shown only when some category is limited to some countries.
 */
function CountryChooser({ v }: { v: SiteView }) {
  const choices = v.countryChoices ?? [];
  if (choices.length === 0) return null;
  const w = words(v.locale);
  const named = [...choices].map((c) => [c, countryName(c, v.locale)] as const).sort((a, b) => a[1].localeCompare(b[1], v.locale));
  return (
    <form className="country" method="get" action={pathOf(v, v.locale, 'country')}>
      <label htmlFor="site-country">{w.country}</label>{' '}
      <select id="site-country" name="c" defaultValue={v.country ?? ''}>
        <option value="">{w.anyCountry}</option>
        {named.map(([c, name]) => (
          <option key={c} value={c}>
            {name}
          </option>
        ))}
        <option value={OTHER_COUNTRY}>{w.otherCountry}</option>
      </select>
      <input type="hidden" name="back" value={v.here ?? pathOf(v, v.locale)} /> <button type="submit">{w.apply}</button>
    </form>
  );
}

export function Layout({ v, meta, current, children }: { v: SiteView; meta: PageMeta; current: string; children: ReactNode }) {
  const w = words(v.locale);
  const alt = Object.entries(meta.alternates) as Array<[Locale, string]>;
  const xDefault = meta.alternates['en-US'] ?? alt[0]?.[1];
  const abs = (p: string) => (/^https?:\/\//i.test(p) ? p : `${v.origin}${p}`);
  const canonical = abs(meta.canonical ?? meta.path);
  return (
    <html lang={v.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No favicon of its own: say so, rather than have every browser ask /favicon.ico for a 404. */}
        <link rel="icon" href="data:," />
        <title>{meta.title}</title>
        {meta.description ? <meta name="description" content={meta.description} /> : null}
        {meta.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={canonical} />
        {alt.map(([l, p]) => (
          <link key={l} rel="alternate" hrefLang={l} href={abs(p)} />
        ))}
        {xDefault ? <link rel="alternate" hrefLang="x-default" href={abs(xDefault)} /> : null}
        <meta property="og:title" content={meta.title} />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        {meta.description ? <meta property="og:description" content={meta.description} /> : null}
        {meta.ogImage ? <meta property="og:image" content={abs(meta.ogImage)} /> : null}
        <meta property="og:site_name" content={v.siteName} />
        <meta property="og:url" content={canonical} />
        <meta property="og:locale" content={v.locale.replace('-', '_')} />
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
        {(meta.jsonLd ?? []).map((value, i) => (
          <JsonLd key={i} value={value} />
        ))}
      </head>
      <body>
        <header>
          <div className="wrap">
            <a className="brand" href={pathOf(v, v.locale)}>
              {v.siteName}
            </a>
            <nav aria-label={w.mainNav}>
              <ul>
                {NAV.map(([k, p]) => (
                  <li key={k}>
                    <a href={pathOf(v, v.locale, p)} aria-current={current === k ? 'page' : undefined}>
                      {w[k]}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <form className="search" role="search" method="get" action={pathOf(v, v.locale, 'search')}>
              <label htmlFor="site-q">{w.searchLabel}</label>
              <input
                id="site-q"
                type="search"
                name="q"
                maxLength={SEARCH_MAX_LENGTH}
                defaultValue={meta.query ?? ''}
                placeholder={w.searchPlaceholder}
              />
              <button type="submit">{w.search}</button>
            </form>
            <div className="langs" role="group" aria-label={w.language}>
              {SITE_LOCALES.map((l) => {
                const label = l === 'en-US' ? 'English' : '简体中文';
                return l === v.locale ? (
                  <span key={l} aria-current="true" lang={l}>
                    {label}
                  </span>
                ) : (
                  <a key={l} href={meta.alternates[l] ?? pathOf(v, l)} hrefLang={l} lang={l}>
                    {label}
                  </a>
                );
              })}
            </div>
          </div>
        </header>
        <main id="main">
          <div className="wrap">
            {meta.preview ? (
              <p className="notice" role="status">
                {w.preview}
              </p>
            ) : null}
            {children}
          </div>
        </main>
        <footer>
          <div className="wrap">
            <ul>
              <li>
                <a href={pathOf(v, v.locale, 'terms/service')}>{w.service}</a>
              </li>
              <li>
                <a href={pathOf(v, v.locale, 'terms/privacy')}>{w.privacy}</a>
              </li>
            </ul>
            <CountryChooser v={v} />
            <p>© {v.siteName}</p>
          </div>
        </footer>
      </body>
    </html>
  );
}
