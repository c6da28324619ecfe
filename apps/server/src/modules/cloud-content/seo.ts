/**
 * The SEO gaps of a site's released translations (issue 14 §11, the overview and the SEO tab):
 * pages without a description, titles two released items of a kind share in a locale, images in
 * rich text without alt text, and links to a page of this site that does not answer (not released,
 * never existed). Pure: the caller reads the released rows, the site's domains and its old
 * addresses (a link to an old address answers 301, so it is not broken).
 */
import type { ContentType, Locale, RichTextNode, SeoGap } from '@portal/contract';
import type { RevisionData } from './content.rules';

/** The types with a page of their own: they need a description. */
const PAGE_TYPES: readonly string[] = ['product', 'product_category', 'news', 'solution', 'video', 'tech_video'];
/** The site's sections with an address per item, and their type. */
const SECTION_TYPES: Record<string, string> = {
  products: 'product',
  news: 'news',
  solutions: 'solution',
  videos: 'video',
  'tech-videos': 'tech_video',
};
/** Sections that answer without an item address. */
const PLAIN_SECTIONS = new Set(['', 'products', 'news', 'solutions', 'videos', 'tech-videos', 'support', 'compare', 'search']);

export interface SeoRow {
  itemId: number;
  type: string;
  locale: string;
  slug: string;
  title: string;
  data: unknown;
}

export interface SeoSite {
  slug: string;
  locales: readonly string[];
  domains: readonly string[];
}

/** The images (src, alt) and link targets of a body: a Tiptap document or a legacy HTML string. */
export function bodyRefs(body: unknown): { images: Array<{ src: string; alt: string }>; links: string[] } {
  const images: Array<{ src: string; alt: string }> = [];
  const links: string[] = [];
  if (typeof body === 'string') {
    for (const m of body.matchAll(/<img\b[^>]*>/gi)) {
      const src = /\ssrc\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1] ?? '';
      const alt = /\salt\s*=\s*["']([^"']*)["']/i.exec(m[0])?.[1] ?? '';
      images.push({ src, alt });
    }
    for (const m of body.matchAll(/<a\b[^>]*\shref\s*=\s*["']([^"']*)["']/gi)) links.push(m[1]!);
    return { images, links };
  }
  const walk = (n: RichTextNode | undefined) => {
    if (!n || typeof n !== 'object') return;
    if (n.type === 'image') images.push({ src: String(n.attrs?.src ?? ''), alt: String(n.attrs?.alt ?? '') });
    for (const mark of n.marks ?? []) if (mark.type === 'link' && typeof mark.attrs?.href === 'string') links.push(mark.attrs.href);
    for (const c of n.content ?? []) walk(c);
  };
  walk(body as RichTextNode);
  return { images, links };
}

/**
 * The path of a link on this site ('/<locale>/<section>/<address>'), or null for a link elsewhere
 * (another host, another site, mailto, the site's uploaded files).
 */
export function sitePathOf(href: string, site: SeoSite): string | null {
  let path: string;
  if (href.startsWith('/') && !href.startsWith('//')) path = href;
  else {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const onDomain = site.domains.includes(url.hostname.toLowerCase());
    if (!onDomain && !url.pathname.startsWith(`/site/${site.slug}/`)) return null;
    path = url.pathname;
  }
  path = path.split(/[?#]/)[0]!;
  const base = `/site/${site.slug}`;
  if (path === base || path.startsWith(`${base}/`)) path = path.slice(base.length) || '/';
  else if (path.startsWith('/site/') || path.startsWith('/content-assets/') || path.startsWith('/document/')) return null;
  return path;
}

/** Whether a path of this site answers (a released page, an old address that redirects, a plain section). */
function pathAnswers(path: string, site: SeoSite, released: Set<string>, redirects: Set<string>): boolean {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
  if (parts.length === 0) return true;
  if (parts.length === 1 && (parts[0] === 'robots.txt' || parts[0] === 'sitemap.xml')) return true;
  const [locale, section = '', addr, extra] = parts;
  if (!site.locales.includes(locale!) || extra !== undefined) return false;
  if (addr === undefined) return PLAIN_SECTIONS.has(section);
  if (section === 'terms') return addr === 'service' || addr === 'privacy';
  const type = SECTION_TYPES[section];
  if (!type) return false;
  const key = `${type}\n${locale}\n${addr}`;
  return released.has(key) || redirects.has(key);
}

/** Every SEO gap of the released translations, in the order kind, type, item, locale. */
export function seoGaps(
  rows: readonly SeoRow[],
  site: SeoSite,
  redirects: ReadonlyArray<{ type: string; locale: string; oldSlug: string }>,
): SeoGap[] {
  const gaps: SeoGap[] = [];
  const gap = (kind: SeoGap['kind'], r: SeoRow, detail: string) =>
    gaps.push({ kind, itemId: r.itemId, type: r.type as ContentType, locale: r.locale as Locale, title: r.title, detail });
  const released = new Set<string>();
  for (const r of rows) {
    if (r.slug) released.add(`${r.type}\n${r.locale}\n${r.slug}`);
    released.add(`${r.type}\n${r.locale}\n${r.itemId}`);
  }
  const moved = new Set(redirects.map((x) => `${x.type}\n${x.locale}\n${x.oldSlug}`));

  for (const r of rows) {
    const d = r.data as RevisionData;
    if (PAGE_TYPES.includes(r.type) && !(d.translation.seoDescription ?? '').trim()) gap('missingDescription', r, '');
  }
  const byTitle = new Map<string, SeoRow[]>();
  for (const r of rows) {
    if (!PAGE_TYPES.includes(r.type) || !r.title.trim()) continue;
    const key = `${r.type}\n${r.locale}\n${r.title.trim().toLowerCase()}`;
    byTitle.set(key, [...(byTitle.get(key) ?? []), r]);
  }
  for (const group of byTitle.values()) if (group.length > 1) for (const r of group) gap('duplicateTitle', r, r.title);
  for (const r of rows) {
    const d = r.data as RevisionData;
    const refs = bodyRefs(d.translation.body);
    for (const img of refs.images) if (!img.alt.trim()) gap('imageWithoutAlt', r, img.src);
    const links = [...refs.links, ...(d.shared.link ? [d.shared.link] : [])];
    for (const href of new Set(links)) {
      const path = sitePathOf(href, site);
      if (path !== null && !pathAnswers(path, site, released, moved)) gap('brokenLink', r, href);
    }
  }
  const order: Record<SeoGap['kind'], number> = { missingDescription: 0, duplicateTitle: 1, imageWithoutAlt: 2, brokenLink: 3 };
  return gaps.sort(
    (a, b) => order[a.kind] - order[b.kind] || a.type.localeCompare(b.type) || a.itemId - b.itemId || a.locale.localeCompare(b.locale),
  );
}
