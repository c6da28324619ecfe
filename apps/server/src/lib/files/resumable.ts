/**
 * The server half of the resumable upload (contract shared/resumable-upload), shared by firmware
 * packages and content manuals and videos: where a file's chunks live in the store, the length
 * check of one chunk, and the join of the chunks, in order, into the stored file (streamed, with
 * its size and digests measured on the way, so that the caller compares them with what was declared).
 */
import { Readable } from 'node:stream';
import { chunkPlan, ErrorCodes } from '@portal/contract';
import { AppError } from '../app-error';
import type { FileStore, PutResult } from './store';

/** A file's chunks under `prefix` in the store: `<prefix>/<index>`. */
export interface ChunkedUpload {
  prefix: string;
  size: number;
  chunkBytes: number;
}

export const chunkKeyOf = (u: Pick<ChunkedUpload, 'prefix'>, index: number) => `${u.prefix}/${index}`;

export function chunkKeysOf(u: ChunkedUpload): string[] {
  return Array.from({ length: chunkPlan(u.size, u.chunkBytes).total }, (_, i) => chunkKeyOf(u, i));
}

/**
 * The index of the chunk `rawIndex` names, refused (uploadChunkInvalid) unless it is one of the
 * file's chunks and `bodyLength` is exactly that chunk's length.
 */
export function checkChunk(u: ChunkedUpload, rawIndex: string | number, bodyLength: number): number {
  const { total, bytesOf } = chunkPlan(u.size, u.chunkBytes);
  const text = String(rawIndex);
  if (!/^\d{1,6}$/.test(text) || Number(text) >= total)
    throw new AppError(ErrorCodes.uploadChunkInvalid, { detail: `index ${text} not in 0-${total - 1}` });
  const index = Number(text);
  const expected = bytesOf(index);
  if (bodyLength !== expected)
    throw new AppError(ErrorCodes.uploadChunkInvalid, { detail: `chunk ${index} has ${bodyLength} bytes, expected ${expected}` });
  return index;
}

async function* chunksInOrder(store: FileStore, keys: string[]): AsyncGenerator<Buffer> {
  for (const key of keys) {
    const got = await store.get(key);
    for await (const b of got.stream as AsyncIterable<Buffer>) yield b;
  }
}

/**
 * Joins the chunks into `destKey`, streamed; answers what was stored (size, SHA-256, MD5). A
 * failure removes the partial object and is rethrown.
 */
export async function joinChunks(store: FileStore, u: ChunkedUpload, destKey: string, contentType: string): Promise<PutResult> {
  try {
    return await store.put(destKey, Readable.from(chunksInOrder(store, chunkKeysOf(u))), { contentType });
  } catch (err) {
    await store.delete(destKey).catch(() => undefined);
    throw err;
  }
}

/** Removes every chunk of the upload (missing ones are fine). */
export async function removeChunks(store: FileStore, u: ChunkedUpload): Promise<void> {
  for (const key of chunkKeysOf(u)) await store.delete(key);
}
