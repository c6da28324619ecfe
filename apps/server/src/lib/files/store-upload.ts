import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema';
import { extensionOf, mimeForExt, OCTET_STREAM } from './mime';
import type { FileStore, PutResult } from './store';

export type FileRow = typeof files.$inferSelect;

export interface StoreUploadInput {
  /** The database or the caller's transaction. */
  db: Db | Tx;
  store: FileStore;
  companyId: number | null;
  userId: number | null;
  /** Bytes already accepted by checkUpload. */
  buffer: Buffer;
  /** The uploader's file name; kept as the display name, its extension names the stored object. */
  fileName: string;
  /** First key segment(s): 'logos', 'branding/favicons'. Lower-case letters, digits, '-' and '_'. */
  purpose: string;
  isPublic?: boolean;
  /** Default: from checkUpload's result or the extension. */
  contentType?: string;
  now?: Date;
}

const PURPOSE = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/** A display name: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(-255);
}

/** The key a new upload of `purpose` is stored under: `${purpose}/${yyyy}/${mm}/${uuid}.${ext}`. */
export function uploadKey(purpose: string, fileName: string, now: Date): string {
  if (!PURPOSE.test(purpose)) throw new Error(`bad upload purpose: ${purpose}`);
  const ext = extensionOf(fileName) || 'bin';
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${purpose}/${yyyy}/${mm}/${randomUUID()}.${ext}`;
}

/**
 * Puts the bytes in the store under `${purpose}/${yyyy}/${mm}/${uuid}.${ext}` and records them in
 * `files`. If the row cannot be written the object is removed again.
 */
export async function storeUpload(input: StoreUploadInput): Promise<FileRow> {
  const now = input.now ?? new Date();
  const key = uploadKey(input.purpose, input.fileName, now);
  let mime = input.contentType ?? mimeForExt(extensionOf(input.fileName) || 'bin');
  if (mime === OCTET_STREAM && !input.contentType) mime = (await fileTypeFromBuffer(input.buffer))?.mime ?? OCTET_STREAM;
  const put = await input.store.put(key, input.buffer, { contentType: mime });
  return recordStoredFile({ ...input, key, put, mime, now });
}

/**
 * Records in `files` an object already put under `key` (uploadKey; a resumable upload joins its
 * chunks there). If the row cannot be written the object is removed again.
 */
export async function recordStoredFile(
  input: Omit<StoreUploadInput, 'buffer' | 'purpose' | 'contentType'> & { key: string; put: PutResult; mime: string; now: Date },
): Promise<FileRow> {
  try {
    const [row] = await input.db
      .insert(files)
      .values({
        companyId: input.companyId,
        path: input.key,
        name: cleanFileName(input.fileName),
        mime: input.mime,
        size: input.put.size,
        sha256: input.put.sha256,
        md5: input.put.md5,
        isPublic: input.isPublic ?? false,
        createdBy: input.userId,
        createdAt: input.now,
      })
      .returning();
    return row;
  } catch (err) {
    await input.store.delete(input.key).catch(() => {});
    throw err;
  }
}
