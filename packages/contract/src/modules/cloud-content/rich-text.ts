/**
 * Rich text (issue 14 §4): a translation's body is a Tiptap (ProseMirror) JSON document. The wire
 * shape below is structural (any node or mark name), so that the allowlist can name what it
 * refuses: `findRichTextViolation` checks a document against RICH_TEXT_ALLOWLIST, the server runs
 * it on every save (28100-28104) and adds the check that images are this site's own uploads.
 */
import { z } from 'zod';
import { BODY_MAX_LENGTH } from './constants';

/** Nodes a body may hold, with the attributes each may carry (null or absent: the default). */
export const RICH_TEXT_NODES = {
  doc: [],
  paragraph: [],
  heading: ['level'],
  bulletList: [],
  orderedList: ['start', 'type'],
  listItem: [],
  blockquote: [],
  hardBreak: [],
  horizontalRule: [],
  table: [],
  tableRow: [],
  tableHeader: ['colspan', 'rowspan', 'colwidth'],
  tableCell: ['colspan', 'rowspan', 'colwidth'],
  image: ['src', 'alt', 'title', 'width', 'height'],
  text: [],
} as const satisfies Record<string, readonly string[]>;
export type RichTextNodeName = keyof typeof RICH_TEXT_NODES;

/** Marks on text, with their attributes; a link's rel and target are fixed by the renderer. */
export const RICH_TEXT_MARKS = {
  bold: [],
  italic: [],
  underline: [],
  strike: [],
  code: [],
  link: ['href', 'target', 'rel', 'class', 'title'],
} as const satisfies Record<string, readonly string[]>;
export type RichTextMarkName = keyof typeof RICH_TEXT_MARKS;

export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4] as const;
export const RICH_TEXT_LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;
/** How deep nodes may nest (doc > list > item > list > item > paragraph > text is 6); within the envelope's own 32 levels. */
export const RICH_TEXT_MAX_DEPTH = 12;
/** How many nodes a body may hold in all. */
export const RICH_TEXT_MAX_NODES = 10_000;
export const RICH_TEXT_ALT_MAX_LENGTH = 300;
/**
 * An image's source: the public address of one of the site's uploaded content files,
 * /content-assets/<sha256>-<width>.<format>; the server also checks the file is the site's own.
 */
export const RICH_TEXT_IMAGE_SRC = /^\/content-assets\/([0-9a-f]{64})-(\d{1,5})\.(avif|webp|jpg|png|gif)$/;

export const RICH_TEXT_ALLOWLIST = {
  nodes: RICH_TEXT_NODES,
  marks: RICH_TEXT_MARKS,
  headingLevels: RICH_TEXT_HEADING_LEVELS,
  linkSchemes: RICH_TEXT_LINK_SCHEMES,
  maxDepth: RICH_TEXT_MAX_DEPTH,
  maxNodes: RICH_TEXT_MAX_NODES,
  maxLength: BODY_MAX_LENGTH,
} as const;

type AttrValue = string | number | boolean | null | number[];
export interface RichTextMark {
  type: string;
  attrs?: Record<string, AttrValue>;
}
export interface RichTextNode {
  type: string;
  attrs?: Record<string, AttrValue>;
  content?: RichTextNode[];
  marks?: RichTextMark[];
  text?: string;
}
export interface RichTextDoc extends RichTextNode {
  type: 'doc';
}

const attrValueSchema = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null(), z.array(z.number().finite()).max(50)]);
const attrsSchema = z.record(z.string().max(40), attrValueSchema);
const markSchema: z.ZodType<RichTextMark> = z.object({ type: z.string().min(1).max(40), attrs: attrsSchema.optional() }).strict();
/** Structure only (the allowlist is findRichTextViolation's): a node's type, attributes, children, marks, text. */
export const richTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.string().min(1).max(40),
      attrs: attrsSchema.optional(),
      content: z.array(richTextNodeSchema).max(RICH_TEXT_MAX_NODES).optional(),
      marks: z.array(markSchema).max(12).optional(),
      text: z.string().max(BODY_MAX_LENGTH).optional(),
    })
    .strict(),
);

export const EMPTY_RICH_TEXT: RichTextDoc = { type: 'doc', content: [] };

/**
 * A translation's body on the wire: a Tiptap document. Its size (BODY_MAX_LENGTH characters as
 * JSON), depth and allowlist are findRichTextViolation's, so a refusal names what is wrong.
 */
export const richTextDocSchema = z
  .unknown()
  // Depth first, without recursion, so a deeply nested body is refused before the recursive parse.
  .refine((v) => richTextDepth(v) <= RICH_TEXT_PARSE_MAX_DEPTH, { error: 'validation.richTextTooDeep', abort: true })
  .pipe(
    z.object({ type: z.literal('doc'), content: z.array(richTextNodeSchema).max(RICH_TEXT_MAX_NODES).default([]) }).strict(),
  ) as unknown as z.ZodType<RichTextDoc, { type: 'doc'; content?: RichTextNode[] }>;

/** Past this depth a body is not even parsed (the allowlist's own limit, 28105, is RICH_TEXT_MAX_DEPTH). */
const RICH_TEXT_PARSE_MAX_DEPTH = RICH_TEXT_MAX_DEPTH * 4;

/** How deep a value's `content` arrays nest (iteratively; stops counting past the parse limit). */
export function richTextDepth(v: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[v, 0]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > RICH_TEXT_PARSE_MAX_DEPTH) return max;
    const c = n && typeof n === 'object' ? (n as { content?: unknown }).content : undefined;
    if (Array.isArray(c)) for (const x of c) stack.push([x, d + 1]);
  }
  return max;
}

/** What a body breaks: the node or mark named, with the attribute when the attribute is the fault. */
export interface RichTextViolation {
  kind: 'node' | 'mark' | 'attr' | 'link' | 'imageAlt' | 'imageSrc' | 'depth' | 'size';
  /** The node or mark name ('iframe', 'link'). */
  name: string;
  /** The attribute at fault (onclick, href, src, alt, level). */
  attr?: string;
}

const isAllowedNode = (t: string): t is RichTextNodeName => Object.prototype.hasOwnProperty.call(RICH_TEXT_NODES, t);
const isAllowedMark = (t: string): t is RichTextMarkName => Object.prototype.hasOwnProperty.call(RICH_TEXT_MARKS, t);

/** Whether a link target is one the site may carry: http(s) or mailto, absolute. */
export function richTextLinkAllowed(href: unknown): boolean {
  if (typeof href !== 'string' || href.length > 2000) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(href) || href !== href.trim()) return false;
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return false;
  }
  return (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(u.protocol) && (u.protocol === 'mailto:' || !!u.hostname);
}

/**
 * The first thing in a body outside the allowlist, or null: unknown nodes and marks, unknown
 * attributes (event handlers, style), heading levels other than 2-4, links other than
 * http(s)/mailto, images without alt text or not at a content-file address, too deep or too big.
 */
export function findRichTextViolation(doc: unknown): RichTextViolation | null {
  if (JSON.stringify(doc ?? null).length > BODY_MAX_LENGTH) return { kind: 'size', name: 'doc' };
  let count = 0;
  const walk = (n: RichTextNode, depth: number, isRoot: boolean): RichTextViolation | null => {
    if (depth > RICH_TEXT_MAX_DEPTH) return { kind: 'depth', name: n.type };
    if (++count > RICH_TEXT_MAX_NODES) return { kind: 'size', name: n.type };
    if (!isAllowedNode(n.type) || (n.type === 'doc') !== isRoot) return { kind: 'node', name: String(n.type) };
    const allowed: readonly string[] = RICH_TEXT_NODES[n.type];
    for (const [k, v] of Object.entries(n.attrs ?? {})) {
      if (!allowed.includes(k)) return { kind: 'attr', name: n.type, attr: k };
      if (v !== null && k !== 'colwidth' && typeof v === 'object') return { kind: 'attr', name: n.type, attr: k };
    }
    if (n.type === 'heading' && !(RICH_TEXT_HEADING_LEVELS as readonly unknown[]).includes(n.attrs?.level))
      return { kind: 'attr', name: 'heading', attr: 'level' };
    if (n.type === 'image') {
      const alt = n.attrs?.alt;
      if (typeof alt !== 'string' || !alt.trim() || alt.length > RICH_TEXT_ALT_MAX_LENGTH)
        return { kind: 'imageAlt', name: 'image', attr: 'alt' };
      if (typeof n.attrs?.src !== 'string' || !RICH_TEXT_IMAGE_SRC.test(n.attrs.src))
        return { kind: 'imageSrc', name: 'image', attr: 'src' };
    }
    if (n.type === 'text' ? typeof n.text !== 'string' || n.content !== undefined : n.text !== undefined)
      return { kind: 'node', name: n.type };
    if (n.type !== 'text' && n.marks?.length) return { kind: 'mark', name: n.marks[0]!.type };
    for (const m of n.marks ?? []) {
      if (!isAllowedMark(m.type)) return { kind: 'mark', name: String(m.type) };
      const allowedAttrs: readonly string[] = RICH_TEXT_MARKS[m.type];
      for (const k of Object.keys(m.attrs ?? {})) if (!allowedAttrs.includes(k)) return { kind: 'attr', name: m.type, attr: k };
      if (m.type === 'link' && !richTextLinkAllowed(m.attrs?.href)) return { kind: 'link', name: 'link', attr: 'href' };
    }
    for (const c of n.content ?? []) {
      const bad = walk(c, depth + 1, false);
      if (bad) return bad;
    }
    return null;
  };
  if (!doc || typeof doc !== 'object') return { kind: 'node', name: typeof doc };
  return walk(doc as RichTextNode, 0, true);
}

/** The image sources of a body (for the server's check that each is the site's own upload). */
export function richTextImageSources(doc: RichTextNode): string[] {
  const out: string[] = [];
  const walk = (n: RichTextNode) => {
    if (n.type === 'image' && typeof n.attrs?.src === 'string') out.push(n.attrs.src);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out;
}

const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'blockquote', 'tableRow', 'tableCell', 'tableHeader', 'horizontalRule']);

/** A body's text without markup, one string per block (meta descriptions, JSON-LD, plain screens). */
export function richTextParagraphsOf(doc: RichTextNode | null | undefined): string[] {
  const out: string[] = [];
  let cur = '';
  const flush = () => {
    const s = cur.replace(/\s+/g, ' ').trim();
    if (s) out.push(s);
    cur = '';
  };
  const walk = (n: RichTextNode) => {
    if (n.type === 'text') cur += n.text ?? '';
    else if (n.type === 'hardBreak') cur += ' ';
    else if (n.type === 'image') cur += '';
    const block = BLOCKS.has(n.type) && !(n.content ?? []).some((c) => BLOCKS.has(c.type));
    for (const c of n.content ?? []) walk(c);
    if (block) flush();
  };
  if (doc) walk(doc);
  flush();
  return out;
}

/** A body's plain text cut to at most max characters (on a word when it can). */
export function richTextPlain(doc: RichTextNode | null | undefined, max = 160): string {
  const s = richTextParagraphsOf(doc).join(' ');
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max * 0.6 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}

/** Paragraphs of plain text as a document (a legacy HTML body's text, the seed's simple bodies). */
export function richTextFromParagraphs(paragraphs: readonly string[]): RichTextDoc {
  return {
    type: 'doc',
    content: paragraphs.filter((p) => p.trim()).map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
  };
}
