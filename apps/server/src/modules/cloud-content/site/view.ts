/**
 * What every page of the public site is rendered from: who it is for (SiteView), what its head says
 * (PageMeta), and the small helpers the routes and the components share.
 */
import type { Locale } from '@portal/contract';
import type { RevisionData } from '../content.rules';
import type { PublicRow } from '../site.repository';

export interface SiteView {
  siteName: string;
  locale: Locale;
  /** '' at a site domain's root, '/site/<slug>' on a portal host. */
  base: string;
  origin: string;
  /**
   * The visitor's country as the page was rendered for (issue 14 §8): '' unknown (nothing hidden),
   * a code some category names, or OTHER_COUNTRY (every country-limited category hidden).
   */
  country?: string;
  /** The countries the site's categories are limited to (the footer's choices; none: no chooser). */
  countryChoices?: readonly string[];
  /** The address the footer's country choice returns to (this page, with its query). */
  here?: string;
  /** Product categories this visitor does not see (limited to other countries, or under one that is). */
  hiddenCategories?: ReadonlySet<number>;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Path (with base) of this page in this locale. */
  path: string;
  /** The canonical path when it is another page's (a product shown in English: its en-US page). */
  canonical?: string;
  /** Paths of this page per locale it exists in (hreflang); en-US is x-default when present. */
  alternates: Partial<Record<Locale, string>>;
  noindex?: boolean;
  /** The Open Graph image (a path of this site or an http(s) address). */
  ogImage?: string;
  /** og:type: 'website' unless said ('product', 'article', 'video.other'). */
  ogType?: string;
  jsonLd?: unknown[];
  /** The search box's current text (search page). */
  query?: string;
  /** A signed preview of an unreleased translation: a banner says so. */
  preview?: boolean;
}

/** A visitor in a country no category names: every category limited to some countries is hidden. */
export const OTHER_COUNTRY = 'ZZ';

/** The longest search text the site takes (longer is cut). */
export const SEARCH_MAX_LENGTH = 100;

export const pathOf = (v: SiteView, locale: Locale, rest = '') => `${v.base}/${locale}/${rest}`;

/** A released row's revision data. */
export const dataOf = (r: PublicRow) => r.data as RevisionData;

/** A page's address: its slug, or its item id when the type needs none (tech videos). */
export const addrOf = (r: { slug: string; itemId: number }) => r.slug || String(r.itemId);

/** The address of an item's page in this view's locale. */
export const itemPath = (v: SiteView, section: string, r: { slug: string; itemId: number }) =>
  pathOf(v, v.locale, `${section}/${encodeURIComponent(addrOf(r))}`);

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country's name in the page's language (the code when the runtime does not know it). */
export function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** JSON for a <script type="application/ld+json">: no `<` can close the element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
