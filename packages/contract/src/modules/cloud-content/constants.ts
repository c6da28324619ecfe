/** A product category is displayed in at most this many countries (SPEC §5, §9). */
export const CATEGORY_MAX_COUNTRIES = 10;

/** The kinds of content a site holds (issue 14 §1, SPEC §1 content site). */
export const CONTENT_TYPES = [
  'banner',
  'hot_product',
  'hot_solution',
  'product_category',
  'product',
  'product_filter',
  'solution_category',
  'solution',
  'news',
  'video',
  'tech_video',
  'manual',
  'faq_type',
  'installer_faq',
  'terms',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Types whose items the brand orders by hand (content/item/reorder); their lists show that order. */
export const SORTED_CONTENT_TYPES: readonly ContentType[] = [
  'banner',
  'hot_product',
  'hot_solution',
  'product_category',
  'solution_category',
  'faq_type',
  'installer_faq',
];

/** Parameter groups and product parameters are definitions (content/param calls), not items. */
export const PARAM_TYPES = ['text', 'number', 'enum', 'multi_enum', 'boolean'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

/** Revisions kept per translation besides every released one (issue 14 §1). */
export const REVISIONS_KEPT = 50;
/** At most this many FAQ types per site (issue 14 §7). */
export const FAQ_TYPE_MAX = 20;
export const TERM_TYPES = ['service', 'privacy'] as const;
export type TermType = (typeof TERM_TYPES)[number];
export const SLUG_MAX_LENGTH = 120;
export const SUMMARY_MAX_LENGTH = 500;
export const BODY_MAX_LENGTH = 200_000;
/** The types the public site lists on their own pages, with the path segment of each. */
export const SITE_SECTIONS = { product: 'products', news: 'news', solution: 'solutions', video: 'videos', manual: 'support' } as const;
