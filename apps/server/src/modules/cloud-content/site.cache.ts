/**
 * The public site's page cache (issue 14 Figures): rendered pages kept in this instance's memory, at
 * most `maxBytes` (64 MB by default) counting each page's HTML and its compressed forms, least
 * recently used first out. Exact like the read cache: a page is answered only while DataVersions
 * has heard of no write to what pages are rendered from (content translations, parameters, groups,
 * sites: migrations 0024 and 0052), so a release, a take-off or a new address shows on the next
 * request. A site's pages depend on that site only (`sitePageDeps`: the triggers of migration 0052
 * name the site of every changed translation, parameter and group), so one partner's release does
 * not drop another's pages. Pages that depend on the time of day (banner and hot-item windows on
 * the home page) expire at the next start or end they know of (`expiresAt`); no other time limit
 * is needed (`ttlMs`, unlimited by default), since every change is heard.
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

/**
 * What one site's pages depend on: that site's row mark, which migration 0052's triggers note for
 * every write to the site's translations, parameters and groups (and a write to content_sites
 * itself, announced for the whole table, covers every site).
 */
export const sitePageDeps = (siteId: number): DataDeps => ({ rows: [`content_sites:${siteId}`] });

/** The warmer stops adding pages once the cache holds this share of its cap (room is left for visits). */
export const WARM_FILL = 0.9;
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
  deps: DataDeps;
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
/**
 * Brotli at quality 5 with a 256 KB window and the size known up front: the encoder then allocates
 * for a page, not for the 4 MB default window (about a quarter less time per page, same bytes).
 */
const brotli = (html: string) => {
  const bytes = Buffer.from(html, 'utf8');
  return brotliCompressSync(bytes, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
      [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
};

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
    private readonly ttlMs = Number.POSITIVE_INFINITY,
  ) {}

  get size() {
    return this.entries.size;
  }

  get usedBytes() {
    return this.bytes;
  }

  /** The kept entry of `key` while it is still right, else undefined (a stale one is dropped). */
  private fresh(key: string): Entry | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const now = this.now();
    if (
      now - hit.at < this.ttlMs &&
      (hit.page.expiresAt === undefined || now < hit.page.expiresAt) &&
      !this.versions.changedSince(hit.token, hit.deps)
    )
      return hit;
    this.drop(key, hit);
    return undefined;
  }

  /**
   * The page of `key`: kept, or `render()`'s (kept unless what it depends on, `deps`, changed while
   * it rendered).
   */
  async get(key: string, render: () => Promise<CachedPage>, deps: DataDeps = SITE_PAGE_DEPS): Promise<{ page: CachedPage; entry?: Entry }> {
    const hit = this.fresh(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.hits++;
      return { page: hit.page, entry: hit };
    }
    this.misses++;
    return this.renderAndKeep(key, render, deps);
  }

  /**
   * Renders `key` ahead of a visit (the warmer) unless it is kept already or the cache is filled to
   * WARM_FILL of its cap: 'kept', 'rendered' or 'full'. So warming never pushes out a page a
   * visitor asked for.
   */
  async warm(key: string, render: () => Promise<CachedPage>, deps: DataDeps): Promise<'kept' | 'rendered' | 'full'> {
    if (this.fresh(key)) return 'kept';
    if (this.bytes >= this.maxBytes * WARM_FILL) return 'full';
    const { entry } = await this.renderAndKeep(key, render, deps);
    return entry ? 'rendered' : 'kept';
  }

  private async renderAndKeep(
    key: string,
    render: () => Promise<CachedPage>,
    deps: DataDeps,
  ): Promise<{ page: CachedPage; entry?: Entry }> {
    const token = this.versions.begin();
    const page = await render();
    if (token === null || this.versions.changedSince(token, deps)) return { page };
    const packed = Buffer.byteLength(page.body) >= COMPRESS_FROM_BYTES;
    const br = packed ? brotli(page.body) : undefined;
    const kept = br ? packedPage(page, br) : page;
    const bytes = (br ? br.length : Buffer.byteLength(page.body)) + key.length + 256;
    const entry: Entry = { key, page: kept, deps, token, at: this.now(), bytes, packed, br };
    if (entry.bytes > this.maxBytes / 16) return { page };
    const before = this.entries.get(key);
    if (before) this.drop(key, before);
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
