/**
 * Delivery of the portal to the browser (issue 16): compressed and cached.
 *
 * - Built assets (apps/web/dist/assets) are content-hashed and precompressed at build time
 *   (apps/web/scripts/precompress.mjs writes `.br` and `.gz` beside every text file above 1 KB):
 *   the variant the client accepts is sent as it is, no CPU per request; a hashed file is read once
 *   and then answered from memory (as cheap as a small JSON answer: `npm run bench -- --only
 *   static-asset`), anything else by @fastify/static with `preCompressed`;
 *   `cache-control: public, max-age=31536000, immutable`, `vary: accept-encoding`.
 * - index.html and the other unhashed files of the build's root (favicon.svg, ...): `no-cache` with
 *   a strong ETag (a hash of the content) and `304 Not Modified`; kept in memory, re-read when the
 *   file changes on disk (a rebuild under a running server).
 * - Page paths (/login, /layout/home, ...) answer index.html, or the variant of it the build made
 *   for the path's first segment (pages/register.html for /register: the same document, preloading
 *   that page's chunks instead of the login page's);
 *   unknown files (/assets/x.js, /x.png) are a 404, never the app.
 * - `/robots.txt`: public pages allowed, everything behind login disallowed.
 * - `/favicon.ico` and `/branding/{logo,favicon,background}`: the images of the brand of the host the
 *   page is opened on, with an ETag that changes when the brand publishes new ones.
 * - API answers above 1 KB are compressed on the fly (@fastify/compress: brotli at a fast quality, or
 *   gzip), but not bodies that are already compressed (xlsx, zip, images, firmware: their types are
 *   not compressible) nor anything answering or advertising byte ranges (every stored-file download:
 *   file/get, firmware, device downloads keep their exact bytes, Range and Content-Length).
 */
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ErrorCodes, errorMessage } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import type { Database } from '../db/client';
import { companyBranding, companyDomains, files } from '../db/schema';
import { serveFile } from '../lib/files';
import type { AppServices } from '../lib/services';
import { requestLocale } from './call-router';

/** Hashed build output: `name-<8 base64url chars>.ext` (Vite's default file names). */
const HASHED_FILE = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.br|\.gz)?$/i;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** On-the-fly compression: JSON, text, XML and SVG only; zip, xlsx, images, octet-stream never. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|(?:\+|\/)javascript(?:;|$)/i;

/** Paths answered by the server itself, never by the single-page app. */
const API_PATH = /^\/(v1\.0|api|bench)(\/|$)/;

/**
 * What crawlers may index: the public pages (login, registration, terms, document files); nothing
 * behind login (the app's pages, the API, the docs).
 */
export const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /$',
  'Allow: /login',
  'Allow: /register',
  'Allow: /term/',
  'Allow: /document/files',
  'Allow: /assets/',
  'Disallow: /',
  '',
].join('\n');

type Encoding = 'br' | 'gzip' | 'identity';

/** The best of br, gzip and identity the client accepts (q-values honoured; `*` counts). */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of raw.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Larger build files (none today) are streamed by @fastify/static instead of kept in memory. */
const MAX_CACHED_BYTES = 4 * 1024 * 1024;

interface EntryFile {
  cacheControl: string;
  mtimeMs: number;
  size: number;
  type: string;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

/**
 * Files of the build in memory, each with a strong ETag over its content and its precompressed
 * variants. Unhashed files are checked on disk at every request (re-read when changed); a hashed
 * file never changes under its name, so once read it is served from memory without touching the disk.
 */
class BuildFiles {
  private cache = new Map<string, EntryFile>();
  constructor(
    private readonly root: string,
    private readonly immutable: (name: string) => boolean = () => false,
  ) {}

  /** null when the file does not exist (or the build is gone). `name` may have folders (a/b.js). */
  get(name: string): EntryFile | null {
    if (!/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(name) || name.includes('..') || /\.(br|gz)$/.test(name))
      return null;
    const hit = this.cache.get(name);
    if (hit && this.immutable(name)) return hit;
    const file = path.join(this.root, name);
    let st;
    try {
      st = statSync(file);
    } catch {
      this.cache.delete(name);
      return null;
    }
    if (!st.isFile() || st.size > MAX_CACHED_BYTES) return null;
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    const body = readFileSync(file);
    const read = (ext: string) =>
      existsSync(file + ext) && statSync(file + ext).mtimeMs >= st.mtimeMs ? readFileSync(file + ext) : undefined;
    const entry: EntryFile = {
      mtimeMs: st.mtimeMs,
      size: st.size,
      type: MIME[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: this.immutable(name) ? IMMUTABLE : NO_CACHE,
      bodies: { identity: body, br: read('.br'), gzip: read('.gz') },
    };
    this.cache.set(name, entry);
    return entry;
  }
}

/** If-None-Match (RFC 9110 §13.1.2, weak comparison): does the client hold this version? */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return raw.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

function sendEntry(req: FastifyRequest, reply: FastifyReply, entry: EntryFile) {
  reply.header('cache-control', entry.cacheControl).header('etag', entry.etag).header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], entry.etag)) return reply.status(304).send();
  const wanted = negotiateEncoding(req.headers['accept-encoding']);
  const encoding: Encoding = entry.bodies[wanted] ? wanted : 'identity';
  const body = entry.bodies[encoding]!;
  reply.type(entry.type).header('content-length', body.length);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}

export interface DeliveryDeps {
  webDist: string;
  database: Database;
  services: AppServices;
}

export interface Delivery {
  /** The not-found handler's GET answer: a root file, the app for a page path; false = a real 404. */
  pageFallback(req: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Registers compression (before any route, so every route gets it), the built assets, robots.txt,
 * /favicon.ico and the branding images. Call it before the routes are declared.
 */
export async function registerDelivery(app: FastifyInstance, deps: DeliveryDeps): Promise<Delivery> {
  // Byte-range answers (Accept-Ranges or a Range request) keep their exact bytes: compressing them
  // on the fly would drop Content-Length and make ranges meaningless. @fastify/compress honours
  // `x-no-compression`; this hook runs before its per-route onSend.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.headers.range !== undefined || reply.getHeader('accept-ranges') !== undefined) req.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    // A fast brotli: per-request CPU matters more than the last percent (the build uses the maximum).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  // /assets/*: from memory (read once, with the build's .br/.gz); what memory does not hold, by
  // @fastify/static (preCompressed as well); a missing file is the not-found handler's 404.
  const assetsDir = path.join(deps.webDist, 'assets');
  const assets = new BuildFiles(assetsDir, (name) => HASHED_FILE.test(name));
  await app.register(fastifyStatic, {
    root: assetsDir,
    serve: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('cache-control', HASHED_FILE.test(filePath) ? IMMUTABLE : NO_CACHE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get<{ Params: { '*': string } }>('/assets/*', (req, reply) => {
    const name = req.params['*'];
    const entry = assets.get(name);
    if (entry) return sendEntry(req, reply, entry);
    if (!existsSync(assetsDir) || !/^[A-Za-z0-9_./-]+$/.test(name) || name.includes('..')) return reply.callNotFound();
    return reply.sendFile(name);
  });

  app.get('/robots.txt', async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(ROBOTS_TXT),
  );

  const entries = new BuildFiles(deps.webDist);
  registerBrandingRoutes(app, deps, entries);

  return {
    pageFallback(req, reply) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const pathname = req.url.split('?')[0];
      if (API_PATH.test(pathname)) return false;
      const last = pathname.slice(pathname.lastIndexOf('/') + 1);
      // A file of the build's root (favicon.svg, index.html, ...)
      if (pathname.lastIndexOf('/') === 0 && last.includes('.')) {
        const entry = entries.get(last);
        if (entry) {
          sendEntry(req, reply, entry);
          return true;
        }
      }
      // Anything that looks like a file and is not there is a 404, not the app.
      if (/\.[A-Za-z0-9]{1,8}$/.test(last) || pathname.startsWith('/assets/')) return false;
      // The page's own variant of index.html when the build has one (pages/<first segment>.html:
      // the same document preloading that page's chunks, apps/web/scripts/login-preload.mjs).
      const first = pathname.split('/')[1] ?? '';
      const index = (/^[a-z0-9-]+$/.test(first) ? entries.get(`pages/${first}.html`) : null) ?? entries.get('index.html');
      if (!index) return false;
      sendEntry(req, reply, index);
      return true;
    },
  };
}

const BRANDING_FIELDS = { logo: 'icon', favicon: 'favicon', background: 'bgImg' } as const;
type BrandingKind = keyof typeof BRANDING_FIELDS;

/**
 * The brand's images by the host the page is opened on. A value is the id of a file uploaded to the
 * store (served with an ETag over the file id and its stored version, so a newly published image is
 * a new ETag) or a URL (redirected to). Without one, the favicon is the portal's own favicon.svg.
 */
function registerBrandingRoutes(app: FastifyInstance, deps: DeliveryDeps, entries: BuildFiles) {
  const db = deps.database.db;
  async function brandingValue(host: string, kind: BrandingKind): Promise<string | null> {
    const domain = host.trim().toLowerCase().replace(/:\d+$/, '');
    if (!domain) return null;
    const [row] = await db
      .select({ icon: companyBranding.icon, favicon: companyBranding.favicon, bgImg: companyBranding.bgImg })
      .from(companyDomains)
      .innerJoin(companyBranding, eq(companyBranding.companyId, companyDomains.companyId))
      .where(eq(companyDomains.domain, domain));
    return row?.[BRANDING_FIELDS[kind]] ?? null;
  }

  async function serveBranding(req: FastifyRequest, reply: FastifyReply, kind: BrandingKind) {
    const value = await brandingValue(req.hostname ?? '', kind);
    if (value && /^\d+$/.test(value)) {
      const [f] = await db
        .select()
        .from(files)
        .where(eq(files.id, Number(value)));
      if (f && f.isPublic) {
        const served = await serveFile({
          store: deps.services.fileStore,
          key: f.path,
          fileName: f.name,
          contentType: f.mime,
          cacheControl: NO_CACHE,
          headOnly: true,
        });
        const etag = `"b${f.id}-${(served.headers.ETag ?? served.headers['Last-Modified'] ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}"`;
        reply.header('cache-control', NO_CACHE).header('etag', etag);
        if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
        const full = await serveFile({
          store: deps.services.fileStore,
          key: f.path,
          fileName: f.name,
          contentType: f.mime,
          cacheControl: NO_CACHE,
          headOnly: req.method === 'HEAD',
        });
        reply.status(full.status).headers({ ...full.headers, ETag: etag });
        return reply.send(full.stream ?? '');
      }
    } else if (value && /^(https?:\/\/|\/(?!\/))/.test(value)) {
      return reply.header('cache-control', NO_CACHE).redirect(value, 302);
    }
    const fallback = kind === 'favicon' ? entries.get('favicon.svg') : null;
    if (fallback) return sendEntry(req, reply, fallback);
    return reply.status(404).send({ basic: { code: ErrorCodes.notFound, msg: errorMessage(ErrorCodes.notFound, requestLocale(req)) } });
  }

  app.get('/favicon.ico', (req, reply) => serveBranding(req, reply, 'favicon'));
  app.get<{ Params: { kind: string } }>('/branding/:kind', (req, reply) => {
    const kind = req.params.kind as BrandingKind;
    if (!(kind in BRANDING_FIELDS)) {
      return reply
        .status(404)
        .send({ basic: { code: ErrorCodes.unknownCall, msg: errorMessage(ErrorCodes.unknownCall, requestLocale(req)) } });
    }
    return serveBranding(req, reply, kind);
  });
}
