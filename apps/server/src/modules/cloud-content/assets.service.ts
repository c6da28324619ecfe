/**
 * Content uploads (issue 14 §5): each use's rule is checked on the bytes (sharp reads and measures
 * images; manuals and videos are sniffed by content), images are re-encoded without their metadata
 * and made into AVIF, WebP and JPEG widths stored under their content address, served publicly and
 * cached a year. The upload is recorded unattached: a version or an item that names it keeps it,
 * the purge removes it after 24 h otherwise.
 */
import {
  CONTENT_ASSET_PREFIX,
  CONTENT_DIRECT_UPLOAD_MAX_BYTES,
  CONTENT_UPLOAD_PURGE_AFTER_MS,
  CONTENT_UPLOAD_USES,
  CONTENT_VARIANT_WIDTHS,
  ErrorCodes,
  GIF_COVER_TYPES,
  type ContentAsset,
  type ContentType,
  type ContentUploadUse,
  type ImageUseRule,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../../db/client';
import type { AssetVariant } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/context';
import { checkUpload, formatBytes, storeUpload, type FileStore } from '../../lib/files';
import * as repo from './files.repository';

const IMAGE_MIME = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif' } as const;
type ImageFormat = keyof typeof IMAGE_MIME;
const ASSET_KEY_PREFIX = 'content-assets';
/** A public variant's name: <sha256>-<width>.<format>. */
export const ASSET_NAME_RE = /^[0-9a-f]{64}-\d{1,5}\.(avif|webp|jpg|png|gif)$/;

export const assetKey = (name: string) => `${ASSET_KEY_PREFIX}/${name}`;
export const assetUrl = (name: string) => `${CONTENT_ASSET_PREFIX}/${name}`;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const typesText = (formats: readonly string[]) => formats.map((f) => f.toUpperCase()).join(', ');

export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** Re-encoded, oriented, without metadata (EXIF, GPS, ICC comments). */
  clean: Buffer;
}

/** Checks an image against its use: type by content, size, GIF rule, measured width and height. */
export async function checkImage(buffer: Buffer, rule: ImageUseRule, itemType: ContentType | undefined): Promise<CheckedImage> {
  if (buffer.length > rule.maxBytes) throw new AppError(ErrorCodes.contentFileTooLarge, { max: formatBytes(rule.maxBytes) });
  const found = await fileTypeFromBuffer(buffer);
  const format = found?.ext === 'png' || found?.ext === 'jpg' || found?.ext === 'gif' ? found.ext : null;
  const allowed: readonly string[] = rule.formats;
  if (format === 'gif' && allowed.includes('gif')) {
    if (rule.gif === 'never' || (rule.gif === 'coverTypes' && !(itemType && GIF_COVER_TYPES.includes(itemType))))
      throw new AppError(ErrorCodes.contentGifNotAllowed);
  }
  if (format === 'gif' && !allowed.includes('gif')) throw new AppError(ErrorCodes.contentGifNotAllowed);
  if (!format || !allowed.includes(format)) throw new AppError(ErrorCodes.contentImageType, { types: typesText(rule.formats) });
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { animated: format === 'gif' }).metadata();
  } catch {
    throw new AppError(ErrorCodes.contentImageUnreadable);
  }
  // Measured as shown: EXIF orientations 5-8 swap the sides.
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? (meta.pageHeight ?? meta.height ?? 0) : (meta.width ?? 0);
  const height = swap ? (meta.width ?? 0) : (meta.pageHeight ?? meta.height ?? 0);
  if (!width || !height) throw new AppError(ErrorCodes.contentImageUnreadable);
  if (rule.exactWidth !== undefined && (width !== rule.exactWidth || height !== rule.exactHeight))
    throw new AppError(ErrorCodes.contentImageExactSize, { width, height, expected: `${rule.exactWidth}×${rule.exactHeight}` });
  if ((rule.minWidth !== undefined && width < rule.minWidth) || (rule.maxWidth !== undefined && width > rule.maxWidth))
    throw new AppError(ErrorCodes.contentImageWidth, { width, min: rule.minWidth ?? 1, max: rule.maxWidth ?? width });
  let clean: Buffer;
  try {
    // sharp writes no metadata unless asked (withMetadata): EXIF, XMP and comments are dropped.
    const img = sharp(buffer, { animated: format === 'gif' }).rotate();
    clean = await (format === 'png' ? img.png() : format === 'jpg' ? img.jpeg({ quality: 90, mozjpeg: true }) : img.gif()).toBuffer();
  } catch {
    throw new AppError(ErrorCodes.contentImageUnreadable);
  }
  return { format, width, height, clean };
}

/** The widths an image is served in: the standard ones narrower than it, and its own. */
export function variantWidths(width: number): number[] {
  return [...CONTENT_VARIANT_WIDTHS.filter((w) => w < width), width];
}

async function makeVariants(store: FileStore, hash: string, img: CheckedImage): Promise<AssetVariant[]> {
  // An animated GIF keeps its frames: it is served as uploaded (cleaned) only.
  await store.put(assetKey(`${hash}-${img.width}.${img.format}`), img.clean, { contentType: IMAGE_MIME[img.format] });
  if (img.format === 'gif') return [];
  const out: AssetVariant[] = [];
  for (const w of variantWidths(img.width)) {
    const base = sharp(img.clean).resize({ width: w, withoutEnlargement: true });
    const encoded = [
      { format: 'avif' as const, buf: await base.clone().avif({ quality: 55, effort: 2 }).toBuffer(), mime: 'image/avif' },
      { format: 'webp' as const, buf: await base.clone().webp({ quality: 80 }).toBuffer(), mime: 'image/webp' },
      {
        format: 'jpg' as const,
        buf: await base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
        mime: 'image/jpeg',
      },
    ];
    for (const e of encoded) {
      const key = assetKey(`${hash}-${w}.${e.format}`);
      await store.put(key, e.buf, { contentType: e.mime });
      out.push({ width: w, format: e.format, key });
    }
  }
  return out;
}

export function presentAsset(
  row: { fileId: number; use: string; hash: string; format: string; width: number | null; height: number | null; variants: AssetVariant[] },
  file: { name: string; mime: string; size: number; sha256: string },
): ContentAsset {
  const isImage = row.width !== null;
  return {
    fileId: row.fileId,
    use: row.use as ContentUploadUse,
    name: file.name,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    url: isImage ? assetUrl(`${row.hash}-${row.width}.${row.format}`) : '',
    width: row.width,
    height: row.height,
    variants: row.variants.map((v) => ({ width: v.width, format: v.format, url: assetUrl(v.key.slice(ASSET_KEY_PREFIX.length + 1)) })),
  };
}

/** Checks, cleans and stores one content upload for the caller's company; nothing is left behind on a refusal or a fault. */
export async function storeContentUpload(
  deps: { database: Database; store: FileStore; now: Date },
  actor: Actor,
  input: { use: ContentUploadUse; itemType?: ContentType; itemId?: number; name: string; buffer: Buffer },
): Promise<ContentAsset> {
  const rule = CONTENT_UPLOAD_USES[input.use];
  // An upload for an item names one of the caller's own site, or an id reserved for it (28019).
  if (input.itemId !== undefined && !(await repo.ownItemOrReservation(deps.database.db, actor, input.itemId, deps.now)))
    throw new AppError(ErrorCodes.contentReservedIdInvalid, { id: input.itemId });
  if (input.buffer.length > CONTENT_DIRECT_UPLOAD_MAX_BYTES)
    throw new AppError(ErrorCodes.contentUploadResumable, { max: formatBytes(CONTENT_DIRECT_UPLOAD_MAX_BYTES) });
  let body: Buffer;
  let image: CheckedImage | null = null;
  let mime: string;
  let fileName = input.name;
  if (rule.kind === 'image') {
    image = await checkImage(input.buffer, rule, input.itemType);
    body = image.clean;
    mime = IMAGE_MIME[image.format];
    fileName = fileName.replace(/\.[^.]*$/, '') + `.${image.format}`;
  } else {
    if (input.buffer.length > rule.maxBytes) throw new AppError(ErrorCodes.contentFileTooLarge, { max: formatBytes(rule.maxBytes) });
    try {
      mime = (await checkUpload(input.buffer, { fileName, allowed: rule.exts, maxBytes: rule.maxBytes })).mime;
    } catch (err) {
      if (err instanceof AppError && (err.code === 1009 || err.code === 1011))
        throw new AppError(ErrorCodes.contentFileType, { types: typesText(rule.exts) });
      throw err;
    }
    body = input.buffer;
  }
  const hash = sha256(body);
  const variants = image ? await makeVariants(deps.store, hash, image) : [];
  return deps.database.db.transaction(async (tx) => {
    const file = await storeUpload({
      db: tx,
      store: deps.store,
      companyId: actor.companyId,
      userId: actor.actingUserId ?? actor.userId,
      buffer: body,
      fileName,
      purpose: `content/${input.use.toLowerCase()}`,
      isPublic: image !== null,
      contentType: mime,
      now: deps.now,
    });
    const row = await repo.insertAsset(tx, {
      fileId: file.id,
      companyId: actor.companyId,
      companyPath: actor.companyPath,
      use: input.use,
      hash,
      format: image?.format ?? (fileName.split('.').pop() ?? '').toLowerCase(),
      width: image?.width ?? null,
      height: image?.height ?? null,
      variants,
      itemId: input.itemId ?? null,
      createdAt: deps.now,
    });
    return presentAsset(row, file);
  });
}

/**
 * Removes uploads still unattached 24 h after they were made (idempotent: a run after another, or
 * two at once, remove each at most once; SKIP LOCKED). An upload an item or its rich text names is
 * marked attached instead. Public variants are removed with the last upload of their address.
 */
export async function purgeUnattachedUploads(database: Database, store: FileStore, now: number): Promise<{ purged: number; kept: number }> {
  let purged = 0;
  let kept = 0;
  for (;;) {
    const removed: Array<{ path: string; keys: string[] }> = [];
    const batch = await database.db.transaction(async (tx) => {
      const rows = await repo.unsafeStaleAssets(tx, new Date(now - CONTENT_UPLOAD_PURGE_AFTER_MS), 50);
      for (const r of rows) {
        if (await repo.unsafeAssetReferenced(tx, r.hash, r.fileId)) {
          await repo.setAssetsAttached(tx, [r.fileId], new Date(now));
          kept++;
          continue;
        }
        const { hashShared } = await repo.unsafeDeleteAsset(tx, r.fileId, r.hash);
        const own = r.width !== null ? [assetKey(`${r.hash}-${r.width}.${r.format}`)] : [];
        const keys = hashShared ? [] : [...own, ...r.variants.map((v) => v.key)];
        removed.push({ path: r.path, keys });
        purged++;
      }
      return rows.length;
    });
    for (const r of removed) {
      for (const key of [r.path, ...r.keys]) await store.delete(key).catch(() => {});
    }
    if (batch < 50) break;
  }
  return { purged, kept };
}

/**
 * The GIF rule where an item names its pictures (issue 14 §5): a GIF cover only for news, solution
 * and video items, never as banner or detail images (a GIF uploaded for a news cover cannot be
 * reused as a product's picture). Rich-text images may be GIFs.
 */
export function checkItemImages(type: ContentType, shared: { cover?: string; images?: string[] }): void {
  const isGif = (u: string | undefined) => !!u && /\.gif(?:[?#]|$)/i.test(u);
  if (isGif(shared.cover) && !GIF_COVER_TYPES.includes(type)) throw new AppError(ErrorCodes.contentGifNotAllowed);
  if ((shared.images ?? []).some(isGif)) throw new AppError(ErrorCodes.contentGifNotAllowed);
}
