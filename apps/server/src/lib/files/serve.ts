/**
 * Serving a stored file over HTTP, independent of the web framework: status, headers and a stream.
 * Single byte ranges (RFC 9110 §14) so that downloads resume; several ranges are answered with
 * the whole file, which the RFC allows.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SIGNED_URL_TTL_SECONDS } from '@portal/contract';
import { extensionOf, mimeForExt } from './mime';
import type { FileStore } from './store';

export interface ServeFileOptions {
  store: FileStore;
  key: string;
  /** The request's Range header, if any. */
  rangeHeader?: string | string[];
  /** The request's If-Range header: the range is honoured only if the file is still that version. */
  ifRangeHeader?: string | string[];
  /** A HEAD request: the same status and headers, no stream opened. */
  headOnly?: boolean;
  isDownload?: boolean;
  /** The name the browser shows or saves; default the key's last segment. */
  fileName?: string;
  /** Overrides the stored content type. */
  contentType?: string;
  cacheControl?: string;
}

export interface ServeFileResult {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** null for 416 and for headOnly */
  stream: Readable | null;
}

export type RangeRequest = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Interprets a Range header against a size; malformed or multi-range headers mean 'none'. */
export function parseRangeHeader(header: string | string[] | undefined, size: number): RangeRequest {
  if (Array.isArray(header)) header = header.length === 1 ? header[0] : undefined;
  if (!header) return { kind: 'none' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return { kind: 'none' };
  const [, a, b] = m;
  if (a === '' && b === '') return { kind: 'none' };
  if (a === '') {
    // suffix: the last N bytes
    const n = Number(b);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const last = b === '' ? Infinity : Number(b);
  if (!Number.isSafeInteger(start) || last < start) return { kind: 'none' }; // invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(last, size - 1) };
}

/** Types a browser may show inline without risk of running script from an upload. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|bmp|x-icon)|application\/pdf|video\/mp4|text\/plain)(;|$)/i;

/** `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const name = fileName.replace(/[\r\n"\\]/g, '_').replace(/[/]/g, '_');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === name && !/%/.test(name) ? `${kind}; filename="${ascii}"` : `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function serveFile(opts: ServeFileOptions): Promise<ServeFileResult> {
  const { store, key } = opts;
  const info = await store.head(key); // AppError(1004) when missing
  const size = info.size;
  const fileName = opts.fileName || path.posix.basename(key);
  const contentType = opts.contentType || info.contentType || mimeForExt(extensionOf(fileName));
  const disposition = opts.isDownload || !INLINE_SAFE.test(contentType) ? 'attachment' : 'inline';
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(disposition, fileName),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': opts.cacheControl ?? `private, max-age=${SIGNED_URL_TTL_SECONDS}`,
  };
  if (info.lastModified) headers['Last-Modified'] = info.lastModified.toUTCString();
  if (info.etag) headers.ETag = info.etag;

  const range = ifRangeMatches(opts.ifRangeHeader, info.etag, info.lastModified)
    ? parseRangeHeader(opts.rangeHeader, size)
    : ({ kind: 'none' } as const);
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' }, stream: null };
  }
  if (opts.headOnly) {
    return range.kind === 'range'
      ? {
          status: 206,
          headers: {
            ...headers,
            'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
            'Content-Length': String(range.end - range.start + 1),
          },
          stream: null,
        }
      : { status: 200, headers: { ...headers, 'Content-Length': String(size) }, stream: null };
  }
  if (range.kind === 'range') {
    const r = await store.get(key, { start: range.start, end: range.end });
    const start = r.range?.start ?? range.start;
    const end = r.range?.end ?? range.end;
    return {
      status: 206,
      headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) },
      stream: r.stream,
    };
  }
  const r = await store.get(key);
  return { status: 200, headers: { ...headers, 'Content-Length': String(r.length) }, stream: r.stream };
}

/**
 * If-Range (RFC 9110 §13.1.5): absent, or a strong ETag equal to the current one, or an HTTP date
 * equal to Last-Modified (to the second). Anything else means the client's partial copy is stale.
 */
export function ifRangeMatches(header: string | string[] | undefined, etag?: string, lastModified?: Date): boolean {
  if (Array.isArray(header)) header = header[0];
  if (!header) return true;
  const v = header.trim();
  if (v.startsWith('"') || v.startsWith('W/')) return !v.startsWith('W/') && etag !== undefined && v === etag;
  const t = Date.parse(v);
  return !Number.isNaN(t) && lastModified !== undefined && Math.floor(lastModified.getTime() / 1000) === Math.floor(t / 1000);
}
