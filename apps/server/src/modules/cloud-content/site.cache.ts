/**
 * The public site's page cache (issue 14 Figures): rendered pages kept in this instance's memory, at
 * most `maxBytes` (64 MB by default) counting each page's HTML and its compressed forms, least
 * recently used first out. Exact like the read cache: a page is answered only while DataVersions
 * has heard of no write to what pages are rendered from (content translations, parameters, groups,
 * sites: migration 0024), so a release, a take-off or a new address shows on the next request.
 * Pages that depend on the time of day (banner and hot-item windows on the home page) expire at the
 * next start or end they know of (`expiresAt`), and every page after `ttlMs`.
 *
 * A page of 1 KB or more is kept compressed only: brotli, made when it is kept (most visitors accept
 * it), and gzip once a client asks for it; its HTML is unpacked from the brotli body for the rare
 * client that accepts neither. So a hit costs no compression, and the 64 MB hold about seven times
 * as many pages as they would as HTML (a product page of ~40 KB is ~6 KB in brotli): with 20,000
 * product pages in two locales, most requests are hits instead of renders.
 */
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { DataDeps, DataVersions } from '../../lib/data-versions';

export const SITE_PAGE_DEPS: DataDeps = { tables: ['content_translations', 'content_params', 'content_param_groups', 'content_sites'] };
export const SITE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

export interface CachedPage {
  status: number;
  type: string;
  body: string;
  location?: string;
  headers?: Record<string, string>;
  /** When the page stops being right (the next banner or hot-item start or end), as the clock reads. */
  expiresAt?: number;
}

interface Entry {
  key: string;
  /** The page; its body is unpacked from `br` when asked for, if the page was kept compressed. */
  page: CachedPage;
  token: number;
  at: number;
  bytes: number;
  /** Kept compressed (1 KB or more): the HTML lives only in `br`. */
  packed: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

/** Pages below this size are kept and sent as they are. */
const COMPRESS_FROM_BYTES = 1024;
const brotli = (html: string) => brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });

/** The page with its body unpacked from the brotli one, only when the body is read. */
function packedPage(page: CachedPage, br: Buffer): CachedPage {
  const { body: _dropped, ...rest } = page;
  let body: string | undefined;
  return Object.defineProperty({ ...rest } as CachedPage, 'body', {
    enumerable: true,
    get: () => (body ??= brotliDecompressSync(br).toString('utf8')),
  });
}

export class SitePageCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly versions: DataVersions,
    private readonly now: () => number,
    readonly maxBytes = SITE_CACHE_MAX_BYTES,
    private readonly ttlMs = 60_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  get usedBytes() {
    return this.bytes;
  }

  /** The page of `key`: kept, or `render()`'s (kept unless the data changed while it rendered). */
  async get(key: string, render: () => Promise<CachedPage>): Promise<{ page: CachedPage; entry?: Entry }> {
    const hit = this.entries.get(key);
    if (hit) {
      const fresh = this.now() - hit.at < this.ttlMs && (hit.page.expiresAt === undefined || this.now() < hit.page.expiresAt);
      if (!this.versions.changedSince(hit.token, SITE_PAGE_DEPS) && fresh) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        this.hits++;
        return { page: hit.page, entry: hit };
      }
      this.drop(key, hit);
    }
    this.misses++;
    const token = this.versions.begin();
    const page = await render();
    if (token === null || this.versions.changedSince(token, SITE_PAGE_DEPS)) return { page };
    const packed = Buffer.byteLength(page.body) >= COMPRESS_FROM_BYTES;
    const br = packed ? brotli(page.body) : undefined;
    const kept = br ? packedPage(page, br) : page;
    const bytes = (br ? br.length : Buffer.byteLength(page.body)) + key.length + 256;
    const entry: Entry = { key, page: kept, token, at: this.now(), bytes, packed, br };
    if (entry.bytes > this.maxBytes / 16) return { page };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return { page, entry };
  }

  /** The body compressed as asked (made once per entry), or null to send it as it is. */
  encoded(entry: Entry | undefined, acceptEncoding: string | undefined): { encoding: 'br' | 'gzip'; body: Buffer } | null {
    if (!entry || !acceptEncoding || !entry.packed || this.entries.get(entry.key) !== entry) return null;
    const accepted = new Set(
      acceptEncoding
        .toLowerCase()
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
        .map(([name]) => name!.trim()),
    );
    const accepts = (name: string) => accepted.has(name);
    if (accepts('br') && entry.br) return { encoding: 'br', body: entry.br };
    if (accepts('gzip')) {
      if (!entry.gzip) {
        entry.gzip = gzipSync(entry.page.body, { level: 6 });
        this.grow(entry, entry.gzip.length);
      }
      return { encoding: 'gzip', body: entry.gzip };
    }
    return null;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  private grow(entry: Entry, by: number) {
    entry.bytes += by;
    this.bytes += by;
    this.evict();
  }

  private drop(key: string, entry: Entry) {
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  private evict() {
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }
}
