/**
 * The public site (issue 14 §8-9), served by this server: at the root of each site domain
 * (company_domains kind 'site') and at /site/<slug>/ on every host. Pages: home, products with
 * category and parameter facets (GET links with counts: Back keeps the state, no script), product,
 * news, support (public manuals), terms, sitemap.xml, robots.txt and a 404. Only released
 * translations through their released revision are read; a draft is never served.
 */
import type { ContentShared, Locale } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RevisionData } from './content.rules';
import { paramsOfSite, paramGroupsOfSite, type ParamRow, type SiteRow } from './content.repository';
import { richTextDescription } from './rich-text';
import { esc, fill, layout, pathOf, richText, SITE_LOCALES, words, type PageMeta, type SiteView } from './site.render';
import {
  releasedBySlug,
  releasedItems,
  releasedOfItems,
  releasedPages,
  unsafeSiteByDomain,
  unsafeSiteBySlug,
  type PublicRow,
} from './site.repository';

const PAGE_SIZE = 12;
const SECTION_TYPES: Record<string, string> = { products: 'product', news: 'news' };
const DOMAIN_TTL_MS = 30_000;

interface Deps {
  database: Database;
  clock: Clock;
}

interface Answer {
  status: number;
  type: string;
  body: string;
  location?: string;
}

const html = (body: string, status = 200): Answer => ({ status, type: 'text/html; charset=utf-8', body });
const redirect = (location: string, status = 302): Answer => ({ status, type: 'text/plain; charset=utf-8', body: '', location });

const dataOf = (r: PublicRow) => r.data as RevisionData;

/**
 * What a site domain still answers as the portal: the API, the sites' own paths, and the files a
 * third party fetches from every domain of the company (Apple Pay's domain association).
 */
const PORTAL_PREFIXES = ['/v1.0/', '/api/', '/site/', '/.well-known/'];

export function registerSiteRoutes(app: FastifyInstance, deps: Deps): void {
  const db = deps.database.db;
  const domainCache = new Map<string, { site: SiteRow | null; at: number }>();

  async function siteOfHost(host: string): Promise<SiteRow | null> {
    const now = Date.now();
    const hit = domainCache.get(host);
    if (hit && now - hit.at < DOMAIN_TTL_MS) return hit.site;
    const site = await unsafeSiteByDomain(db, host);
    if (domainCache.size > 1000) domainCache.clear();
    domainCache.set(host, { site, at: now });
    return site;
  }

  function send(reply: FastifyReply, a: Answer) {
    reply.status(a.status).header('content-type', a.type);
    if (a.location) reply.header('location', a.location);
    if (a.status === 200) reply.header('cache-control', 'public, max-age=60');
    return reply.send(a.body);
  }

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
    const a = await render(site, '', path.replace(/^\/+/, ''), req.query as Record<string, string>, originOf(req));
    return send(reply, a);
  });

  app.get<{ Params: { slug: string } }>('/site/:slug', async (req, reply) =>
    send(reply, redirect(`/site/${encodeURIComponent(req.params.slug)}/`)),
  );
  app.get<{ Params: { slug: string; '*': string }; Querystring: Record<string, string> }>('/site/:slug/*', async (req, reply) => {
    const site = await unsafeSiteBySlug(db, req.params.slug);
    if (!site) return send(reply, notFound(null, 'en-US', '', originOf(req)));
    return send(reply, await render(site, `/site/${site.slug}`, req.params['*'], req.query, originOf(req)));
  });

  async function render(site: SiteRow, base: string, rest: string, query: Record<string, string>, origin: string): Promise<Answer> {
    const parts = rest
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    if (parts.length === 0) return redirect(`${base}/${site.locales[0] ?? 'en-US'}/`);
    if (parts.length === 1 && parts[0] === 'robots.txt') return robots(base, origin);
    if (parts.length === 1 && parts[0] === 'sitemap.xml') return sitemap(site, base, origin);
    const locale = parts[0] as Locale;
    if (!SITE_LOCALES.includes(locale) || !site.locales.includes(locale)) return notFound(site, 'en-US', base, origin);
    const v: SiteView = { siteName: site.name, locale, base, origin };
    const [section, slug, extra] = parts.slice(1);
    if (extra !== undefined) return notFound(site, locale, base, origin);
    if (!section) return home(site, v);
    if (section === 'products' && !slug) return productList(site, v, query);
    if (section === 'products' && slug) return productPage(site, v, slug);
    if (section === 'news' && !slug) return newsList(site, v);
    if (section === 'news' && slug) return articlePage(site, v, 'news', slug);
    if (section === 'support' && !slug) return support(site, v);
    if (section === 'terms' && (slug === 'service' || slug === 'privacy')) return terms(site, v, slug);
    return notFound(site, locale, base, origin);
  }

  function notFound(site: SiteRow | null, locale: Locale, base: string, origin: string): Answer {
    const v: SiteView = { siteName: site?.name ?? '', locale, base, origin };
    const w = words(locale);
    const path = pathOf(v, locale, '404');
    return html(
      layout(
        v,
        { title: w.notFound, description: '', path, alternates: {}, noindex: true },
        '',
        `<h1>${esc(w.notFound)}</h1><p>${esc(w.notFoundText)}</p>${site ? `<p><a href="${esc(pathOf(v, locale))}">${esc(w.backHome)}</a></p>` : ''}`,
      ),
      404,
    );
  }

  function robots(base: string, origin: string): Answer {
    return { status: 200, type: 'text/plain; charset=utf-8', body: `User-agent: *\nAllow: /\nSitemap: ${origin}${base}/sitemap.xml\n` };
  }

  async function alternatesOf(site: SiteRow, v: SiteView, section: string, itemId: number): Promise<Partial<Record<Locale, string>>> {
    const out: Partial<Record<Locale, string>> = {};
    for (const r of await releasedOfItems(db, site.id, [itemId])) {
      if (r.slug) out[r.locale as Locale] = pathOf(v, r.locale as Locale, `${section}/${encodeURIComponent(r.slug)}`);
    }
    return out;
  }

  const sectionAlternates = (site: SiteRow, v: SiteView, rest: string) =>
    Object.fromEntries(
      site.locales.filter((l) => SITE_LOCALES.includes(l as Locale)).map((l) => [l, pathOf(v, l as Locale, rest)]),
    ) as Partial<Record<Locale, string>>;

  function card(v: SiteView, section: string, r: PublicRow): string {
    const d = dataOf(r);
    const model = d.shared.model ? `<p>${esc(d.shared.model)}</p>` : '';
    const gone = d.shared.discontinued ? ` <span class="tag">${esc(words(v.locale).discontinuedTag)}</span>` : '';
    return `<li class="card"><h3><a href="${esc(pathOf(v, v.locale, `${section}/${encodeURIComponent(r.slug)}`))}">${esc(r.title)}</a>${gone}</h3>${model}${
      d.translation.summary ? `<p>${esc(d.translation.summary)}</p>` : ''
    }</li>`;
  }

  async function home(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const now = deps.clock.now();
    const inWindow = (s: ContentShared) => (s.startAt ?? 0) <= now && (s.endAt ?? Number.MAX_SAFE_INTEGER) > now;
    const banners = (await releasedItems(db, site.id, ['banner'], v.locale)).filter((r) => inWindow(dataOf(r).shared)).slice(0, 3);
    const hot = (await releasedItems(db, site.id, ['hot_product'], v.locale)).filter((r) => inWindow(dataOf(r).shared));
    const hotIds = hot.map((h) => dataOf(h).shared.targetId).filter((x): x is number => !!x);
    const hotProducts = (await releasedOfItems(db, site.id, hotIds)).filter((r) => r.locale === v.locale && r.type === 'product');
    const products = hotProducts.length > 0 ? hotProducts : await releasedItems(db, site.id, ['product'], v.locale, { limit: 8 });
    const news = await releasedItems(db, site.id, ['news'], v.locale, { limit: 4 });
    const bannerHtml = banners
      .map((b) => {
        const d = dataOf(b);
        const link = d.shared.link ? `<p><a href="${esc(d.shared.link)}">${esc(w.more)}</a></p>` : '';
        return `<section class="banner" aria-label="${esc(b.title)}"><h2>${esc(b.title)}</h2>${d.translation.summary ? `<p>${esc(d.translation.summary)}</p>` : ''}${link}</section>`;
      })
      .join('');
    const main = `<h1>${esc(site.name)}</h1>${bannerHtml}
<h2>${esc(w.hotProducts)}</h2><ul class="grid">${products.map((r) => card(v, 'products', r)).join('')}</ul>
<h2>${esc(w.latestNews)}</h2><ul class="grid">${news.map((r) => card(v, 'news', r)).join('')}</ul>`;
    const meta: PageMeta = {
      title: site.name,
      description: `${site.name} — ${w.products}, ${w.news}, ${w.support}`,
      path: pathOf(v, v.locale),
      alternates: sectionAlternates(site, v, ''),
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: `${v.origin}${pathOf(v, v.locale)}` }],
    };
    return html(layout(v, meta, 'home', main));
  }

  function facetValue(def: ParamRow, raw: string): unknown {
    if (def.type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : undefined;
    if (def.type === 'enum') return raw;
    if (def.type === 'multi_enum') return [raw];
    return undefined;
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
    const categories = await releasedItems(db, site.id, ['product_category'], v.locale);
    const categoryId = Number(query.category) || undefined;
    const category = categoryId ? categories.find((c) => c.itemId === categoryId) : undefined;
    if (categoryId && !category) return notFound(site, v.locale, v.base, v.origin);
    const defs = (await paramsOfSite(db, site.id)).filter((d) => d.filterable && ['enum', 'multi_enum', 'boolean'].includes(d.type));
    const chosen: Record<string, string> = {};
    for (const d of defs) {
      const raw = query[`f.${d.key}`];
      if (raw !== undefined && facetValue(d, raw) !== undefined) chosen[d.key] = raw;
    }
    const filterOf = (c: Record<string, string>) =>
      Object.fromEntries(defs.filter((d) => c[d.key] !== undefined).map((d) => [d.key, facetValue(d, c[d.key]!)]));
    const all = await releasedItems(db, site.id, ['product'], v.locale, { categoryId });
    const matches = (r: PublicRow, c: Record<string, string>) => {
      const p = (dataOf(r).shared.params ?? {}) as Record<string, unknown>;
      return Object.entries(filterOf(c)).every(([k, want]) => {
        const have = p[k];
        return Array.isArray(want) ? Array.isArray(have) && have.includes(want[0]) : have === want;
      });
    };
    const rows = all.filter((r) => matches(r, chosen));
    const page = Math.max(1, Number(query.page) || 1);
    const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const url = (c: Record<string, string>, cat: number | undefined, pg?: number) => {
      const q = new URLSearchParams();
      if (cat) q.set('category', String(cat));
      for (const [k, val] of Object.entries(c).sort()) q.set(`f.${k}`, val);
      if (pg && pg > 1) q.set('page', String(pg));
      const s = q.toString();
      return `${pathOf(v, v.locale, 'products')}${s ? `?${s}` : ''}`;
    };
    const allProducts = await releasedItems(db, site.id, ['product'], v.locale);
    const catCount = (id: number) => allProducts.filter((r) => dataOf(r).shared.categoryId === id).length;
    const catLinks = [
      `<li><a href="${esc(url({}, undefined))}"${!categoryId ? ' aria-current="true"' : ''}>${esc(w.allCategories)} (${allProducts.length})</a></li>`,
      ...categories.map(
        (c) =>
          `<li><a href="${esc(url({}, c.itemId))}"${c.itemId === categoryId ? ' aria-current="true"' : ''}>${esc(c.title)} (${catCount(c.itemId)})</a></li>`,
      ),
    ].join('');
    const facetHtml = defs
      .map((d) => {
        const values = d.type === 'boolean' ? ['true', 'false'] : (d.options as Array<{ value: string }>).map((o) => o.value);
        const items = values
          .map((val) => {
            const next = { ...chosen, [d.key]: val };
            const n = all.filter((r) => matches(r, next)).length;
            const on = chosen[d.key] === val;
            if (n === 0 && !on) return '';
            const label = d.type === 'boolean' ? (val === 'true' ? w.yes : w.no) : optionLabel(d, val, v.locale);
            const target = on ? Object.fromEntries(Object.entries(chosen).filter(([k]) => k !== d.key)) : next;
            return `<li><a href="${esc(url(target, categoryId))}"${on ? ' aria-current="true"' : ''}>${on ? '✓ ' : ''}${esc(label)} (${n})</a></li>`;
          })
          .join('');
        return items ? `<h2>${esc(nameOf(d.names, v.locale))}</h2><ul>${items}</ul>` : '';
      })
      .join('');
    const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
    const pager =
      pages > 1
        ? `<nav class="pager" aria-label="${esc(fill(w.page, { n: page }))}">${page > 1 ? `<a href="${esc(url(chosen, categoryId, page - 1))}">${esc(w.previous)}</a>` : ''}${
            page < pages ? `<a href="${esc(url(chosen, categoryId, page + 1))}">${esc(w.next)}</a>` : ''
          }</nav>`
        : '';
    const title = category ? category.title : w.products;
    const main = `<h1>${esc(title)}</h1><div class="layout">
<aside class="facets" aria-label="${esc(w.filters)}"><h2>${esc(w.categories)}</h2><ul>${catLinks}</ul>${facetHtml}${
      Object.keys(chosen).length > 0 ? `<p><a href="${esc(url({}, categoryId))}">${esc(w.clearFilters)}</a></p>` : ''
    }</aside>
<section aria-label="${esc(w.products)}"><p class="muted" role="status">${esc(fill(w.results, { n: rows.length }))}</p>${
      shown.length > 0 ? `<ul class="grid">${shown.map((r) => card(v, 'products', r)).join('')}</ul>` : `<p>${esc(w.noResults)}</p>`
    }${pager}</section></div>`;
    const canonicalQuery = categoryId ? `?category=${categoryId}` : '';
    const meta: PageMeta = {
      title: `${title} | ${site.name}`,
      description: category
        ? dataOf(category).translation.seoDescription || dataOf(category).translation.summary
        : `${site.name} ${w.products}`,
      path: `${pathOf(v, v.locale, 'products')}${canonicalQuery}`,
      alternates: Object.fromEntries(Object.entries(sectionAlternates(site, v, 'products')).map(([l, p]) => [l, `${p}${canonicalQuery}`])),
      // Filtered and paged views are for visitors; the category page is what search engines index.
      noindex: Object.keys(chosen).length > 0 || page > 1,
    };
    return html(layout(v, meta, 'products', main));
  }

  async function productPage(site: SiteRow, v: SiteView, slug: string): Promise<Answer> {
    const w = words(v.locale);
    const row = await releasedBySlug(db, site.id, 'product', v.locale, slug);
    if (!row) return notFound(site, v.locale, v.base, v.origin);
    const d = dataOf(row);
    const defs = await paramsOfSite(db, site.id);
    const groups = await paramGroupsOfSite(db, site.id);
    const params = (d.shared.params ?? {}) as Record<string, unknown>;
    const groupOrder = [...groups.map((g) => g.id), null];
    const specRows = groupOrder
      .map((gid) => {
        const inGroup = defs.filter((x) => x.groupId === gid && params[x.key] !== undefined);
        if (inGroup.length === 0) return '';
        const g = groups.find((x) => x.id === gid);
        const head = g ? `<tr><th colspan="2" scope="colgroup">${esc(nameOf(g.names, v.locale))}</th></tr>` : '';
        return (
          head +
          inGroup
            .map(
              (x) =>
                `<tr><th scope="row">${esc(nameOf(x.names, v.locale))}</th><td>${esc(formatValue(x, params[x.key], v.locale))}</td></tr>`,
            )
            .join('')
        );
      })
      .join('');
    const linkIds = [d.shared.successorId, ...(d.shared.relatedIds ?? []), ...(d.shared.manualIds ?? [])].filter((x): x is number => !!x);
    const linked = (await releasedOfItems(db, site.id, linkIds)).filter((r) => r.locale === v.locale);
    const successor = d.shared.successorId ? linked.find((r) => r.itemId === d.shared.successorId && r.type === 'product') : undefined;
    const related = linked.filter((r) => r.type === 'product' && (d.shared.relatedIds ?? []).includes(r.itemId));
    const manuals = linked.filter(
      (r) => r.type === 'manual' && (d.shared.manualIds ?? []).includes(r.itemId) && dataOf(r).shared.publicAccess,
    );
    const gone = d.shared.discontinued
      ? `<p class="notice">${esc(w.discontinued)}${
          successor
            ? ` <a href="${esc(pathOf(v, v.locale, `products/${encodeURIComponent(successor.slug)}`))}">${esc(fill(w.successor, { name: successor.title }))}</a>`
            : ''
        }</p>`
      : '';
    const main = `<p><a href="${esc(pathOf(v, v.locale, 'products'))}">${esc(w.products)}</a></p>
<h1>${esc(row.title)}</h1>${gone}<p class="muted">${esc(w.model)}: ${esc(d.shared.model ?? '')}</p>
${d.translation.summary ? `<p>${esc(d.translation.summary)}</p>` : ''}
<div class="body">${richText(d.translation.body)}</div>
${specRows ? `<h2>${esc(w.specifications)}</h2><table><tbody>${specRows}</tbody></table>` : ''}
${manuals.length > 0 ? `<h2>${esc(w.manuals)}</h2><ul>${manuals.map((m) => `<li><a href="${esc(dataOf(m).shared.fileUrl ?? '')}">${esc(m.title)}</a></li>`).join('')}</ul>` : ''}
${related.length > 0 ? `<h2>${esc(w.related)}</h2><ul class="grid">${related.map((r) => card(v, 'products', r)).join('')}</ul>` : ''}`;
    const path = pathOf(v, v.locale, `products/${encodeURIComponent(row.slug)}`);
    const meta: PageMeta = {
      title: `${d.translation.seoTitle || row.title} | ${site.name}`,
      description: d.translation.seoDescription || d.translation.summary || richTextDescription(d.translation.body),
      path,
      alternates: await alternatesOf(site, v, 'products', row.itemId),
      noindex: d.translation.noindex,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: row.title,
          model: d.shared.model,
          sku: d.shared.model,
          description: d.translation.summary || richTextDescription(d.translation.body, 500),
          brand: { '@type': 'Brand', name: site.name },
          url: `${v.origin}${path}`,
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
    return html(layout(v, meta, 'products', main));
  }

  async function newsList(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const rows = await releasedItems(db, site.id, ['news'], v.locale);
    const main = `<h1>${esc(w.news)}</h1><ul class="grid">${rows.map((r) => card(v, 'news', r)).join('')}</ul>`;
    return html(
      layout(
        v,
        {
          title: `${w.news} | ${site.name}`,
          description: `${site.name} ${w.news}`,
          path: pathOf(v, v.locale, 'news'),
          alternates: sectionAlternates(site, v, 'news'),
        },
        'news',
        main,
      ),
    );
  }

  async function articlePage(site: SiteRow, v: SiteView, type: string, slug: string): Promise<Answer> {
    const w = words(v.locale);
    const section = Object.keys(SECTION_TYPES).find((k) => SECTION_TYPES[k] === type)!;
    const row = await releasedBySlug(db, site.id, type, v.locale, slug);
    if (!row) return notFound(site, v.locale, v.base, v.origin);
    const d = dataOf(row);
    const path = pathOf(v, v.locale, `${section}/${encodeURIComponent(row.slug)}`);
    const date = row.releasedAt ? row.releasedAt.toISOString().slice(0, 10) : '';
    const main = `<p><a href="${esc(pathOf(v, v.locale, section))}">${esc(w.news)}</a></p><article><h1>${esc(row.title)}</h1>${
      date ? `<p class="muted"><time datetime="${date}">${date}</time></p>` : ''
    }${d.translation.summary ? `<p>${esc(d.translation.summary)}</p>` : ''}<div class="body">${richText(d.translation.body)}</div></article>`;
    const meta: PageMeta = {
      title: `${d.translation.seoTitle || row.title} | ${site.name}`,
      description: d.translation.seoDescription || d.translation.summary || richTextDescription(d.translation.body),
      path,
      alternates: await alternatesOf(site, v, section, row.itemId),
      noindex: d.translation.noindex,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: row.title,
          description: d.translation.summary || richTextDescription(d.translation.body, 500),
          datePublished: row.releasedAt?.toISOString(),
          url: `${v.origin}${path}`,
        },
      ],
    };
    return html(layout(v, meta, 'news', main));
  }

  async function support(site: SiteRow, v: SiteView): Promise<Answer> {
    const w = words(v.locale);
    const rows = (await releasedItems(db, site.id, ['manual'], v.locale)).filter((r) => dataOf(r).shared.publicAccess);
    const folders = [...new Set(rows.map((r) => dataOf(r).shared.folder ?? ''))].sort();
    const body =
      rows.length === 0
        ? `<p>${esc(w.noDocuments)}</p>`
        : folders
            .map(
              (f) =>
                `<h2>${esc(f || w.manuals)}</h2><ul>${rows
                  .filter((r) => (dataOf(r).shared.folder ?? '') === f)
                  .map(
                    (r) =>
                      `<li><a href="${esc(dataOf(r).shared.fileUrl ?? '')}">${esc(r.title)}</a>${dataOf(r).translation.summary ? ` — ${esc(dataOf(r).translation.summary)}` : ''}</li>`,
                  )
                  .join('')}</ul>`,
            )
            .join('');
    return html(
      layout(
        v,
        {
          title: `${w.support} | ${site.name}`,
          description: `${site.name} ${w.manuals}`,
          path: pathOf(v, v.locale, 'support'),
          alternates: sectionAlternates(site, v, 'support'),
        },
        'support',
        `<h1>${esc(w.support)}</h1>${body}`,
      ),
    );
  }

  async function terms(site: SiteRow, v: SiteView, type: 'service' | 'privacy'): Promise<Answer> {
    const w = words(v.locale);
    const row = (await releasedItems(db, site.id, ['terms'], v.locale))
      .filter((r) => dataOf(r).shared.termType === type)
      .sort((a, b) => (dataOf(b).shared.effectiveDate ?? '').localeCompare(dataOf(a).shared.effectiveDate ?? ''))[0];
    const title = row?.title ?? (type === 'service' ? w.service : w.privacy);
    const body = row
      ? `<p class="muted">${esc(fill(w.effective, { date: dataOf(row).shared.effectiveDate ?? '' }))}</p><div class="body">${richText(dataOf(row).translation.body)}</div>`
      : `<p>${esc(type === 'service' ? w.builtInService : w.builtInPrivacy)}</p>`;
    return html(
      layout(
        v,
        {
          title: `${title} | ${site.name}`,
          description: title,
          path: pathOf(v, v.locale, `terms/${type}`),
          alternates: sectionAlternates(site, v, `terms/${type}`),
        },
        'terms',
        `<h1>${esc(title)}</h1>${body}`,
      ),
    );
  }

  async function sitemap(site: SiteRow, base: string, origin: string): Promise<Answer> {
    const rows = (await releasedPages(db, site.id, ['product', 'news'])).filter((r) => r.slug && !r.noindex);
    const byItem = new Map<number, typeof rows>();
    for (const r of rows) byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
    const loc = (locale: string, rest: string) => esc(`${origin}${base}/${locale}/${rest}`);
    const urls: string[] = [];
    for (const l of site.locales) {
      for (const rest of ['', 'products', 'news', 'support']) {
        const alts = site.locales.map((x) => `<xhtml:link rel="alternate" hreflang="${x}" href="${loc(x, rest)}"/>`).join('');
        urls.push(`<url><loc>${loc(l, rest)}</loc>${alts}</url>`);
      }
    }
    for (const group of byItem.values()) {
      for (const r of group) {
        const section = r.type === 'product' ? 'products' : 'news';
        const alts = group
          .map(
            (x) =>
              `<xhtml:link rel="alternate" hreflang="${x.locale}" href="${loc(x.locale, `${section}/${encodeURIComponent(x.slug)}`)}"/>`,
          )
          .join('');
        const lastmod = r.releasedAt ? `<lastmod>${r.releasedAt.toISOString().slice(0, 10)}</lastmod>` : '';
        urls.push(`<url><loc>${loc(r.locale, `${section}/${encodeURIComponent(r.slug)}`)}</loc>${lastmod}${alts}</url>`);
      }
    }
    return {
      status: 200,
      type: 'application/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
    };
  }
}
