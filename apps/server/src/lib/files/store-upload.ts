import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, Tx } from '../../db/client';
import { files } from '../../db/schema';
import { extensionOf, mimeForExt, OCTET_STREAM } from './mime';
import type { FileStore } from './store';

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

/**
 * Puts the bytes in the store under `${purpose}/${yyyy}/${mm}/${uuid}.${ext}` and records them in
 * `files`. If the row cannot be written the object is removed again.
 */
export async function storeUpload(input: StoreUploadInput): Promise<FileRow> {
  if (!PURPOSE.test(input.purpose)) throw new Error(`bad upload purpose: ${input.purpose}`);
  const now = input.now ?? new Date();
  const ext = extensionOf(input.fileName) || 'bin';
  const yyyy = String(now.getUTCFullYear());
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  const key = `${input.purpose}/${yyyy}/${mm}/${randomUUID()}.${ext}`;
  let mime = input.contentType ?? mimeForExt(ext);
  if (mime === OCTET_STREAM && !input.contentType) mime = (await fileTypeFromBuffer(input.buffer))?.mime ?? OCTET_STREAM;

  const put = await input.store.put(key, input.buffer, { contentType: mime });
  try {
    const [row] = await input.db
      .insert(files)
      .values({
        companyId: input.companyId,
        path: key,
        name: cleanFileName(input.fileName),
        mime,
        size: put.size,
        sha256: put.sha256,
        md5: put.md5,
        isPublic: input.isPublic ?? false,
        createdBy: input.userId,
        createdAt: now,
      })
      .returning();
    return row;
  } catch (err) {
    await input.store.delete(key).catch(() => {});
    throw err;
  }
}
