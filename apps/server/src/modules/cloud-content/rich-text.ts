/**
 * Rich text on the server (issue 14 §4): the allowlist check run on every save (the contract's
 * findRichTextViolation, named in a 28100-28105 error, plus "each image is one of this site's
 * uploaded content files"), rendering to HTML without a DOM through @tiptap/static-renderer with
 * the editor's extensions, and the reading of legacy bodies (an HTML string: its sanitized
 * paragraphs, written back as a document on the translation's next save).
 */
import {
  BODY_MAX_LENGTH,
  ErrorCodes,
  RICH_TEXT_ALT_MAX_LENGTH,
  RICH_TEXT_IMAGE_SRC,
  RICH_TEXT_MARKS,
  RICH_TEXT_MAX_DEPTH,
  RICH_TEXT_NODES,
  findRichTextViolation,
  richTextFromParagraphs,
  richTextImageSources,
  richTextParagraphsOf,
  richTextPlain,
  type RichTextDoc,
  type RichTextNode,
} from '@portal/contract';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { renderToHTMLString } from '@tiptap/static-renderer/pm/html-string';
import StarterKit from '@tiptap/starter-kit';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { cleanRichText, legacyParagraphs } from './content.rules';
import { siteImageHashes } from './rich-text.repository';

/**
 * The extensions the site renders with: the editor's (apps/web RichTextEditor) minus what the
 * allowlist leaves out (code blocks, headings 1, 5 and 6). A link's rel is fixed, target and class
 * dropped; images load lazily.
 */
export const RICH_TEXT_EXTENSIONS = [
  StarterKit.configure({
    codeBlock: false,
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: false,
      protocols: ['mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null, class: null },
    },
  }),
  Image.configure({ HTMLAttributes: { loading: 'lazy' } }),
  TableKit.configure({ table: { resizable: false } }),
];

/** A stored or sent body as a document: a legacy HTML string reads as its sanitized paragraphs. */
export function toRichTextDoc(body: unknown): RichTextDoc {
  if (typeof body === 'string') return richTextFromParagraphs(legacyParagraphs(body));
  if (body && typeof body === 'object' && (body as { type?: unknown }).type === 'doc') {
    const d = body as RichTextDoc;
    return { type: 'doc', content: d.content ?? [] };
  }
  return { type: 'doc', content: [] };
}

/**
 * Refuses a body outside the allowlist with the error naming the node, mark or attribute, and an
 * image whose address is not one of this site's uploaded content files (28103).
 */
export async function checkRichText(db: Db | Tx, siteId: number, doc: RichTextDoc): Promise<void> {
  const bad = findRichTextViolation(doc);
  if (bad) {
    switch (bad.kind) {
      case 'node':
      case 'mark':
        throw new AppError(ErrorCodes.contentRichTextNode, { name: cut(bad.name) });
      case 'attr':
        throw new AppError(ErrorCodes.contentRichTextAttribute, { name: cut(bad.name), attr: cut(bad.attr ?? '') });
      case 'link':
        throw new AppError(ErrorCodes.contentRichTextLink, { href: cut(String(firstBadHref(doc) ?? '')) });
      case 'imageSrc':
        throw new AppError(ErrorCodes.contentRichTextImageSource, { src: cut(String(firstBadSrc(doc) ?? '')) });
      case 'imageAlt':
        throw new AppError(ErrorCodes.contentRichTextImageAlt, { max: RICH_TEXT_ALT_MAX_LENGTH });
      case 'depth':
      case 'size':
        throw new AppError(ErrorCodes.contentRichTextTooLarge, { max: BODY_MAX_LENGTH, depth: RICH_TEXT_MAX_DEPTH });
    }
  }
  const srcs = [...new Set(richTextImageSources(doc))];
  if (srcs.length === 0) return;
  const hashOf = (s: string) => RICH_TEXT_IMAGE_SRC.exec(s)![1]!;
  const own = await siteImageHashes(db, siteId, [...new Set(srcs.map(hashOf))]);
  const foreign = srcs.find((s) => !own.has(hashOf(s)));
  if (foreign) throw new AppError(ErrorCodes.contentRichTextImageSource, { src: cut(foreign) });
}

const cut = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

function firstBadHref(n: RichTextNode): unknown {
  for (const m of n.marks ?? []) if (m.type === 'link' && findRichTextViolation(wrapMark(m)) !== null) return m.attrs?.href;
  for (const c of n.content ?? []) {
    const h = firstBadHref(c);
    if (h !== undefined) return h;
  }
  return undefined;
}
const wrapMark = (m: NonNullable<RichTextNode['marks']>[number]): RichTextDoc => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [m] }] }],
});
function firstBadSrc(n: RichTextNode): unknown {
  if (n.type === 'image' && !(typeof n.attrs?.src === 'string' && RICH_TEXT_IMAGE_SRC.test(n.attrs.src))) return n.attrs?.src;
  for (const c of n.content ?? []) {
    const s = firstBadSrc(c);
    if (s !== undefined) return s;
  }
  return undefined;
}

/** Only the allowlisted attributes of each node and mark (a link keeps its href and title only). */
function pruneAttrs(n: RichTextNode): RichTextNode {
  const keep = (allowed: readonly string[], attrs: RichTextNode['attrs']) =>
    attrs ? Object.fromEntries(Object.entries(attrs).filter(([k]) => allowed.includes(k))) : undefined;
  const out: RichTextNode = { type: n.type };
  const attrs = keep((RICH_TEXT_NODES as Record<string, readonly string[]>)[n.type] ?? [], n.attrs);
  if (attrs && Object.keys(attrs).length) out.attrs = attrs;
  if (n.text !== undefined) out.text = n.text;
  if (n.marks?.length)
    out.marks = n.marks.map((m) => {
      const a = keep(
        m.type === 'link' ? ['href', 'title'] : ((RICH_TEXT_MARKS as Record<string, readonly string[]>)[m.type] ?? []),
        m.attrs,
      );
      return a && Object.keys(a).length ? { type: m.type, attrs: a } : { type: m.type };
    });
  if (n.content) out.content = n.content.map(pruneAttrs);
  return out;
}

/**
 * A body as HTML for the site and previews, without a DOM: a document through the static
 * renderer (text escaped by it), a legacy HTML string through the sanitize-html allowlist. A
 * stored document outside today's allowlist renders as its escaped plain text.
 */
export function renderRichText(body: unknown): string {
  if (typeof body === 'string') return cleanRichText(body);
  const doc = toRichTextDoc(body);
  if (findRichTextViolation(doc))
    return richTextParagraphsOf(doc)
      .map((p) => `<p>${escapeHtml(p)}</p>`)
      .join('');
  if (doc.content?.length === 0) return '';
  return renderToHTMLString({
    extensions: RICH_TEXT_EXTENSIONS,
    content: pruneAttrs(doc) as Parameters<typeof renderToHTMLString>[0]['content'],
  });
}

/** A body's plain text (meta descriptions, JSON-LD), cut to max characters. */
export function richTextDescription(body: unknown, max = 160): string {
  return richTextPlain(toRichTextDoc(body), max);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
