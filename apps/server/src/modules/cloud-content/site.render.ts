/**
 * The public site's HTML, rendered on the server without a DOM and without client script: a light,
 * accessible layout (landmarks, one h1, labelled navigation, visible focus), canonical and hreflang
 * links, JSON-LD with `<` escaped. Every text is escaped here; rich text (a Tiptap document
 * checked on save) is rendered by rich-text.ts through the static renderer.
 */
import type { Locale } from '@portal/contract';
import { renderRichText } from './rich-text';

export const SITE_LOCALES: readonly Locale[] = ['en-US', 'zh-CN'];

/** The site's own words in both locales (the portal's GLOSSARY terms). */
export const SITE_TEXT = {
  'en-US': {
    home: 'Home',
    products: 'Products',
    news: 'News',
    support: 'Support',
    terms: 'Terms',
    service: 'Terms of service',
    privacy: 'Privacy policy',
    categories: 'Categories',
    allCategories: 'All categories',
    filters: 'Filters',
    clearFilters: 'Clear filters',
    noResults: 'No products match these filters.',
    results: '{n} products',
    model: 'Model',
    specifications: 'Specifications',
    related: 'Related products',
    manuals: 'Manuals and downloads',
    discontinued: 'This product is discontinued.',
    discontinuedTag: 'Discontinued',
    successor: 'See its successor: {name}',
    latestNews: 'Latest news',
    hotProducts: 'Featured products',
    notFound: 'Page not found',
    notFoundText: 'The page you asked for does not exist or is no longer available.',
    backHome: 'Back to the home page',
    language: 'Language',
    mainNav: 'Main',
    yes: 'Yes',
    no: 'No',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {n}',
    download: 'Download',
    effective: 'Effective {date}',
    builtInService:
      'These terms govern the use of the products and services of this brand. By using them you agree to these terms. Contact the brand for the full text.',
    builtInPrivacy:
      'This brand processes personal data only to provide its products and services, keeps it no longer than needed and never sells it. Contact the brand to exercise your rights.',
    noDocuments: 'No documents yet.',
    more: 'More',
  },
  'zh-CN': {
    home: '首页',
    products: '产品',
    news: '新闻',
    support: '服务支持',
    terms: '条款',
    service: '服务条款',
    privacy: '隐私政策',
    categories: '产品分类',
    allCategories: '全部分类',
    filters: '筛选',
    clearFilters: '清除筛选',
    noResults: '没有符合筛选条件的产品。',
    results: '共{n}个产品',
    model: '型号',
    specifications: '规格参数',
    related: '相关产品',
    manuals: '说明书与下载',
    discontinued: '该产品已停产。',
    discontinuedTag: '已停产',
    successor: '替代产品：{name}',
    latestNews: '最新新闻',
    hotProducts: '热门产品',
    notFound: '页面不存在',
    notFoundText: '您访问的页面不存在或已下线。',
    backHome: '返回首页',
    language: '语言',
    mainNav: '主导航',
    yes: '是',
    no: '否',
    previous: '上一页',
    next: '下一页',
    page: '第{n}页',
    download: '下载',
    effective: '生效日期：{date}',
    builtInService: '本条款适用于本品牌产品与服务的使用。使用即表示您同意本条款。完整文本请联系本品牌。',
    builtInPrivacy: '本品牌仅为提供产品与服务处理个人数据，保存期限不超过所需，且绝不出售。如需行使您的权利，请联系本品牌。',
    noDocuments: '暂无文档。',
    more: '更多',
  },
} as const;
export type SiteWords = { [K in keyof (typeof SITE_TEXT)['en-US']]: string };

export function words(locale: Locale): SiteWords {
  return SITE_TEXT[locale];
}

export function fill(s: string, vars: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ''));
}

export function esc(s: unknown): string {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON for a <script type="application/ld+json">: no `<` can close the element. */
export function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

export function richText(body: unknown): string {
  return renderRichText(body);
}

export interface SiteView {
  siteName: string;
  locale: Locale;
  /** '' at a site domain's root, '/site/<slug>' on a portal host. */
  base: string;
  origin: string;
}

export const pathOf = (v: SiteView, locale: Locale, rest = '') => `${v.base}/${locale}/${rest}`;

export interface PageMeta {
  title: string;
  description: string;
  /** Path (with base) of this page in this locale. */
  path: string;
  /** Paths of this page per locale it exists in (hreflang); en-US is x-default when present. */
  alternates: Partial<Record<Locale, string>>;
  noindex?: boolean;
  jsonLd?: unknown[];
}

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
.notice{border:1px solid #bf8700;background:#fff8c5;padding:10px 14px;border-radius:6px;margin:0 0 16px}
.banner{border-radius:8px;background:#0b57d0;color:#fff;padding:28px}.banner a{color:#fff}
.pager{display:flex;gap:16px;margin-top:20px}
footer{border-top:1px solid #d0d7de;padding:20px 0;color:#57606a;font-size:14px}footer ul{list-style:none;padding:0;margin:0;display:flex;gap:18px;flex-wrap:wrap}
.body img{max-width:100%;height:auto}
`;

export function layout(v: SiteView, meta: PageMeta, current: string, main: string): string {
  const w = words(v.locale);
  const alt = Object.entries(meta.alternates) as Array<[Locale, string]>;
  const xDefault = meta.alternates['en-US'] ?? alt[0]?.[1];
  const abs = (p: string) => `${v.origin}${p}`;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${esc(meta.description)}">` : '',
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${esc(abs(meta.path))}">`,
    ...alt.map(([l, p]) => `<link rel="alternate" hreflang="${l}" href="${esc(abs(p))}">`),
    xDefault ? `<link rel="alternate" hreflang="x-default" href="${esc(abs(xDefault))}">` : '',
    `<meta property="og:title" content="${esc(meta.title)}">`,
    `<meta property="og:url" content="${esc(abs(meta.path))}">`,
    `<meta property="og:locale" content="${v.locale.replace('-', '_')}">`,
    `<style>${CSS}</style>`,
    ...(meta.jsonLd ?? []).map(jsonLd),
  ]
    .filter(Boolean)
    .join('\n');
  const nav = (
    [
      ['home', ''],
      ['products', 'products'],
      ['news', 'news'],
      ['support', 'support'],
    ] as const
  )
    .map(([k, p]) => `<li><a href="${esc(pathOf(v, v.locale, p))}"${current === k ? ' aria-current="page"' : ''}>${esc(w[k])}</a></li>`)
    .join('');
  const langs = SITE_LOCALES.map((l) => {
    const href = meta.alternates[l] ?? pathOf(v, l);
    const label = l === 'en-US' ? 'English' : '简体中文';
    return l === v.locale
      ? `<span aria-current="true" lang="${l}">${label}</span>`
      : `<a href="${esc(href)}" hreflang="${l}" lang="${l}">${label}</a>`;
  }).join('');
  return `<!doctype html>
<html lang="${v.locale}">
<head>
${head}
</head>
<body>
<header><div class="wrap"><a class="brand" href="${esc(pathOf(v, v.locale))}">${esc(v.siteName)}</a>
<nav aria-label="${esc(w.mainNav)}"><ul>${nav}</ul></nav>
<div class="langs" role="group" aria-label="${esc(w.language)}">${langs}</div></div></header>
<main id="main"><div class="wrap">
${main}
</div></main>
<footer><div class="wrap"><ul>
<li><a href="${esc(pathOf(v, v.locale, 'terms/service'))}">${esc(w.service)}</a></li>
<li><a href="${esc(pathOf(v, v.locale, 'terms/privacy'))}">${esc(w.privacy)}</a></li>
</ul><p>© ${esc(v.siteName)}</p></div></footer>
</body>
</html>`;
}
