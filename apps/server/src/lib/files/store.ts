import type { Readable } from 'node:stream';
import { AppError } from '../app-error';

export interface PutResult {
  size: number;
  /** hex */
  sha256: string;
  /** hex */
  md5: string;
}

export interface ObjectInfo {
  size: number;
  contentType?: string;
  lastModified?: Date;
  /** A validator that changes when the content does, quoted as in HTTP. */
  etag?: string;
}

/** Inclusive byte range, as in HTTP: { start: 0, end: 9 } is the first ten bytes; no end means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface GetResult {
  stream: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
  /** Bytes the stream will deliver. */
  length: number;
  /** The range actually served, inclusive; absent for a whole-object read. */
  range?: { start: number; end: number };
  contentType?: string;
}

/**
 * Where uploaded files and firmware packages live. Keys are relative paths of safe segments
 * ('logos/2026/11/uuid.png'). `get` and `head` of a missing key throw AppError(1004); a range
 * outside the object throws AppError(1014).
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Readable, opts?: { contentType?: string }): Promise<PutResult>;
  get(key: string, range?: ByteRange): Promise<GetResult>;
  head(key: string): Promise<ObjectInfo>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._=-]*$/;

/** A key is '/'-separated segments of [A-Za-z0-9._=-], none empty, none starting with a dot. */
export function isSafeKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 1024) return false;
  return key.split('/').every((s) => SEGMENT.test(s));
}

export function assertSafeKey(key: unknown): asserts key is string {
  if (!isSafeKey(key)) throw new AppError(1004, undefined, `invalid file key: ${JSON.stringify(key)}`);
}

/** Turns a requested range into an inclusive one for an object of `size` bytes, or throws AppError(1014). */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } {
  const { start } = range;
  const end = range.end === undefined ? size - 1 : Math.min(range.end, size - 1);
  if (!Number.isSafeInteger(start) || start < 0 || start >= size || end < start) {
    throw new AppError(1014, undefined, `range ${start}-${range.end ?? ''} outside 0-${size - 1}`);
  }
  return { start, end };
}
