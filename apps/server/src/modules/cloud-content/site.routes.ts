/**
 * The public site (issue 14 §8-9), served by this server: at the root of each site domain
 * (company_domains kind 'site') and at /site/<slug>/ on every host. Pages: home, products with
 * category and parameter facets (GET links with counts: Back keeps the state, no script), product,
 * news, support (public manuals), terms, sitemap.xml, robots.txt and a 404. Only released
 * translations through their released revision are read; a draft is never served.
 *
 * Here: routing, reading and caching, and what each page shows; the HTML is the React components
 * of ./site (layout, pages), rendered to static markup once per cached page, no client script.
 */
import type { ContentShared, Locale } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement as h, type ReactNode } from 'react';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AppServices } from '../../lib/services';
import { paramsOfSite, paramGroupsOfSite, type ParamRow, type SiteRow } from './content.repository';
import { richTextDescription } from './rich-text';
import { SITE_PAGE_DEPS, SitePageCache, sitePageDeps } from './site.cache';
import { checkPreviewUrl } from './site.preview';
import { categoryView, facetCounts, facetVerdicts } from './site.product-view';
import { SitePageWarmer, type WarmPage } from './site.warm';
import {
  previewRevision,
  releasedById,
  releasedBySlug,
  releasedItems,
  releasedOfItems,
  releasedPages,
  releasedProductIndex,
  redirectTarget,
  searchReleased,
  type ListedProduct,
  unsafeSiteByDomain,
  unsafeSiteBySlug,
  type PublicRow,
} from './site.repository';
import { CompareLink, type CountedLink } from './site/parts';
import { ArticlePage, NewsListPage } from './site/pages/article';
import { ComparePage } from './site/pages/compare';
import { HomePage } from './site/pages/home';
import { NotFoundPage } from './site/pages/not-found';
import { ProductPage, type SpecGroup } from './site/pages/product';
import { ProductListPage } from './site/pages/product-list';
import { SearchPage, type SearchHit } from './site/pages/search';
import { SolutionListPage } from './site/pages/solutions';
import { SupportPage } from './site/pages/support';
import { TermsPage } from './site/pages/terms';
import { VideoListPage, VideoPage } from './site/pages/videos';
import { renderSitePage } from './site/render';
import { fill, SITE_LOCALES, words } from './site/text';
import { addrOf, dataOf, OTHER_COUNTRY, pathOf, SEARCH_MAX_LENGTH, type PageMeta, type SiteView } from './site/view';

const PAGE_SIZE = 12;
const SECTION_TYPES: Record<string, string> = {
  products: 'product',
  news: 'news',
  solutions: 'solution',
  videos: 'video',
  'tech-videos': 'tech_video',
};
const SECTION_OF: Record<string, string> = Object.fromEntries(Object.entries(SECTION_TYPES).map(([k, t]) => [t, k]));
/** One collator per locale: `localeCompare(b, locale)` would build one per comparison. */
const collators = new Map<string, Intl.Collator>();
const collatorOf = (locale: string) => {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale)));
  return c;
};

/** Products side by side on the compare page (issue 14 §8). */
export const COMPARE_MAX = 4;
const SEARCH_GROUP_SIZE = 5;
/** The product list's orders: newest released first, by model, by name. */
const PRODUCT_SORTS = ['newest', 'model', 'name'] as const;
/** The search's result groups, in the order shown. */
const SECTION_OF_SEARCH: readonly string[] = ['product', 'solution', 'news', 'video', 'tech_video', 'manual', 'installer_faq'];
const SEARCH_PAGE_SIZE = 20;

/** Up to COMPARE_MAX distinct product ids from `1,2,3`. */
export function parseIds(raw: unknown): number[] {
  if (typeof raw !== 'string') return [];
  const out: number[] = [];
  for (const p of raw.split(',')) {
    const n = Number(p);
    if (/^\d{1,9}$/.test(p) && n > 0 && !out.includes(n)) out.push(n);
    if (out.length === COMPARE_MAX) break;
  }
  return out;
}

/** Where a video plays once the visitor asks: a provider's player, a file, or only a link. */
export function embedOf(url: string): { kind: 'iframe' | 'video'; src: string } | null {
  const yt = /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/)|youtu\.be\/)([\w-]{6,20})/i.exec(url);
  if (yt) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${yt[1]}?autoplay=1` };
  const vimeo = /^https:\/\/(?:www\.)?vimeo\.com\/(\d{3,12})/i.exec(url);
  if (vimeo) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeo[1]}?autoplay=1` };
  const bili = /^https:\/\/(?:www\.)?bilibili\.com\/video\/(BV\w{6,14})/i.exec(url);
  if (bili) return { kind: 'iframe', src: `https://player.bilibili.com/player.html?bvid=${bili[1]}&autoplay=1` };
  if (/^(https?:\/\/|\/(?!\/))[^?#]+\.(mp4|webm)(\?.*)?$/i.test(url)) return { kind: 'video', src: url };
  return null;
}

const DOMAIN_TTL_MS = 30_000;

/** The cookie keeping the visitor's footer choice of country (issue 14 §8), per site address. */
export const COUNTRY_COOKIE = 'site_country';
const COUNTRY_RE = /^[A-Z]{2}$/;

/** A product category's country limit as the site reads it (released translations). */
interface CategoryLimit {
  id: number;
  parentId: number | null;
  countries: string[];
}

/**
 * The categories a visitor in `country` does not see: those limited to other countries, and every
 * category under one of them. '' (an unknown country) hides none.
 */
export function hiddenCategoriesOf(categories: readonly CategoryLimit[], country: string): Set<number> {
  const out = new Set<number>();
  if (!country) return out;
  const byId = new Map(categories.map((c) => [c.id, c]));
  for (const c of categories) {
    const seen = new Set<number>();
    for (let at: CategoryLimit | undefined = c; at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
      seen.add(at.id);
      if (at.countries.length > 0 && !at.countries.includes(country)) {
        out.add(c.id);
        break;
      }
    }
  }
  return out;
}

/**
 * The country a page is rendered for: one the site's categories name, OTHER_COUNTRY for any other
 * known country (all see the same page), '' when unknown or when no category is limited. The page
 * cache keys on it, so the variants of a page are few and one visitor's view never reaches another.
 */
export function effectiveCountry(visitor: string, choices: readonly string[]): string {
  if (!visitor || choices.length === 0) return '';
  return choices.includes(visitor) ? visitor : OTHER_COUNTRY;
}

interface Deps {
  database: Database;
  clock: Clock;
  services: AppServices;
}

interface Answer {
  status: number;
  type: string;
  body: string;
  location?: string;
  headers?: Record<string, string>;
  /** When the page stops being right (a window of the home page opens or closes). */
  expiresAt?: number;
}

/** Who the page is for: the country it is rendered for and the address it was asked at. */
interface Visit {
  country: string;
  choices: readonly string[];
  here: string;
}

const html = (body: string, status = 200): Answer => ({ status, type: 'text/html; charset=utf-8', body });
const redirect = (location: string, status = 302): Answer => ({ status, type: 'text/plain; charset=utf-8', body: '', location });

/** A page of the site: its components rendered to HTML around `main`. */
const sitePage = (v: SiteView, meta: PageMeta, current: string, main: ReactNode, status = 200): Answer =>
  html(renderSitePage(v, meta, current, main), status);

/** Text for the sitemap's XML. */
const escXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What a site domain still answers as the portal: the API, the sites' own paths, and the files a
 * third party fetches from every domain of the company (Apple Pay's domain association), and the
 * content's uploaded images, which the site's pages show.
 */
const PORTAL_PREFIXES = ['/v1.0/', '/api/', '/site/', '/content-assets/', '/.well-known/'];

export function registerSiteRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const versions = deps.services.versions;
  const domainCache = new Map<string, { site: SiteRow | null; at: number; token: number | null }>();
  const pages = new SitePageCache(versions, () => deps.clock.now());
  const warmer = new SitePageWarmer(
    pages,
    versions,
    (err) => app.log.warn({ err }, 'site page warming failed'),
    () => deps.clock.now(),
  );

  /**
   * The site a host is the domain of. The site's row is as exact as the pages (a rename shows on the
   * next request); which host is whose domain is rechecked every DOMAIN_TTL_MS (company_domains is
   * not a cached table), and pages are kept per site, so a domain moved to another site never
   * answers the old site's pages.
   */
  async function siteOfHost(host: string): Promise<SiteRow | null> {
    const now = Date.now();
    const hit = domainCache.get(host);
    if (hit && now - hit.at < DOMAIN_TTL_MS && !versions.changedSince(hit.token, { tables: ['content_sites'] })) return hit.site;
    const token = versions.begin();
    const site = await unsafeSiteByDomain(db, host);
    if (domainCache.size > 1000) domainCache.clear();
    domainCache.set(host, { site, at: now, token });
    return site;
  }

  /** The page cache's key of a page: the site, the address it was asked at, the country it is for. */
  const pageKey = (siteId: number | undefined, origin: string, url: string, country: string) =>
    `${siteId ?? 0}|${origin}${url}${country ? `\n${country}` : ''}`;

  function send(reply: FastifyReply, a: Answer, encoded?: { encoding: string; body: Buffer } | null, vary: string[] = []) {
    reply.status(a.status).header('content-type', a.type);
    if (a.location) reply.header('location', a.location);
    for (const [k, val] of Object.entries(a.headers ?? {})) reply.header(k, val);
    if (a.status === 200 && !a.headers?.['cache-control']) reply.header('cache-control', 'public, max-age=60');
    const varies = encoded ? [...vary, 'accept-encoding'] : vary;
    if (varies.length > 0) reply.header('vary', varies.join(', '));
    if (encoded) {
      reply.header('content-encoding', encoded.encoding);
      return reply.send(encoded.body);
    }
    return reply.send(a.body);
  }

  /** The visitor's country: their footer choice (cookie), else a trusted proxy's header, else ''. */
  function visitorCountry(req: FastifyRequest): string {
    const chosen = new RegExp(`(?:^|;\\s*)${COUNTRY_COOKIE}=([A-Za-z]{2})(?:;|$)`).exec(req.headers.cookie ?? '');
    if (chosen) return chosen[1]!.toUpperCase();
    const header = deps.services.config.siteCountryHeader;
    if (!header) return '';
    const raw = req.headers[header];
    const val = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase() ?? '';
    return COUNTRY_RE.test(val) ? val : '';
  }

  /**
   * A public page through the page cache, compressed once per entry. The key holds the country the
   * page is rendered for when the site limits some category to some countries; such pages tell
   * shared caches that they vary by the cookie (and the proxy's header).
   */
  async function sendCached(req: FastifyRequest, reply: FastifyReply, site: SiteRow | null, render: (visit: Visit) => Promise<Answer>) {
    const choices = site ? (await countryLimits(site.id)).choices : [];
    const visit: Visit = { country: effectiveCountry(visitorCountry(req), choices), choices, here: req.url };
    const key = pageKey(site?.id, originOf(req), req.url, visit.country);
    const { page, entry } = await pages.get(key, () => render(visit), site ? sitePageDeps(site.id) : SITE_PAGE_DEPS);
    const header = deps.services.config.siteCountryHeader;
    const vary = choices.length > 0 ? ['cookie', ...(header ? [header] : [])] : [];
    return send(reply, page, pages.encoded(entry, req.headers['accept-encoding']), vary);
  }

  /** The countries the site's product categories are limited to, and each category's limit. */
  const countryLimits = (siteId: number) =>
    deps.services.reads.get(`site-country-limits:${siteId}`, SITE_PAGE_DEPS, async () => {
      const byLocale = new Map<string, CategoryLimit[]>();
      const choices = new Set<string>();
      for (const l of SITE_LOCALES) {
        const rows = await releasedItems(db, siteId, ['product_category'], l);
        byLocale.set(
          l,
          rows.map((r) => {
            const countries = (dataOf(r).shared.countries ?? []).map((c) => c.toUpperCase());
            for (const c of countries) choices.add(c);
            return { id: r.itemId, parentId: dataOf(r).shared.parentId ?? null, countries };
          }),
        );
      }
      return { byLocale, choices: [...choices].sort() };
    });

  /** The categories hidden from this visit in a locale (a category released only in en-US counts too). */
  async function hiddenFor(siteId: number, locale: Locale, country: string): Promise<Set<number>> {
    if (!country) return new Set();
    const { byLocale } = await countryLimits(siteId);
    const own = byLocale.get(locale) ?? [];
    const ownIds = new Set(own.map((c) => c.id));
    const merged = [...own, ...(byLocale.get('en-US') ?? []).filter((c) => !ownIds.has(c.id))];
    return hiddenCategoriesOf(merged, country);
  }

  /**
   * The footer's country choice (<locale>/country?c=XX&back=...): kept in a cookie for this site's
   * address, then back to the page it was made on. Never cached; `c` empty forgets the choice.
   */
  function chooseCountry(req: FastifyRequest, base: string, locale: string, query: Record<string, string>): Answer {
    const c = typeof query.c === 'string' ? query.c.trim().toUpperCase() : '';
    const back = typeof query.back === 'string' ? query.back : '';
    const safeBack =
      back.startsWith(`${base}/`) && !back.startsWith('//') && !/[\\\r\n]/.test(back)
        ? back
        : `${base}/${SITE_LOCALES.includes(locale as Locale) ? locale : 'en-US'}/`;
    const attrs = `Path=${base ? `${base}/` : '/'}; SameSite=Lax; HttpOnly${req.protocol === 'https' ? '; Secure' : ''}`;
    const cookie = COUNTRY_RE.test(c) ? `${COUNTRY_COOKIE}=${c}; Max-Age=31536000; ${attrs}` : `${COUNTRY_COOKIE}=; Max-Age=0; ${attrs}`;
    return { ...redirect(safeBack, 303), headers: { 'set-cookie': cookie, 'cache-control': 'no-store' } };
  }

  const COUNTRY_PATH = /^\/?([A-Za-z]{2}-[A-Za-z]{2})\/country\/?$/;

  function originOf(req: FastifyRequest) {
    return `${req.protocol}://${req.host}`;
  }

  // A site domain: the site is the whole host (the portal's API stays reachable under its prefixes).
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const path = req.url.split('?')[0]!;
    if (PORTAL_PREFIXES.some((p) => path.startsWith(p))) return;
    const host = (req.hostname ?? '').toLowerCase().replace(/:\d+$/, '');
    const site = await siteOfHost(host);
    if (!site) return;
    const choice = COUNTRY_PATH.exec(path);
    if (choice) return send(reply, chooseCountry(req, '', choice[1]!, req.query as Record<string, string>));
    const origin = originOf(req);
    warmer.visit(`${site.id}|${origin}`, site.id, () => productPagesAt(site, origin));
    return sendCached(req, reply, site, (visit) =>
      render(site, '', path.replace(/^\/+/, ''), req.query as Record<string, string>, origin, visit),
    );
  });

  /**
   * The pages the warmer renders ahead of visits at a site domain's address: each listed product's
   * page in each of the site's locales, as a visitor whose country is unknown sees it (country '').
   */
  async function productPagesAt(site: SiteRow, origin: string): Promise<WarmPage[]> {
    const { choices } = await countryLimits(site.id);
    const country = '';
    const out: WarmPage[] = [];
    for (const locale of SITE_LOCALES.filter((l) => site.locales.includes(l))) {
      for (const p of await listedProducts(site, locale)) {
        if (!p.slug) continue;
        const url = `/${locale}/products/${encodeURIComponent(p.slug)}`;
        const visit: Visit = { country, choices, here: url };
        out.push({ key: pageKey(site.id, origin, url, country), render: () => render(site, '', url.slice(1), {}, origin, visit) });
      }
    }
    return out;
  }

  if (deps.services.config.benchRoutes)
    // The bench's wait for pre-rendered pages (tools/bench/site-cases.ts), with BENCH_ROUTES=1 only.
    app.get('/bench/site-warm', async () => {
      await warmer.idle();
      return { warmed: warmer.warmed, pages: pages.size, bytes: pages.usedBytes, hits: pages.hits, misses: pages.misses };
    });

  app.get<{ Params: { slug: string } }>('/site/:slug', async (req, reply) =>
    send(reply, redirect(`/site/${encodeURIComponent(req.params.slug)}/`)),
  );
  app.get<{ Params: { slug: string; '*': string }; Querystring: Record<string, string> }>('/site/:slug/*', async (req, reply) => {
    const previewOf = /^preview\/(\d{1,9})$/.exec(req.params['*']);
    if (previewOf) {
      const site = await unsafeSiteBySlug(db, req.params.slug);
      if (!site) return send(reply, { ...notFound(null, 'en-US', '', originOf(req)), headers: { 'x-robots-tag': 'noindex' } });
      return send(reply, await preview(site, Number(previewOf[1]), req.url, originOf(req)));
    }
    const { site } = await deps.services.reads.get(`site-by-slug:${req.params.slug}`, SITE_PAGE_DEPS, async () => ({
      site: await unsafeSiteBySlug(db, req.params.slug),
    }));
    const choice = COUNTRY_PATH.exec(req.params['*']);
    if (site && choice) return send(reply, chooseCountry(req, `/site/${site.slug}`, choice[1]!, req.query));
    return sendCached(req, reply, site, async (visit) => {
      if (!site) return notFound(null, 'en-US', '', originOf(req));
      return render(site, `/site/${site.slug}`, req.params['*'], req.query, originOf(req), visit);
    });
  });

  async function render(
    site: SiteRow,
    base: string,
    rest: string,
    query: Record<string, string>,
    origin: string,
    visit: Visit,
  ): Promise<Answer> {
    const parts = rest
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    if (parts.length === 0) return redirect(`${base}/${site.locales[0] ?? 'en-US'}/`);
    if (parts.length === 1 && parts[0] === 'robots.txt') return robots(base, origin);
    if (parts.length === 1 && parts[0] === 'sitemap.xml') return sitemap(site, base, origin);
    const locale = parts[0] as Locale;
    if (!SITE_LOCALES.includes(locale) || !site.locales.includes(locale)) return notFound(site, 'en-US', base, origin);
    const v: SiteView = {
      siteName: site.name,
      locale,
      base,
      origin,
      country: visit.country,
      countryChoices: visit.choices,
      here: visit.here,
      hiddenCategories: await hiddenFor(site.id, locale, visit.country),
    };
    const [section, slug, extra] = parts.slice(1);
    if (extra !== undefined) return notFound(site, locale, base, origin);
    if (!section) return home(site, v);
    if (section === 'products' && !slug) return productList(site, v, query);
    if (section === 'news' && !slug) return newsList(site, v);
    if (section === 'solutions' && !slug) return solutionList(site, v, query);
    if ((section === 'videos' || section === 'tech-videos') && !slug) return videoList(site, v, SECTION_TYPES[section]!);
    if (section && slug && SECTION_TYPES[section]) {
      const type = SECTION_TYPES[section];
      const row = await releasedAt(site, type, locale, slug);
      if (row) return shownRow(v, row) ? pageOf(site, v, row, query, false) : notFound(site, locale, v.base, v.origin);
      // An old address of a released translation: 301 to where it is now (chains are one hop).
      const moved = await redirectTarget(db, site.id, type, locale, slug);
      if (moved) {
        const search = new URLSearchParams(query).toString();
        return {
          ...redirect(`${pathOf(v, locale, `${section}/${encodeURIComponent(moved)}`)}${search ? `?${search}` : ''}`, 301),
          headers: { 'cache-control': 'public, max-age=300' },
        };
      }
      // A product without a released translation in this locale: its en-US page, labelled, canonical to en-US.
      const english = type === 'product' ? await fallbackProduct(site, locale, slug) : null;
      if (english && shownRow(v, english)) return productPage(site, v, english, query, false, true);
      return notFound(site, locale, v.base, v.origin);
    }
    if (section === 'compare' && !slug) return compare(site, v, query);
    if (section === 'search' && !slug) return search(site, v, query);
    if (section === 'support' && !slug) return support(site, v);
    if (section === 'terms' && (slug === 'service' || slug === 'privacy')) return terms(site, v, slug);
    return notFound(site, locale, base, origin);
  }

  function notFound(site: SiteRow | null, locale: Locale, base: string, origin: string): Answer {
    const v: SiteView = { siteName: site?.name ?? '', locale, base, origin };
    const meta: PageMeta = {
      title: words(locale).notFound,
      description: '',
      path: pathOf(v, locale, '404'),
      alternates: {},
      noindex: true,
    };
    return sitePage(v, meta, '', h(NotFoundPage, { v, home: !!site }), 404);
  }

  function robots(base: string, origin: string): Answer {
    return { status: 200, type: 'text/plain; charset=utf-8', body: `User-agent: *\nAllow: /\nSitemap: ${origin}${base}/sitemap.xml\n` };
  }

  async function alternatesOf(site: SiteRow, v: SiteView, section: string, itemId: number): Promise<Partial<Record<Locale, string>>> {
    const out: Partial<Record<Locale, string>> = {};
    for (const r of await releasedOfItems(db, site.id, [itemId])) {
      if (r.slug || section === 'tech-videos')
        out[r.locale as Locale] = pathOf(v, r.locale as Locale, `${section}/${encodeURIComponent(addrOf(r))}`);
    }
    return out;
  }

  /** A released translation by its address: its slug, or its item id when it has none. */
  async function releasedAt(site: SiteRow, type: string, locale: string, addr: string): Promise<PublicRow | null> {
    const bySlug = await releasedBySlug(db, site.id, type, locale, addr);
    if (bySlug) return bySlug;
    if (!/^\d{1,9}$/.test(addr)) return null;
    const byId = await releasedById(db, site.id, type, locale, Number(addr));
    return byId && !byId.slug ? byId : null;
  }

  /** Whether this visitor sees a product (its category is not limited to other countries). */
  const shownProduct = (v: SiteView, categoryId: number | null | undefined) => !categoryId || !v.hiddenCategories?.has(categoryId);
  /** Whether this visitor sees a released row: every type but products in hidden categories. */
  const shownRow = (v: SiteView, r: PublicRow) => r.type !== 'product' || shownProduct(v, dataOf(r).shared.categoryId);

  /**
   * A product's en-US translation at `slug` for a locale it has no released translation in (issue
   * 14 §8: zh-CN may fall back to en-US products), or null.
   */
  async function fallbackProduct(site: SiteRow, locale: Locale, slug: string): Promise<PublicRow | null> {
    if (locale === 'en-US' || !site.locales.includes('en-US')) return null;
    const english = await releasedBySlug(db, site.id, 'product', 'en-US', slug);
    if (!english || (await releasedById(db, site.id, 'product', locale, english.itemId))) return null;
    return english;
  }

  /** The page of one translation: released (by address) or a signed preview of a draft. */
  function pageOf(site: SiteRow, v: SiteView, row: PublicRow, query: Record<string, string>, isPreview: boolean): Promise<Answer> {
    if (row.type === 'product') return productPage(site, v, row, query, isPreview);
    if (row.type === 'video' || row.type === 'tech_video') return videoPage(site, v, row, query, isPreview);
    return articlePage(site, v, row, isPreview);
  }

  const sectionAlternates = (site: SiteRow, v: SiteView, rest: string) =>
    Object.fromEntries(
      site.locales.filter((l) => SITE_LOCALES.includes(l as Locale)).map((l) => [l, pathOf(v, l as Locale, rest)]),
    ) as Partial<Record<Locale, string>>;

  /**
   * The products a locale shows from their en-US translation (issue 14 §8: zh-CN may fall back):
   * their ids, from the list index (released in en-US, none in this locale, an address of their own).
   */
  const fallbackProductIds = async (site: SiteRow, locale: Locale): Promise<Set<number>> =>
    locale === 'en-US' ? new Set() : new Set((await listedProducts(site, locale)).filter((p) => p.fallback).map((p) => p.itemId));

  /** The released products of a site in a locale, kept in the read cache until content changes. */
  const productIndex = (siteId: number, locale: string) =>
    deps.services.reads.get(`site-products:${siteId}:${locale}`, SITE_PAGE_DEPS, async () => {
      const list = await releasedProductIndex(db, siteId, locale);
      return { list, byId: new Map(list.map((p) => [p.itemId, p])) };
    });

  /**
   * The products a list shows in a locale: its released translations, and (zh-CN) the en-US ones of
   * products without one, marked `fallback` (an address its own translations take is not reused).
   */
  const listedProducts = (site: SiteRow, locale: Locale) =>
    deps.services.reads.get(`site-products-listed:${site.id}:${locale}`, SITE_PAGE_DEPS, async () => {
      const own = await productIndex(site.id, locale);
      if (locale === 'en-US' || !site.locales.includes('en-US')) return own.list;
      const ownSlugs = new Set(own.list.map((p) => p.slug));
      const english = (await productIndex(site.id, 'en-US')).list
        .filter((p) => p.slug && !own.byId.has(p.itemId) && !ownSlugs.has(p.slug))
        .map((p) => ({ ...p, fallback: true }));
      if (english.length === 0) return own.list;
      return [...own.list, ...english].sort((a, b) => b.releasedAt - a.releasedAt || a.itemId - b.itemId);
    });

  /** The released product filters by category (0: the list of all products), this locale's before en-US's. */
  const productFilters = (siteId: number, locale: Locale) =>
    deps.services.reads.get(`site-product-filters:${siteId}:${locale}`, SITE_PAGE_DEPS, async () => {
      const out = new Map<number, { facets: string[]; buckets: Record<string, number[]> }>();
      for (const l of locale === 'en-US' ? [locale] : [locale, 'en-US']) {
        for (const r of await releasedItems(db, siteId, ['product_filter'], l)) {
          const sh = dataOf(r).shared;
          const key = sh.categoryId ?? 0;
          if (!out.has(key)) out.set(key, { facets: sh.facets ?? [], buckets: (sh.buckets ?? {}) as Record<string, number[]> });
        }
      }
      return out;
    });

  /** A site's parameter definitions and groups, kept in the read cache until content changes. */
  const siteParams = (siteId: number) =>
    deps.services.reads.get(`site-params:${siteId}`, SITE_PAGE_DEPS, async () => ({
      defs: await paramsOfSite(db, siteId),
      groups: await paramGroupsOfSite(db, siteId),
    }));

  /** A product page's addresses per locale, from the product indexes (no query once they are kept). */
  async function productAlternates(site: SiteRow, v: SiteView, itemId: number): Promise<Partial<Record<Locale, string>>> {
    const out: Partial<Record<Locale, string>> = {};
    for (const l of site.locales.filter((x) => SITE_LOCALES.includes(x as Locale)) as Locale[]) {
      const p = (await productIndex(site.id, l)).byId.get(itemId);
      if (p?.slug) out[l] = pathOf(v, l, `products/${encodeURIComponent(p.slug)}`);
    }
    return out;
  }

  const compareUrl = (v: SiteView, ids: number[], all = false) => {
    const q = new URLSearchParams();
    if (ids.length > 0) q.set('ids', ids.join(','));
    if (all) q.set('all', '1');
    const s = q.toString().replace(/%2C/g, ',');
    return `${pathOf(v, v.locale, 'compare')}${s ? `?${s}` : ''}`;
  };

  /** The compare link of a product card or page: add it, or say it is in already. */
  function compareLink(v: SiteView, cmp: number[], itemId: number, name: string): ReactNode {
    if (cmp.includes(itemId)) return h(CompareLink, { v, name, inHref: compareUrl(v, cmp) });
    return h(CompareLink, { v, name, addHref: cmp.length >= COMPARE_MAX ? undefined : compareUrl(v, [...cmp, itemId]) });
  }

  async function home(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const now = deps.clock.now();
    const inWindow = (s: ContentShared) => (s.startAt ?? 0) <= now && (s.endAt ?? Number.MAX_SAFE_INTEGER) > now;
    // In the brand's order (content/item/reorder); unordered ones newest first (a stable sort keeps that).
    const byOrder = (a: PublicRow, b: PublicRow) => (dataOf(a).shared.sort ?? 0) - (dataOf(b).shared.sort ?? 0);
    const allBanners = (await releasedItems(db, site.id, ['banner'], v.locale)).sort(byOrder);
    const allHot = (await releasedItems(db, site.id, ['hot_product'], v.locale)).sort(byOrder);
    const allHotSolutions = (await releasedItems(db, site.id, ['hot_solution'], v.locale)).sort(byOrder);
    // The page is right until the next start or end of a window it knows of (the page cache and shared caches keep it no longer).
    const nextChange = Math.min(
      ...[...allBanners, ...allHot, ...allHotSolutions].flatMap((r) =>
        [dataOf(r).shared.startAt, dataOf(r).shared.endAt].filter((x): x is number => typeof x === 'number' && x > now),
      ),
    );
    const banners = allBanners.filter((r) => inWindow(dataOf(r).shared)).slice(0, 3);
    const hot = allHot.filter((r) => inWindow(dataOf(r).shared));
    const hotSolutionIds = allHotSolutions
      .filter((r) => inWindow(dataOf(r).shared))
      .map((h) => dataOf(h).shared.targetId)
      .filter((x): x is number => !!x);
    const solutionRows = await releasedOfItems(db, site.id, hotSolutionIds);
    const hotSolutions = hotSolutionIds.flatMap((id) =>
      solutionRows.filter((r) => r.itemId === id && r.locale === v.locale && r.type === 'solution'),
    );
    const hotIds = hot.map((h) => dataOf(h).shared.targetId).filter((x): x is number => !!x);
    // A product without a translation in this locale shows its en-US one, labelled (zh-CN fallback).
    const english = await fallbackProductIds(site, v.locale);
    const hotRows = await releasedOfItems(db, site.id, hotIds);
    const hotProducts = hotIds.flatMap((id) => {
      const own = hotRows.find((r) => r.itemId === id && r.locale === v.locale);
      const row = own ?? (english.has(id) ? hotRows.find((r) => r.itemId === id && r.locale === 'en-US') : undefined);
      return row && row.type === 'product' && shownRow(v, row) ? [{ row, fallback: !own }] : [];
    });
    let products = hotProducts;
    if (products.length === 0) {
      const newest = (await listedProducts(site, v.locale)).filter((p) => shownProduct(v, p.categoryId)).slice(0, 8);
      const rows = await releasedOfItems(
        db,
        site.id,
        newest.map((p) => p.itemId),
      );
      products = newest.flatMap((p) => {
        const row = rows.find((r) => r.itemId === p.itemId && r.locale === (p.fallback ? 'en-US' : v.locale));
        return row ? [{ row, fallback: !!p.fallback }] : [];
      });
    }
    const news = await releasedItems(db, site.id, ['news'], v.locale, { limit: 4 });
    const meta: PageMeta = {
      title: site.name,
      description: `${site.name} — ${w.products}, ${w.news}, ${w.support}`,
      path: pathOf(v, v.locale),
      alternates: sectionAlternates(site, v, ''),
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: `${v.origin}${pathOf(v, v.locale)}` }],
    };
    const page = sitePage(v, meta, 'home', h(HomePage, { v, banners, products, hotSolutions, news }));
    if (!Number.isFinite(nextChange)) return page;
    const seconds = Math.max(0, Math.min(60, Math.floor((nextChange - now) / 1000)));
    return { ...page, expiresAt: nextChange, headers: { 'cache-control': `public, max-age=${seconds}` } };
  }

  /**
   * A facet's value as its GET link spells it (`f.<key>=<value>`) and what it matches. A number
   * facet with buckets takes `lo..hi` (lo included, hi not; either end open), one without takes the
   * number itself.
   */
  function facetMatcher(def: ParamRow, raw: string, buckets: readonly number[] | undefined): ((have: unknown) => boolean) | undefined {
    if (def.type === 'boolean') return raw === 'true' || raw === 'false' ? (have) => have === (raw === 'true') : undefined;
    if (def.type === 'enum') return (have) => have === raw;
    if (def.type === 'multi_enum') return (have) => Array.isArray(have) && have.includes(raw);
    if (def.type !== 'number') return undefined;
    if (buckets) {
      const range = bucketsOf(buckets).find((b) => b.key === raw);
      return range ? (have) => typeof have === 'number' && inBucket(have, range) : undefined;
    }
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? (have) => have === n : undefined;
  }

  /** A number facet's buckets from its ascending boundaries: under the first, between each two, from the last. */
  function bucketsOf(bounds: readonly number[]): Array<{ key: string; lo?: number; hi?: number }> {
    return [
      { key: `..${bounds[0]}`, hi: bounds[0] },
      ...bounds.slice(1).map((hi, i) => ({ key: `${bounds[i]}..${hi}`, lo: bounds[i], hi })),
      { key: `${bounds[bounds.length - 1]}..`, lo: bounds[bounds.length - 1] },
    ];
  }
  const inBucket = (x: number, b: { lo?: number; hi?: number }) => (b.lo === undefined || x >= b.lo) && (b.hi === undefined || x < b.hi);

  /** The value keys a product's value counts under in a facet. */
  function facetKeysOf(def: ParamRow, have: unknown, buckets: readonly number[] | undefined): string[] {
    if (have === undefined || have === null) return [];
    if (def.type === 'number') {
      if (typeof have !== 'number') return [];
      if (!buckets) return [String(have)];
      const b = bucketsOf(buckets).find((x) => inBucket(have, x));
      return b ? [b.key] : [];
    }
    return (Array.isArray(have) ? have : [have]).map((x) => String(x));
  }

  function optionLabel(def: ParamRow, value: string, locale: Locale): string {
    const o = (def.options as Array<{ value: string; labels: Record<string, string> }>).find((x) => x.value === value);
    return (o && (o.labels[locale] || o.labels['en-US'])) || value;
  }

  function nameOf(names: unknown, locale: Locale): string {
    const n = names as Record<string, string>;
    return n[locale] || n['en-US'] || '';
  }

  function formatValue(def: ParamRow, value: unknown, locale: Locale): string {
    const w = words(locale);
    if (def.type === 'boolean') return value ? w.yes : w.no;
    if (def.type === 'number') return `${value}${def.unit ? ` ${def.unit}` : ''}`;
    if (def.type === 'enum') return optionLabel(def, String(value), locale);
    if (def.type === 'multi_enum') return (Array.isArray(value) ? value : []).map((x) => optionLabel(def, String(x), locale)).join(', ');
    return String(value ?? '');
  }

  async function productList(site: SiteRow, v: SiteView, query: Record<string, string>): Promise<Answer> {
    const w = words(v.locale);
    const categories = (
      await deps.services.reads.get(`site-categories:${site.id}:${v.locale}`, SITE_PAGE_DEPS, () =>
        releasedItems(db, site.id, ['product_category'], v.locale),
      )
    ).filter((c) => shownProduct(v, c.itemId));
    const categoryId = Number(query.category) || undefined;
    const category = categoryId ? categories.find((c) => c.itemId === categoryId) : undefined;
    if (categoryId && !category) return notFound(site, v.locale, v.base, v.origin);
    // The facets: the category's product filter (its parameters in its order, number buckets), else
    // every filterable option parameter in definition order.
    const paramDefs = (await siteParams(site.id)).defs;
    const filter = (await productFilters(site.id, v.locale)).get(categoryId ?? 0);
    const defs = filter
      ? filter.facets
          .map((k) => paramDefs.find((d) => d.key === k && d.filterable && ['enum', 'multi_enum', 'boolean', 'number'].includes(d.type)))
          .filter((d): d is ParamRow => !!d)
      : paramDefs.filter((d) => d.filterable && ['enum', 'multi_enum', 'boolean'].includes(d.type));
    const bucketsFor = (d: ParamRow) => (d.type === 'number' && filter?.buckets[d.key]?.length ? filter.buckets[d.key] : undefined);
    const chosen: Record<string, string> = {};
    const matchers = new Map<string, (have: unknown) => boolean>();
    for (const d of defs) {
      const raw = query[`f.${d.key}`];
      const m = raw === undefined ? undefined : facetMatcher(d, raw, bucketsFor(d));
      if (m) {
        chosen[d.key] = raw!;
        matchers.set(d.key, m);
      }
    }
    // What is worked out once per product index (site.product-view.ts): the visitor's products, the
    // category's, the counts per category, the sort orders and each product's facet keys.
    const view = categoryView(await listedProducts(site, v.locale), v.hiddenCategories ?? new Set(), categoryId);
    const index = view.shown;
    const all = view.all;
    const chosenDefs = defs.filter((d) => chosen[d.key] !== undefined);
    const { fails, matches } = facetVerdicts(
      view,
      chosenDefs.map((d) => [d.key, matchers.get(d.key)!] as const),
    );
    const sort = PRODUCT_SORTS.includes(query.sort as never) ? (query.sort as (typeof PRODUCT_SORTS)[number]) : 'newest';
    const rows: ListedProduct[] = [];
    for (const i of view.order(sort, collatorOf(v.locale))) if (fails[i] === 0) rows.push(all[i]!);
    const page = Math.max(1, Math.min(10_000, Number(query.page) || 1));
    const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const cmp = parseIds(query.cmp);
    const url = (c: Record<string, string>, cat: number | undefined, pg?: number, order: string = sort) => {
      const q = new URLSearchParams();
      if (cat) q.set('category', String(cat));
      for (const [k, val] of Object.entries(c).sort()) q.set(`f.${k}`, val);
      if (order !== 'newest') q.set('sort', order);
      if (pg && pg > 1) q.set('page', String(pg));
      if (cmp.length > 0) q.set('cmp', cmp.join(','));
      const s = q.toString().replace(/%2C/g, ',');
      return `${pathOf(v, v.locale, 'products')}${s ? `?${s}` : ''}`;
    };
    const catCount = (id: number) => view.perCategory.get(id) ?? 0;
    const catLinks = [
      { href: url({}, undefined), current: !categoryId, label: w.allCategories, count: index.length },
      ...categories.map((c) => ({ href: url({}, c.itemId), current: c.itemId === categoryId, label: c.title, count: catCount(c.itemId) })),
    ];
    // Each facet's counts: the products that pass every other chosen filter, by their value of this one.
    const facets = defs
      .map((d) => {
        const buckets = bucketsFor(d);
        // The products that pass every other chosen filter, by their value of this one.
        const keys = view.facetIndex(`${d.key}|${d.type}|${buckets?.join(',') ?? ''}`, (p) => facetKeysOf(d, p.params[d.key], buckets));
        const counts = facetCounts(keys, fails, matches[chosenDefs.indexOf(d)]);
        const unit = d.unit ? ` ${d.unit}` : '';
        const values =
          d.type === 'boolean'
            ? ['true', 'false']
            : d.type === 'number'
              ? buckets
                ? bucketsOf(buckets).map((b) => b.key)
                : [...new Set([...counts.keys(), ...(chosen[d.key] !== undefined ? [chosen[d.key]!] : [])])].sort(
                    (a, b) => Number(a) - Number(b),
                  )
              : (d.options as Array<{ value: string }>).map((o) => o.value);
        const labelOf = (val: string) => {
          if (d.type === 'boolean') return val === 'true' ? w.yes : w.no;
          if (d.type !== 'number') return optionLabel(d, val, v.locale);
          const b = buckets ? bucketsOf(buckets).find((x) => x.key === val) : undefined;
          if (!b) return `${val}${unit}`;
          if (b.lo === undefined) return fill(w.bucketBelow, { hi: `${b.hi}${unit}` });
          if (b.hi === undefined) return fill(w.bucketAbove, { lo: `${b.lo}${unit}` });
          return fill(w.bucketRange, { lo: `${b.lo}${unit}`, hi: `${b.hi}${unit}` });
        };
        const links = values.flatMap((val) => {
          const n = counts.get(val) ?? 0;
          const on = chosen[d.key] === val;
          if (n === 0 && !on) return [];
          // A chosen value's link takes it away.
          const target = on ? Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== d.key)) : { ...chosen, [d.key]: val };
          return [{ href: url(target, categoryId), current: on, label: labelOf(val), count: n }];
        });
        return { key: d.key, name: nameOf(d.names, v.locale), values: links };
      })
      .filter((f) => f.values.length > 0);
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
    const title = category ? category.title : w.products;
    const main = h(ProductListPage, {
      v,
      title,
      categories: catLinks,
      facets,
      clearHref: Object.keys(chosen).length > 0 ? url({}, categoryId) : undefined,
      sorts: PRODUCT_SORTS.map((x) => ({
        key: x,
        label: w[`sort_${x}`],
        href: x === sort ? undefined : url(chosen, categoryId, undefined, x),
      })),
      total: rows.length,
      compare: cmp.length > 0 ? { href: compareUrl(v, cmp), count: cmp.length } : undefined,
      products: shown.map((p) => ({ product: p, compareLink: compareLink(v, cmp, p.itemId, p.title) })),
      pager:
        pages > 1
          ? {
              page,
              prev: page > 1 ? url(chosen, categoryId, page - 1) : undefined,
              next: page < pages ? url(chosen, categoryId, page + 1) : undefined,
            }
          : { page },
    });
    const canonicalQuery = categoryId ? `?category=${categoryId}` : '';
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: category
        ? dataOf(category).translation.seoDescription || dataOf(category).translation.summary
        : `${site.name} ${w.products}`,
      path: `${pathOf(v, v.locale, 'products')}${canonicalQuery}`,
      alternates: Object.fromEntries(Object.entries(sectionAlternates(site, v, 'products')).map(([l, p]) => [l, `${p}${canonicalQuery}`])),
      // Filtered and paged views are for visitors; the category page is what search engines index.
      noindex: Object.keys(chosen).length > 0 || page > 1 || cmp.length > 0 || sort !== 'newest',
    };
    return sitePage(v, meta, 'products', main);
  }

  async function productPage(
    site: SiteRow,
    v: SiteView,
    row: PublicRow,
    query: Record<string, string>,
    isPreview: boolean,
    fallback = false,
  ): Promise<Answer> {
    const w = words(v.locale);
    const d = dataOf(row);
    const { defs, groups } = await siteParams(site.id);
    const params = (d.shared.params ?? {}) as Record<string, unknown>;
    const groupOrder = [...groups.map((g) => g.id), null];
    const specs: SpecGroup[] = groupOrder.flatMap((gid) => {
      const inGroup = defs.filter((x) => x.groupId === gid && params[x.key] !== undefined);
      if (inGroup.length === 0) return [];
      const g = groups.find((x) => x.id === gid);
      return [
        {
          name: g ? nameOf(g.names, v.locale) : undefined,
          rows: inGroup.map((x) => ({ name: nameOf(x.names, v.locale), value: formatValue(x, params[x.key], v.locale) })),
        },
      ];
    });
    const linkIds = [d.shared.successorId, ...(d.shared.relatedIds ?? []), ...(d.shared.manualIds ?? [])].filter((x): x is number => !!x);
    const linked = (await releasedOfItems(db, site.id, linkIds)).filter((r) => r.locale === v.locale && shownRow(v, r));
    const successor = d.shared.successorId ? linked.find((r) => r.itemId === d.shared.successorId && r.type === 'product') : undefined;
    const related = linked.filter((r) => r.type === 'product' && (d.shared.relatedIds ?? []).includes(r.itemId));
    const manuals = linked.filter(
      (r) => r.type === 'manual' && (d.shared.manualIds ?? []).includes(r.itemId) && dataOf(r).shared.publicAccess,
    );
    // Shown from its en-US translation (`fallback`): the English text says it is English, the page says so.
    const main = h(ProductPage, {
      v,
      row,
      fallback,
      compareLink: compareLink(v, parseIds(query.cmp), row.itemId, row.title),
      specs,
      successor,
      manuals,
      related,
    });
    const path = pathOf(v, v.locale, `products/${encodeURIComponent(row.slug)}`);
    // The English text's own page is the canonical one; hreflang names only real translations.
    const canonical = fallback
      ? d.translation.canonical || pathOf(v, 'en-US', `products/${encodeURIComponent(row.slug)}`)
      : d.translation.canonical || undefined;
    const meta: PageMeta = {
      title: `${d.translation.seoTitle || row.title} | ${site.name}`,
      description: d.translation.seoDescription || d.translation.summary || richTextDescription(d.translation.body),
      path,
      canonical,
      ogImage: d.translation.ogImage || d.shared.images?.[0] || undefined,
      ogType: 'product',
      alternates: isPreview ? {} : await productAlternates(site, v, row.itemId),
      noindex: d.translation.noindex || isPreview,
      preview: isPreview,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: row.title,
          model: d.shared.model,
          sku: d.shared.model,
          description: d.translation.summary || richTextDescription(d.translation.body, 500),
          brand: { '@type': 'Brand', name: site.name },
          image: d.translation.ogImage || d.shared.images?.[0] ? [absUrl(v, d.translation.ogImage || d.shared.images![0]!)] : undefined,
          url: absUrl(v, canonical ?? path),
        },
        {
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 1, name: w.home, item: `${v.origin}${pathOf(v, v.locale)}` },
            { '@type': 'ListItem', position: 2, name: w.products, item: `${v.origin}${pathOf(v, v.locale, 'products')}` },
            { '@type': 'ListItem', position: 3, name: row.title, item: `${v.origin}${path}` },
          ],
        },
      ],
    };
    return sitePage(v, meta, 'products', main);
  }

  async function newsList(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const rows = await releasedItems(db, site.id, ['news'], v.locale);
    const meta: PageMeta = {
      title: `${w.news} | ${site.name}`,
      description: `${site.name} ${w.news}`,
      path: pathOf(v, v.locale, 'news'),
      alternates: sectionAlternates(site, v, 'news'),
    };
    return sitePage(v, meta, 'news', h(NewsListPage, { v, rows }));
  }

  /** News, solutions and, in a preview, any other item: title, date, summary, body, related products. */
  async function articlePage(site: SiteRow, v: SiteView, row: PublicRow, isPreview: boolean): Promise<Answer> {
    const w = words(v.locale);
    const section = SECTION_OF[row.type] ?? '';
    const sectionName = section === 'solutions' ? w.solutions : section === 'news' ? w.news : w.home;
    const d = dataOf(row);
    const path = pathOf(v, v.locale, section ? `${section}/${encodeURIComponent(addrOf(row))}` : '');
    const date = row.releasedAt ? row.releasedAt.toISOString().slice(0, 10) : '';
    const relatedIds = row.type === 'solution' ? (d.shared.relatedIds ?? []) : [];
    const related = (await releasedOfItems(db, site.id, relatedIds)).filter(
      (r) => r.locale === v.locale && r.type === 'product' && shownRow(v, r),
    );
    const main = h(ArticlePage, {
      v,
      row,
      sectionName,
      sectionPath: pathOf(v, v.locale, section),
      date: row.type === 'news' ? date : '',
      related,
    });
    const crumbs = breadcrumbs(v, [
      [sectionName, pathOf(v, v.locale, section)],
      [row.title, path],
    ]);
    const jsonLd: unknown[] =
      row.type === 'news'
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'NewsArticle',
              headline: row.title,
              description: d.translation.summary || richTextDescription(d.translation.body, 500) || undefined,
              datePublished: row.releasedAt?.toISOString(),
              image: d.shared.cover ? [absUrl(v, d.shared.cover)] : undefined,
              publisher: { '@type': 'Organization', name: site.name },
              url: `${v.origin}${path}`,
            },
            crumbs,
          ]
        : [crumbs];
    const meta: PageMeta = {
      title: `${d.translation.seoTitle || row.title} | ${site.name}`,
      description: d.translation.seoDescription || d.translation.summary || richTextDescription(d.translation.body),
      path,
      canonical: d.translation.canonical || undefined,
      ogImage: d.translation.ogImage || d.shared.cover || undefined,
      ogType: row.type === 'news' ? 'article' : 'website',
      alternates: isPreview ? {} : await alternatesOf(site, v, section, row.itemId),
      noindex: d.translation.noindex || isPreview,
      preview: isPreview,
      jsonLd,
    };
    return sitePage(v, meta, section === 'solutions' ? 'solutions' : 'news', main);
  }

  const absUrl = (v: SiteView, link: string) => (link.startsWith('/') ? `${v.origin}${link}` : link);

  /** BreadcrumbList JSON-LD: home, then the given [name, path] steps. */
  function breadcrumbs(v: SiteView, steps: Array<[string, string]>) {
    const w = words(v.locale);
    return {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [[w.home, pathOf(v, v.locale)] as [string, string], ...steps].map(([name, p], i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name,
        item: `${v.origin}${p}`,
      })),
    };
  }

  const bySort = (a: PublicRow, b: PublicRow) => (dataOf(a).shared.sort ?? 0) - (dataOf(b).shared.sort ?? 0) || a.itemId - b.itemId;

  async function solutionList(site: SiteRow, v: SiteView, query: Record<string, string>): Promise<Answer> {
    const w = words(v.locale);
    const categories = (await releasedItems(db, site.id, ['solution_category'], v.locale)).sort(bySort);
    const categoryId = Number(query.category) || undefined;
    const category = categoryId ? categories.find((c) => c.itemId === categoryId) : undefined;
    if (categoryId && !category) return notFound(site, v.locale, v.base, v.origin);
    const all = await releasedItems(db, site.id, ['solution'], v.locale);
    const rows = category ? all.filter((r) => dataOf(r).shared.categoryId === categoryId) : all;
    const link = (id?: number) => `${pathOf(v, v.locale, 'solutions')}${id ? `?category=${id}` : ''}`;
    const tabs = [
      { href: link(), current: !category, label: w.allSolutions, count: all.length },
      ...categories.map((c) => ({
        href: link(c.itemId),
        current: c.itemId === categoryId,
        label: c.title,
        count: all.filter((r) => dataOf(r).shared.categoryId === c.itemId).length,
      })),
    ];
    const title = category ? category.title : w.solutions;
    const path = link(categoryId);
    const main = h(SolutionListPage, { v, title, tabs, rows });
    const q = categoryId ? `?category=${categoryId}` : '';
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: category
        ? dataOf(category).translation.seoDescription || dataOf(category).translation.summary || `${site.name} ${title}`
        : `${site.name} ${w.solutions}`,
      path,
      alternates: Object.fromEntries(Object.entries(sectionAlternates(site, v, 'solutions')).map(([l, p]) => [l, `${p}${q}`])),
      jsonLd: [
        breadcrumbs(
          v,
          category
            ? [
                [w.solutions, link()],
                [title, path],
              ]
            : [[w.solutions, path]],
        ),
      ],
    };
    return sitePage(v, meta, 'solutions', main);
  }

  async function videoList(site: SiteRow, v: SiteView, type: string): Promise<Answer> {
    const w = words(v.locale);
    const section = SECTION_OF[type]!;
    const rows = await releasedItems(db, site.id, [type], v.locale);
    const title = type === 'video' ? w.videos : w.techVideos;
    const other =
      type === 'video'
        ? { href: pathOf(v, v.locale, 'tech-videos'), title: w.techVideos }
        : { href: pathOf(v, v.locale, 'videos'), title: w.videos };
    const path = pathOf(v, v.locale, section);
    const main = h(VideoListPage, { v, title, section, other, rows });
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: `${site.name} ${title}`,
      path,
      alternates: sectionAlternates(site, v, section),
      jsonLd: [breadcrumbs(v, [[title, path]])],
    };
    return sitePage(v, meta, 'videos', main);
  }

  /**
   * A video's page. The player is click-to-load: until the visitor follows the play link
   * (`?play=1`, a plain GET) the page holds no third-party frame or script, only the cover and a
   * direct link to the video.
   */
  async function videoPage(site: SiteRow, v: SiteView, row: PublicRow, query: Record<string, string>, isPreview: boolean): Promise<Answer> {
    const w = words(v.locale);
    const d = dataOf(row);
    const section = SECTION_OF[row.type]!;
    const listTitle = row.type === 'video' ? w.videos : w.techVideos;
    const path = pathOf(v, v.locale, `${section}/${encodeURIComponent(addrOf(row))}`);
    const videoUrl = d.shared.videoUrl ?? '';
    const embed = embedOf(videoUrl);
    const playing = query.play === '1' && embed !== null && !isPreview;
    const related =
      row.type === 'tech_video'
        ? (await releasedOfItems(db, site.id, d.shared.relatedIds ?? [])).filter(
            (r) => r.locale === v.locale && r.type === 'product' && shownRow(v, r),
          )
        : [];
    const main = h(VideoPage, {
      v,
      row,
      listTitle,
      listPath: pathOf(v, v.locale, section),
      embed,
      playing,
      playHref: isPreview ? videoUrl : `${path}?play=1`,
      related,
    });
    const meta: PageMeta = {
      title: `${d.translation.seoTitle || row.title} | ${site.name}`,
      description: d.translation.seoDescription || d.translation.summary || richTextDescription(d.translation.body),
      path,
      canonical: d.translation.canonical || undefined,
      ogImage: d.translation.ogImage || d.shared.cover || undefined,
      ogType: 'video.other',
      alternates: isPreview ? {} : await alternatesOf(site, v, section, row.itemId),
      noindex: d.translation.noindex || isPreview,
      preview: isPreview,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: row.title,
          description: d.translation.summary || richTextDescription(d.translation.body, 300) || row.title,
          thumbnailUrl: d.shared.cover ? [absUrl(v, d.shared.cover)] : undefined,
          uploadDate: (row.releasedAt ?? new Date(deps.clock.now())).toISOString(),
          contentUrl: videoUrl && embed?.kind !== 'iframe' ? absUrl(v, videoUrl) : undefined,
          embedUrl: embed?.kind === 'iframe' ? embed.src : undefined,
          url: `${v.origin}${path}`,
        },
        breadcrumbs(v, [
          [listTitle, pathOf(v, v.locale, section)],
          [row.title, path],
        ]),
      ],
    };
    return sitePage(v, meta, 'videos', main);
  }

  /** Up to COMPARE_MAX products side by side: comparable parameters, differences only unless `all=1`. */
  async function compare(site: SiteRow, v: SiteView, query: Record<string, string>): Promise<Answer> {
    const w = words(v.locale);
    const asked = parseIds(query.ids);
    const found = (await releasedOfItems(db, site.id, asked)).filter((r) => r.type === 'product' && shownRow(v, r));
    // A product without a translation in this locale is compared by its en-US one (as the list shows it).
    const english = v.locale !== 'en-US' && site.locales.includes('en-US');
    const rows = asked
      .map(
        (id) =>
          found.find((r) => r.itemId === id && r.locale === v.locale) ??
          (english ? found.find((r) => r.itemId === id && r.locale === 'en-US') : undefined),
      )
      .filter((r): r is PublicRow => !!r);
    const ids = rows.map((r) => r.itemId);
    const showAll = query.all === '1';
    const defs = (await siteParams(site.id)).defs.filter((d) => d.comparable);
    const cell = (def: ParamRow, r: PublicRow) => {
      const val = ((dataOf(r).shared.params ?? {}) as Record<string, unknown>)[def.key];
      return val === undefined ? '—' : formatValue(def, val, v.locale);
    };
    const lines = defs
      .map((def) => ({ def, cells: rows.map((r) => cell(def, r)) }))
      .filter((l) => l.cells.some((c) => c !== '—'))
      .map((l) => ({ ...l, differs: new Set(l.cells).size > 1 }));
    const shownLines = showAll ? lines : lines.filter((l) => l.differs);
    const productsLink = `${pathOf(v, v.locale, 'products')}${ids.length > 0 ? `?cmp=${ids.join(',')}` : ''}`;
    const main = h(ComparePage, {
      v,
      max: COMPARE_MAX,
      rows,
      lines: shownLines.map((l) => ({ name: nameOf(l.def.names, v.locale), cells: l.cells, differs: l.differs })),
      showAll,
      productsHref: productsLink,
      removeHref: (itemId: number) =>
        compareUrl(
          v,
          ids.filter((x) => x !== itemId),
          showAll,
        ),
      toggleHref: compareUrl(v, ids, !showAll),
    });
    const path = compareUrl(v, ids);
    const meta: PageMeta = {
      title: `${w.compareTitle}${rows.length > 0 ? `: ${rows.map((r) => r.title).join(', ')}` : ''} | ${site.name}`,
      description: rows.length > 0 ? `${w.compareTitle}: ${rows.map((r) => dataOf(r).shared.model ?? r.title).join(', ')}` : w.compareTitle,
      path,
      alternates: Object.fromEntries(
        Object.keys(sectionAlternates(site, v, 'compare')).map((l) => [l, compareUrl({ ...v, locale: l as Locale }, ids)]),
      ),
      // A comparison is for visitors; search engines index the product pages.
      noindex: true,
      jsonLd: [breadcrumbs(v, [[w.compareTitle, path]])],
    };
    return sitePage(v, meta, 'products', main);
  }

  /** Where a search hit leads: its page, its file (manuals) or its question on the support page. */
  function hitUrl(v: SiteView, r: PublicRow): string {
    if (r.type === 'manual') return dataOf(r).shared.fileUrl ?? '';
    if (r.type === 'installer_faq') return `${pathOf(v, v.locale, 'support')}#faq-${r.itemId}`;
    return pathOf(v, v.locale, `${SECTION_OF[r.type]}/${encodeURIComponent(addrOf(r))}`);
  }

  const visible = (r: PublicRow) =>
    (r.type !== 'manual' || dataOf(r).shared.publicAccess === true) &&
    (r.type !== 'installer_faq' || dataOf(r).shared.audience === 'site' || dataOf(r).shared.audience === 'both') &&
    (!['product', 'solution', 'news', 'video'].includes(r.type) || !!r.slug);

  /** Search: one box on every page; hits grouped by type with counts, each group a GET link. */
  async function search(site: SiteRow, v: SiteView, query: Record<string, string>): Promise<Answer> {
    const w = words(v.locale);
    const q = (typeof query.q === 'string' ? query.q : '').trim().slice(0, SEARCH_MAX_LENGTH);
    const type = typeof query.type === 'string' && SECTION_OF_SEARCH.includes(query.type) ? query.type : '';
    const page = Math.max(1, Math.min(1000, Number(query.page) || 1));
    const link = (t: string, pg = 1) => {
      const p = new URLSearchParams({ q });
      if (t) p.set('type', t);
      if (pg > 1) p.set('page', String(pg));
      return `${pathOf(v, v.locale, 'search')}?${p}`;
    };
    const label = (t: string) => (w as unknown as Record<string, string>)[`type_${t}`] ?? t;
    let total = 0;
    let tabs: CountedLink[] = [];
    let groups: Array<{ type: string; label: string; count: number; hits: SearchHit[]; moreHref?: string }> = [];
    let one: { label: string; count: number; hits: SearchHit[]; pager: { page: number; prev?: string; next?: string } } | undefined;
    if (q) {
      const needle = q.toLowerCase();
      const optionHits: Array<Record<string, unknown>> = [];
      for (const def of (await siteParams(site.id)).defs) {
        if (def.type !== 'enum' && def.type !== 'multi_enum') continue;
        for (const o of def.options as Array<{ value: string; labels: Record<string, string> }>) {
          if (Object.values(o.labels ?? {}).some((l) => l.toLowerCase().includes(needle))) {
            optionHits.push({ [def.key]: def.type === 'enum' ? o.value : [o.value] });
          }
        }
      }
      const own = await searchReleased(db, site.id, v.locale, q, optionHits);
      // Products without a translation here are found by their en-US one, labelled (zh-CN fallback).
      const english = await fallbackProductIds(site, v.locale);
      const fromEnglish =
        english.size > 0
          ? (await searchReleased(db, site.id, 'en-US', q, optionHits)).filter((r) => r.type === 'product' && english.has(r.itemId))
          : [];
      const isFallback = new Set(fromEnglish);
      const hits = [...own, ...fromEnglish].filter((r) => visible(r) && shownRow(v, r));
      total = hits.length;
      const byType = SECTION_OF_SEARCH.map((t) => ({ t, rows: hits.filter((r) => r.type === t) })).filter((g) => g.rows.length > 0);
      const hit = (r: PublicRow): SearchHit => ({ row: r, href: hitUrl(v, r), fallback: isFallback.has(r) });
      tabs = [
        { href: link(''), current: !type, label: w.allResults, count: total },
        ...byType.map((g) => ({ href: link(g.t), current: type === g.t, label: label(g.t), count: g.rows.length })),
      ];
      if (type) {
        const rows = hits.filter((r) => r.type === type);
        const pages = Math.max(1, Math.ceil(rows.length / SEARCH_PAGE_SIZE));
        one = {
          label: label(type),
          count: rows.length,
          hits: rows.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE).map(hit),
          pager:
            pages > 1
              ? { page, prev: page > 1 ? link(type, page - 1) : undefined, next: page < pages ? link(type, page + 1) : undefined }
              : { page },
        };
      } else {
        groups = byType.map((g) => ({
          type: g.t,
          label: label(g.t),
          count: g.rows.length,
          hits: g.rows.slice(0, SEARCH_GROUP_SIZE).map(hit),
          moreHref: g.rows.length > SEARCH_GROUP_SIZE ? link(g.t) : undefined,
        }));
      }
    }
    const title = q ? fill(w.searchTitle, { q }) : w.search;
    const path = pathOf(v, v.locale, 'search');
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: `${site.name} ${w.search}`,
      path,
      alternates: sectionAlternates(site, v, 'search'),
      // Result pages are for visitors, not for search engines.
      noindex: true,
      query: q,
      jsonLd: [breadcrumbs(v, [[w.search, path]])],
    };
    return sitePage(v, meta, 'search', h(SearchPage, { v, title, q, total, tabs, groups, one }));
  }

  /** Support: FAQ by type (site audience) with icons, public manuals by folder, technical videos. */
  async function support(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const [manualRows, types, faqs, techVideos] = await Promise.all([
      releasedItems(db, site.id, ['manual'], v.locale),
      releasedItems(db, site.id, ['faq_type'], v.locale),
      releasedItems(db, site.id, ['installer_faq'], v.locale),
      releasedItems(db, site.id, ['tech_video'], v.locale),
    ]);
    const rows = manualRows.filter((r) => dataOf(r).shared.publicAccess);
    const siteFaqs = faqs.filter((r) => ['site', 'both'].includes(dataOf(r).shared.audience ?? '')).sort(bySort);
    types.sort(bySort);
    const typed = types.map((t) => ({
      title: t.title,
      icon: dataOf(t).shared.cover ?? '',
      rows: siteFaqs.filter((f) => dataOf(f).shared.faqTypeId === t.itemId),
    }));
    const loose = siteFaqs.filter((f) => !types.some((t) => t.itemId === dataOf(f).shared.faqTypeId));
    if (loose.length > 0) typed.push({ title: w.otherQuestions, icon: '', rows: loose });
    const folders = [...new Set(rows.map((r) => dataOf(r).shared.folder ?? ''))].sort();
    const main = h(SupportPage, {
      v,
      faqGroups: typed.filter((g) => g.rows.length > 0),
      manualFolders: folders.map((f) => ({ folder: f, rows: rows.filter((r) => (dataOf(r).shared.folder ?? '') === f) })),
      techVideos,
    });
    const path = pathOf(v, v.locale, 'support');
    const jsonLd: unknown[] = [breadcrumbs(v, [[w.support, path]])];
    if (siteFaqs.length > 0) {
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: siteFaqs.map((f) => ({
          '@type': 'Question',
          name: f.title,
          acceptedAnswer: { '@type': 'Answer', text: richTextDescription(dataOf(f).translation.body, 5000) || f.title },
        })),
      });
    }
    const meta: PageMeta = {
      title: `${w.support} | ${site.name}`,
      description: `${site.name} ${w.faq}, ${w.manuals}, ${w.techVideos}`,
      path,
      alternates: sectionAlternates(site, v, 'support'),
      jsonLd,
    };
    return sitePage(v, meta, 'support', main);
  }

  /** A signed preview: the draft (or pinned revision) rendered by the page the site will use. */
  async function preview(site: SiteRow, itemId: number, url: string, origin: string): Promise<Answer> {
    const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
    const check = checkPreviewUrl(url, deps.services.config.linkSecret, deps.clock.now());
    const refuse = (status: 404 | 410): Answer => {
      const a = notFound(site, 'en-US', `/site/${site.slug}`, origin);
      return { ...a, status, headers: noindex };
    };
    if (!check.ok) return refuse(check.status);
    const locale = check.locale as Locale;
    if (!SITE_LOCALES.includes(locale)) return refuse(404);
    const row = await previewRevision(db, site.id, itemId, locale, check.revisionId);
    if (!row) return refuse(404);
    const v: SiteView = { siteName: site.name, locale, base: `/site/${site.slug}`, origin };
    const a = await pageOf(site, v, row, {}, true);
    return { ...a, headers: { ...a.headers, ...noindex } };
  }

  async function terms(site: SiteRow, v: SiteView, type: 'service' | 'privacy'): Promise<Answer> {
    const w = words(v.locale);
    const row = (await releasedItems(db, site.id, ['terms'], v.locale))
      .filter((r) => dataOf(r).shared.termType === type)
      .sort((a, b) => (dataOf(b).shared.effectiveDate ?? '').localeCompare(dataOf(a).shared.effectiveDate ?? ''))[0];
    const title = row?.title ?? (type === 'service' ? w.service : w.privacy);
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: title,
      path: pathOf(v, v.locale, `terms/${type}`),
      alternates: sectionAlternates(site, v, `terms/${type}`),
    };
    return sitePage(v, meta, 'terms', h(TermsPage, { v, type, title, row }));
  }

  async function sitemap(site: SiteRow, base: string, origin: string): Promise<Answer> {
    const rows = (await releasedPages(db, site.id, ['product', 'news', 'solution', 'video', 'tech_video'])).filter(
      (r) => (r.slug || r.type === 'tech_video') && !r.noindex,
    );
    const byItem = new Map<number, typeof rows>();
    for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
    const loc = (locale: string, rest: string) => escXml(`${origin}${base}/${locale}/${rest}`);
    const urls: string[] = [];
    for (const l of site.locales) {
      for (const rest of ['', 'products', 'solutions', 'news', 'videos', 'tech-videos', 'support']) {
        const alts = site.locales.map((x) => `<xhtml:link rel="alternate" hreflang="${x}" href="${loc(x, rest)}"/>`).join('');
        urls.push(`<url><loc>${loc(l, rest)}</loc>${alts}</url>`);
      }
    }
    for (const group of byItem.values()) {
      for (const r of group) {
        const section = SECTION_OF[r.type]!;
        // A page whose canonical is another address is not listed: a sitemap names canonical pages only.
        const own = `${origin}${base}/${r.locale}/${section}/${encodeURIComponent(addrOf(r))}`;
        if (r.canonical.trim() && r.canonical.trim() !== own && `${origin}${r.canonical.trim()}` !== own) continue;
        const alts = group
          .map(
            (x) =>
              `<xhtml:link rel="alternate" hreflang="${x.locale}" href="${loc(x.locale, `${section}/${encodeURIComponent(addrOf(x))}`)}"/>`,
          )
          .join('');
        const lastmod = r.releasedAt ? `<lastmod>${r.releasedAt.toISOString().slice(0, 10)}</lastmod>` : '';
        urls.push(`<url><loc>${loc(r.locale, `${section}/${encodeURIComponent(addrOf(r))}`)}</loc>${lastmod}${alts}</url>`);
      }
    }
    return {
      status: 200,
      type: 'application/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
    };
  }
}
