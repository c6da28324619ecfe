/**
 * The seller's rich text and images: graphic information and service terms are cleaned with
 * sanitize-html (a small set of formatting tags, no scripts, styles or links other than http(s));
 * detail images must be the company's own `goodsDetail` uploads, 600-820 px wide as sharp measures
 * them; the cover its own `cover` upload (PNG/JPG/GIF, at most 5 MB: the upload purpose's rule).
 */
import { DETAIL_IMAGE_MAX_WIDTH, DETAIL_IMAGE_MIN_WIDTH, ErrorCodes, type GoodsContent } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import type { Db, Tx } from '../../db/client';
import type { StoredGoodsContent, StoredGoodsContents } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/context';
import type { FileStore } from '../../lib/files';
import { findOwnUpload } from './goods.repository';

const HTML_RULES: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'span', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export const cleanHtml = (html: string) => sanitizeHtml(html, HTML_RULES).trim();

async function readAll(store: FileStore, key: string): Promise<Buffer> {
  const got = await store.get(key);
  const chunks: Buffer[] = [];
  for await (const c of got.stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** Width and height of an image as sharp reads it (null when it is no image). */
export async function measureImage(buf: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const m = await sharp(buf, { animated: false }).metadata();
    return m.width && m.height ? { width: m.width, height: m.height } : null;
  } catch {
    return null;
  }
}

export async function checkCover(db: Db | Tx, actor: Actor, fileId: number): Promise<void> {
  if (!(await findOwnUpload(db, actor, fileId, 'cover/')))
    throw new AppError(ErrorCodes.notFound, undefined, `cover ${fileId} is not the caller's`);
}

async function cleanOne(db: Db | Tx, store: FileStore, actor: Actor, c: GoodsContent): Promise<StoredGoodsContent> {
  const detailImages: StoredGoodsContent['detailImages'] = [];
  for (const fileId of c.detailImageIds) {
    const f = await findOwnUpload(db, actor, fileId, 'goodsdetail/');
    if (!f) throw new AppError(ErrorCodes.notFound, undefined, `detail image ${fileId} is not the caller's`);
    const size = await measureImage(await readAll(store, f.path));
    if (!size) throw new AppError(ErrorCodes.fileTypeNotAllowed);
    if (size.width < DETAIL_IMAGE_MIN_WIDTH || size.width > DETAIL_IMAGE_MAX_WIDTH)
      throw new AppError(ErrorCodes.detailImageWidth, { width: size.width });
    detailImages.push({ fileId, ...size });
  }
  return { graphic: cleanHtml(c.graphic), terms: cleanHtml(c.terms), detailImages };
}

export async function cleanContents(
  db: Db | Tx,
  store: FileStore,
  actor: Actor,
  contents: { 'en-US': GoodsContent; 'zh-CN'?: GoodsContent },
): Promise<StoredGoodsContents> {
  const out: StoredGoodsContents = { 'en-US': await cleanOne(db, store, actor, contents['en-US']) };
  if (contents['zh-CN']) out['zh-CN'] = await cleanOne(db, store, actor, contents['zh-CN']);
  return out;
}
