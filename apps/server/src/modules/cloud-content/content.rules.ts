/**
 * The content rules that need no database: which shared fields each type has, what a release
 * needs, how a parameter value is checked against its definition, how rich text is cleaned
 * (sanitize-html allowlist) and what changed between two revisions.
 */
import {
  CONTENT_TYPE_FIELDS,
  ErrorCodes,
  richTextParagraphsOf,
  type ContentShared,
  type ContentType,
  type ParamType,
  type RichTextDoc,
} from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../lib/app-error';

type SharedField = keyof ContentShared;

export const TYPE_FIELDS = CONTENT_TYPE_FIELDS;

/** Shared fields a translation cannot be released without, per type (28002 names them). */
const RELEASE_NEEDS: Partial<Record<ContentType, readonly SharedField[]>> = {
  banner: ['images'],
  product: ['model', 'categoryId'],
  manual: ['fileUrl', 'folder'],
  video: ['videoUrl'],
  tech_video: ['videoUrl'],
  terms: ['termType', 'effectiveDate'],
  hot_product: ['targetId'],
  hot_solution: ['targetId'],
};

/** Types whose translations have a page of their own on the site (and so need an address). */
export const TYPES_WITH_PAGES: readonly ContentType[] = ['product', 'product_category', 'news', 'solution', 'video'];

export function checkSharedFields(type: ContentType, shared: ContentShared): void {
  const allowed = TYPE_FIELDS[type];
  for (const k of Object.keys(shared) as SharedField[]) {
    if (k !== 'sort' && !allowed.includes(k)) throw new AppError(ErrorCodes.contentFieldNotForType, { field: k });
  }
}

export interface RevisionData {
  shared: ContentShared;
  translation: {
    title: string;
    slug: string;
    summary: string;
    /** A Tiptap document (rich-text.ts); a revision saved before that holds an HTML string. */
    body: RichTextDoc | string;
    seoTitle: string;
    seoDescription: string;
    noindex: boolean;
    /** Open Graph image and canonical override (absent in revisions saved before they existed). */
    ogImage?: string;
    canonical?: string;
  };
}

/** The fields a release still needs, empty when it may go out. */
export function missingForRelease(type: ContentType, data: RevisionData): string[] {
  const missing: string[] = [];
  if (!data.translation.title) missing.push('title');
  if (TYPES_WITH_PAGES.includes(type) && !data.translation.slug) missing.push('slug');
  for (const f of RELEASE_NEEDS[type] ?? []) {
    const v = data.shared[f];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) missing.push(f);
  }
  return missing;
}

export interface ParamDefRow {
  key: string;
  type: string;
  options: unknown;
}

/** Refuses (28004) a value that does not fit its definition, or a key without one. */
export function checkParamValues(values: Record<string, unknown>, defs: readonly ParamDefRow[]): void {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  for (const [key, value] of Object.entries(values)) {
    const def = byKey.get(key);
    if (!def) throw new AppError(ErrorCodes.contentParamValueInvalid, { param: key, type: '-' });
    if (!paramValueFits(def.type as ParamType, value, (def.options ?? []) as ReadonlyArray<{ value: string }>)) {
      throw new AppError(ErrorCodes.contentParamValueInvalid, { param: key, type: def.type });
    }
  }
}

function paramValueFits(type: ParamType, v: unknown, options: ReadonlyArray<{ value: string }>): boolean {
  const known = (s: unknown) => typeof s === 'string' && options.some((o) => o.value === s);
  switch (type) {
    case 'text':
      return typeof v === 'string' && v.trim().length > 0;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'enum':
      return known(v);
    case 'multi_enum':
      return Array.isArray(v) && v.length > 0 && v.every(known) && new Set(v).size === v.length;
  }
}

/**
 * The legacy rich-text allowlist (bodies stored as HTML before they were Tiptap documents: read
 * and rendered through it until their next save): structure, emphasis, lists, tables, links (http, https, mailto, or a
 * path of the site) and images (http(s) or the site's own paths) with alt text. Scripts, styles,
 * event attributes, SVG, iframes and javascript: URLs are dropped.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Images only from this site (a path) or an absolute http(s) address; anything else is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https?:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' } }),
  },
};
RICH_TEXT.allowedAttributes = {
  ...(RICH_TEXT.allowedAttributes as Record<string, string[]>),
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
};

export function cleanRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Field-by-field changes between two revisions' data, for the revision list. */
export function diffRevisions(before: RevisionData | null, after: RevisionData): Array<{ field: string; before: string; after: string }> {
  const flat = (d: RevisionData | null): Record<string, string> => {
    if (!d) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(d.shared)) out[k] = JSON.stringify(v);
    for (const [k, v] of Object.entries(d.translation))
      out[k] = typeof v === 'string' ? v : k === 'body' ? richTextParagraphs(v).join('\n') : JSON.stringify(v);
    return out;
  };
  const a = flat(before);
  const b = flat(after);
  const cut = (s: string | undefined) => (s === undefined ? '' : s.length > 200 ? `${s.slice(0, 200)}…` : s);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => a[k] !== b[k])
    .sort()
    .map((field) => ({ field, before: cut(a[field]), after: cut(b[field]) }));
}

/** Rich text (a document, or a legacy HTML string) as plain paragraphs, for screens that show text only. */
export function richTextParagraphs(body: unknown): string[] {
  if (typeof body === 'string') return legacyParagraphs(body);
  return body && typeof body === 'object' ? richTextParagraphsOf(body as RichTextDoc) : [];
}

/** A legacy HTML body's text, one string per block, through sanitize-html with no tag allowed. */
export function legacyParagraphs(html: string): string[] {
  const text = sanitizeHtml(html.replace(/<\/(p|h2|h3|h4|li|blockquote|pre|tr)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .split('\n')
    .map((s) =>
      s
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .trim(),
    )
    .filter(Boolean);
}
