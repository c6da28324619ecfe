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
    hotSolutions: 'Featured solutions',
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
    moreAbout: 'More about {title}',
    solutions: 'Solutions',
    allSolutions: 'All solutions',
    noSolutions: 'No solutions yet.',
    relatedProducts: 'Products in this solution',
    videos: 'Videos',
    techVideos: 'Technical videos',
    noVideos: 'No videos yet.',
    play: 'Play video: {title}',
    openVideo: 'Open the video in a new page',
    videoNote: 'The player loads from its provider only after you press play.',
    faq: 'Frequently asked questions',
    noFaq: 'No questions yet.',
    otherQuestions: 'Other questions',
    compare: 'Compare',
    compareTitle: 'Compare products',
    addCompare: 'Add to compare',
    removeCompare: 'Remove {name} from the comparison',
    inCompare: 'In the comparison',
    compareCount: 'Compare ({n})',
    compareEmpty: 'Choose up to {max} products to compare from the product list.',
    compareFull: 'At most {max} products can be compared.',
    differencesOnly: 'Showing differences only.',
    showAll: 'Show all parameters',
    showDifferences: 'Show differences only',
    noDifferences: 'These products do not differ in their comparable parameters.',
    parameter: 'Parameter',
    search: 'Search',
    searchLabel: 'Search the site',
    searchPlaceholder: 'Model or keyword',
    moreOf: 'More: {type}',
    sortBy: 'Sort by:',
    sort_newest: 'Newest',
    sort_model: 'Model',
    sort_name: 'Name',
    searchTitle: 'Search results for “{q}”',
    searchEmpty: 'Type a model, a name or a keyword.',
    searchNone: 'Nothing matches “{q}”.',
    searchCount: '{n} results',
    allResults: 'All',
    type_product: 'Products',
    type_solution: 'Solutions',
    type_news: 'News',
    type_video: 'Videos',
    type_tech_video: 'Technical videos',
    type_manual: 'Manuals',
    type_installer_faq: 'Questions',
    preview: 'Preview: this page is not released yet and only this link shows it.',
    country: 'Country or region',
    anyCountry: 'All countries and regions',
    otherCountry: 'Other countries and regions',
    apply: 'Apply',
    shownInEnglish: 'Shown in English',
    fallbackNote: 'This product has no page in this language yet: its English page is shown.',
    bucketBelow: 'Under {hi}',
    bucketRange: '{lo} to under {hi}',
    bucketAbove: '{lo} and over',
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
    hotSolutions: '热门方案',
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
    moreAbout: '了解更多：{title}',
    solutions: '解决方案',
    allSolutions: '全部方案',
    noSolutions: '暂无解决方案。',
    relatedProducts: '方案相关产品',
    videos: '视频',
    techVideos: '技术视频',
    noVideos: '暂无视频。',
    play: '播放视频：{title}',
    openVideo: '在新页面打开视频',
    videoNote: '点击播放后才会从视频提供方加载播放器。',
    faq: '常见问题',
    noFaq: '暂无常见问题。',
    otherQuestions: '其他问题',
    compare: '对比',
    compareTitle: '产品对比',
    addCompare: '加入对比',
    removeCompare: '从对比中移除{name}',
    inCompare: '已加入对比',
    compareCount: '对比（{n}）',
    compareEmpty: '请从产品列表中选择最多{max}个产品进行对比。',
    compareFull: '最多可对比{max}个产品。',
    differencesOnly: '仅显示差异项。',
    showAll: '显示全部参数',
    showDifferences: '仅显示差异',
    noDifferences: '这些产品的可对比参数没有差异。',
    parameter: '参数',
    search: '搜索',
    searchLabel: '站内搜索',
    searchPlaceholder: '型号或关键词',
    moreOf: '更多{type}',
    sortBy: '排序：',
    sort_newest: '最新',
    sort_model: '型号',
    sort_name: '名称',
    searchTitle: '“{q}”的搜索结果',
    searchEmpty: '请输入型号、名称或关键词。',
    searchNone: '没有与“{q}”匹配的内容。',
    searchCount: '共{n}条结果',
    allResults: '全部',
    type_product: '产品',
    type_solution: '解决方案',
    type_news: '新闻',
    type_video: '视频',
    type_tech_video: '技术视频',
    type_manual: '说明书',
    type_installer_faq: '常见问题',
    preview: '预览：此页面尚未发布，仅可通过此链接查看。',
    country: '国家/地区',
    anyCountry: '全部国家和地区',
    otherCountry: '其他国家和地区',
    apply: '应用',
    shownInEnglish: '以英文显示',
    fallbackNote: '该产品暂无中文页面，以下显示其英文内容。',
    bucketBelow: '{hi}以下',
    bucketRange: '{lo}至{hi}（不含）',
    bucketAbove: '{lo}及以上',
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

/** A visitor in a country no category names: every category limited to some countries is hidden. */
export const OTHER_COUNTRY = 'ZZ';

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

export const pathOf = (v: SiteView, locale: Locale, rest = '') => `${v.base}/${locale}/${rest}`;

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

/** The longest search text the site takes (longer is cut). */
export const SEARCH_MAX_LENGTH = 100;

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
.country{margin:12px 0}.country select{font:inherit;padding:2px 6px;border:1px solid #6e7781;border-radius:6px}.country button{font:inherit;padding:2px 10px;border:1px solid #0b57d0;border-radius:6px;background:#fff;color:#0b57d0;cursor:pointer}
.search{display:flex;gap:6px;align-items:center}.search label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.search input{font:inherit;padding:4px 8px;border:1px solid #6e7781;border-radius:6px;width:200px}.search button,.button{font:inherit;padding:4px 12px;border:1px solid #0b57d0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
.compare td,.compare th{width:auto}.compare .diff td{background:#fff8c5}.faq-icon{width:18px;height:18px;vertical-align:-3px;margin-right:6px}
.video{position:relative;max-width:820px}.video img{width:100%;height:auto;display:block;border-radius:8px}.video iframe,.video video{width:100%;aspect-ratio:16/9;border:0;border-radius:8px}
.tabs{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px 18px}.tabs a[aria-current]{font-weight:700}
details{border-bottom:1px solid #d0d7de;padding:8px 0}summary{cursor:pointer;font-weight:600}
`;

/**
 * The footer's country choice: a GET form (no script) to <locale>/country, which keeps the choice in
 * a cookie and returns to this page. Shown only when some category is limited to some countries.
 */
function countryChooser(v: SiteView): string {
  const choices = v.countryChoices ?? [];
  if (choices.length === 0) return '';
  const w = words(v.locale);
  const current = v.country ?? '';
  const option = (value: string, label: string) =>
    `<option value="${esc(value)}"${value === current ? ' selected' : ''}>${esc(label)}</option>`;
  const options = [
    option('', w.anyCountry),
    ...[...choices]
      .map((c) => [c, countryName(c, v.locale)] as const)
      .sort((a, b) => a[1].localeCompare(b[1], v.locale))
      .map(([c, name]) => option(c, name)),
    option(OTHER_COUNTRY, w.otherCountry),
  ].join('');
  return `<form class="country" method="get" action="${esc(pathOf(v, v.locale, 'country'))}"><label for="site-country">${esc(
    w.country,
  )}</label> <select id="site-country" name="c">${options}</select><input type="hidden" name="back" value="${esc(
    v.here ?? pathOf(v, v.locale),
  )}"> <button type="submit">${esc(w.apply)}</button></form>`;
}

export function layout(v: SiteView, meta: PageMeta, current: string, main: string): string {
  const w = words(v.locale);
  const alt = Object.entries(meta.alternates) as Array<[Locale, string]>;
  const xDefault = meta.alternates['en-US'] ?? alt[0]?.[1];
  const abs = (p: string) => (/^https?:\/\//i.test(p) ? p : `${v.origin}${p}`);
  const canonical = abs(meta.canonical ?? meta.path);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No favicon of its own: say so, rather than have every browser ask /favicon.ico for a 404.
    '<link rel="icon" href="data:,">',
    `<title>${esc(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${esc(meta.description)}">` : '',
    meta.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="canonical" href="${esc(canonical)}">`,
    ...alt.map(([l, p]) => `<link rel="alternate" hreflang="${l}" href="${esc(abs(p))}">`),
    xDefault ? `<link rel="alternate" hreflang="x-default" href="${esc(abs(xDefault))}">` : '',
    `<meta property="og:title" content="${esc(meta.title)}">`,
    `<meta property="og:type" content="${esc(meta.ogType ?? 'website')}">`,
    meta.description ? `<meta property="og:description" content="${esc(meta.description)}">` : '',
    meta.ogImage ? `<meta property="og:image" content="${esc(abs(meta.ogImage))}">` : '',
    `<meta property="og:site_name" content="${esc(v.siteName)}">`,
    `<meta property="og:url" content="${esc(canonical)}">`,
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
      ['solutions', 'solutions'],
      ['news', 'news'],
      ['videos', 'videos'],
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
<form class="search" role="search" method="get" action="${esc(pathOf(v, v.locale, 'search'))}"><label for="site-q">${esc(w.searchLabel)}</label><input id="site-q" type="search" name="q" maxlength="${SEARCH_MAX_LENGTH}" value="${esc(meta.query ?? '')}" placeholder="${esc(w.searchPlaceholder)}"><button type="submit">${esc(w.search)}</button></form>
<div class="langs" role="group" aria-label="${esc(w.language)}">${langs}</div></div></header>
<main id="main"><div class="wrap">
${meta.preview ? `<p class="notice" role="status">${esc(w.preview)}</p>` : ''}${main}
</div></main>
<footer><div class="wrap"><ul>
<li><a href="${esc(pathOf(v, v.locale, 'terms/service'))}">${esc(w.service)}</a></li>
<li><a href="${esc(pathOf(v, v.locale, 'terms/privacy'))}">${esc(w.privacy)}</a></li>
</ul>${countryChooser(v)}<p>© ${esc(v.siteName)}</p></div></footer>
</body>
</html>`;
}
