import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../app-error';
import { DigestTap, digestBuffer } from './hashing';
import { mimeForExt, extensionOf } from './mime';
import { assertSafeKey, resolveRange, type ByteRange, type FileStore, type GetResult, type ObjectInfo, type PutResult } from './store';

/**
 * Files on the local disk under `rootDir` (default ./.data/files). Content types given to `put`
 * are kept in a sidecar under `.meta/`; writes go to `.tmp/` first and are renamed into place, so
 * a reader never sees half a file. Keys never start a segment with a dot, so they cannot reach
 * either folder, and every resolved path is checked to stay under the root.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  private pathOf(key: string, area?: '.meta'): string {
    assertSafeKey(key);
    const base = area ? path.join(this.rootDir, area) : this.rootDir;
    const full = path.resolve(base, ...key.split('/')) + (area ? '.json' : '');
    if (!full.startsWith(base + path.sep)) throw new AppError(1004, undefined, `file key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer | Readable, opts: { contentType?: string } = {}): Promise<PutResult> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.rootDir, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    let result: PutResult;
    try {
      if (Buffer.isBuffer(body)) {
        await writeFile(tmp, body);
        result = digestBuffer(body);
      } else {
        const tap = new DigestTap();
        await pipeline(body, tap, createWriteStream(tmp));
        result = tap.result();
      }
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const meta = this.pathOf(key, '.meta');
    if (opts.contentType) {
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(meta, JSON.stringify({ contentType: opts.contentType }));
    } else {
      await rm(meta, { force: true });
    }
    return result;
  }

  async head(key: string): Promise<ObjectInfo> {
    const file = this.pathOf(key);
    const st = await stat(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw new AppError(1004, undefined, `file not found: ${key}`);
      throw err;
    });
    if (!st.isFile()) throw new AppError(1004, undefined, `not a file: ${key}`);
    return {
      size: st.size,
      contentType: await this.contentTypeOf(key),
      lastModified: st.mtime,
      etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}-${st.ino.toString(16)}"`,
    };
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(this.pathOf(key, '.meta'), 'utf8')) as { contentType?: string };
      if (meta.contentType) return meta.contentType;
    } catch {
      // no sidecar: fall back to the extension
    }
    return mimeForExt(extensionOf(key));
  }

  async get(key: string, range?: ByteRange): Promise<GetResult> {
    const info = await this.head(key);
    const file = this.pathOf(key);
    if (!range) {
      return { stream: createReadStream(file), size: info.size, length: info.size, contentType: info.contentType };
    }
    const r = resolveRange(range, info.size);
    return {
      stream: createReadStream(file, { start: r.start, end: r.end }),
      size: info.size,
      length: r.end - r.start + 1,
      range: r,
      contentType: info.contentType,
    };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
    await rm(this.pathOf(key, '.meta'), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.head(key);
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === 1004) return false;
      throw err;
    }
  }
}
