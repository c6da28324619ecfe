/**
 * The content files' raw routes: content/upload (raw bytes for a use, signed like file/upload), the
 * public image variants by content address (cached a year, immutable), and the public download of
 * a document version of the host's brand, with Range so that downloads resume. A signed-in-only
 * document is never served here (1004, as an unknown one); the portal reads it through file/link.
 */
import {
  CONTENT_ASSET_CACHE_CONTROL,
  CONTENT_DIRECT_UPLOAD_MAX_BYTES,
  CONTENT_UPLOAD_CHUNK_BYTES,
  contentUploadChunkDataSchema,
  contentUploadDataSchema,
  ErrorCodes,
  rawRoutes,
  type ContentType,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeOperationLog } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { serveFile } from '../../lib/files';
import { publicRoute, rawRoute, sendRefusal, userCredentials } from '../../lib/raw-routes';
import { sha256Hex } from '../../lib/secrets';
import type { AppServices } from '../../lib/services';
import { localizeIssues } from '../../lib/validation-messages';
import { requestLocale } from '../../plugins/call-router';
import { ASSET_NAME_RE, assetKey, storeContentUpload } from './assets.service';
import { storeChunk } from './uploads.service';
import * as contentRepo from './content.repository';
import * as repo from './files.repository';

export interface ContentFileRouteDeps {
  database: Database;
  clock: Clock;
  services: AppServices;
}

/** What the X-Basic sign covers: the bytes received, their use, item type and item (or reserved id). */
function signedUploadData(req: FastifyRequest) {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const q = req.query as Record<string, string>;
  return {
    use: q.use,
    ...(q.itemType ? { itemType: q.itemType } : {}),
    ...(q.itemId ? { itemId: q.itemId } : {}),
    name: q.name,
    size: body.length,
    sha256: sha256Hex(body),
  };
}

/** What a chunk's X-Basic sign covers: the session, where the chunk starts, the bytes received. */
function signedChunkData(req: FastifyRequest) {
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const q = req.query as Record<string, string>;
  const int = (v: string | undefined) => (v !== undefined && /^\d{1,15}$/.test(v) ? Number(v) : v);
  return { sessionId: int(q.sessionId), offset: int(q.offset), size: body.length, sha256: sha256Hex(body) };
}

export function registerContentFileRoutes(app: FastifyInstance, deps: ContentFileRouteDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CONTENT_DIRECT_UPLOAD_MAX_BYTES + 1024 }, (_req, body, done) =>
      done(null, body),
    );
    rawRoute(
      scope,
      deps,
      rawRoutes.contentUpload,
      userCredentials(signedUploadData),
      "stores into the caller's own company; names no other object",
      async (req, _reply, actor) => {
        if (!actor) throw new AppError(ErrorCodes.forbidden);
        if (actor.level === 2) throw new AppError(ErrorCodes.forbidden, undefined, 'distributors get productSet only');
        const data = contentUploadDataSchema.safeParse(signedUploadData(req));
        if (!data.success) throw new AppError(ErrorCodes.invalidParams, { detail: localizeIssues(data.error.issues, req.locale) });
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const now = new Date(deps.clock.now());
        const asset = await storeContentUpload({ database: deps.database, store: deps.services.fileStore, now }, actor, {
          use: data.data.use,
          itemType: data.data.itemType as ContentType | undefined,
          itemId: data.data.itemId ? Number(data.data.itemId) : undefined,
          name: data.data.name,
          buffer: body,
        });
        await writeOperationLog(
          deps.database.db,
          actor,
          {
            action: 'content/upload',
            targetType: 'file',
            targetId: asset.fileId,
            after: { name: asset.name, size: asset.size, use: asset.use },
          },
          { requestId: String(req.id), ip: req.ip, at: now },
        );
        return { basic: { code: 200, msg: 'Success' }, data: asset };
      },
      {
        bodyLimit: CONTENT_DIRECT_UPLOAD_MAX_BYTES + 1024,
        onRequest: async (req) => {
          req.locale = requestLocale(req);
        },
      },
    );

    rawRoute(
      scope,
      deps,
      rawRoutes.contentUploadChunk,
      userCredentials(signedChunkData),
      "the session is looked up in the caller's own company (another company's answers 1004)",
      async (req, _reply, actor) => {
        if (!actor) throw new AppError(ErrorCodes.forbidden);
        const data = contentUploadChunkDataSchema.safeParse(signedChunkData(req));
        if (!data.success) throw new AppError(ErrorCodes.invalidParams, { detail: localizeIssues(data.error.issues, req.locale) });
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const session = await storeChunk({ database: deps.database, store: deps.services.fileStore, now: deps.clock.now() }, actor, {
          sessionId: data.data.sessionId,
          offset: data.data.offset,
          body,
        });
        return { basic: { code: 200, msg: 'Success' }, data: session };
      },
      {
        bodyLimit: CONTENT_UPLOAD_CHUNK_BYTES + 1024,
        onRequest: async (req) => {
          req.locale = requestLocale(req);
        },
      },
    );
  });

  rawRoute(
    app,
    deps,
    rawRoutes.contentAsset,
    publicRoute(),
    'public images by content address: a name is a hash, not a tenant id',
    async (req, reply) => {
      const name = (req.params as { name?: string }).name ?? '';
      if (!ASSET_NAME_RE.test(name)) return sendRefusal(req, reply, rawRoutes.contentAsset, ErrorCodes.notFound);
      let served;
      try {
        served = await serveFile({
          store: deps.services.fileStore,
          key: assetKey(name),
          rangeHeader: req.headers.range,
          ifRangeHeader: req.headers['if-range'],
          headOnly: req.method === 'HEAD',
          cacheControl: CONTENT_ASSET_CACHE_CONTROL,
        });
      } catch (err) {
        if (err instanceof AppError && err.code === ErrorCodes.notFound)
          return sendRefusal(req, reply, rawRoutes.contentAsset, ErrorCodes.notFound);
        throw err;
      }
      reply
        .status(served.status)
        .headers({ ...served.headers, 'Content-Disposition': 'inline', 'Cross-Origin-Resource-Policy': 'cross-origin' });
      return reply.send(served.stream ?? '');
    },
  );

  rawRoute(
    app,
    deps,
    rawRoutes.documentDownload,
    publicRoute(),
    "answers only a public document of the host's own brand; any other id is 1004",
    async (req, reply) => {
      const q = req.query as Record<string, string>;
      const versionId = Number(q.versionId);
      const host = String(q.host ?? '')
        .toLowerCase()
        .replace(/:\d+$/, '')
        .slice(0, 253);
      const notFound = () => sendRefusal(req, reply, rawRoutes.documentDownload, ErrorCodes.notFound);
      if (!Number.isSafeInteger(versionId) || versionId <= 0 || !host) return notFound();
      const row = await repo.unsafeVersionForDownload(deps.database.db, versionId);
      const companyId = await contentRepo.unsafeCompanyOfHost(deps.database.db, host);
      const site = companyId ? await contentRepo.unsafeSiteOfCompany(deps.database.db, companyId) : null;
      // Signed-in-only documents and other brands' documents are answered as unknown ones.
      if (!row || !row.path || !site || row.document.siteId !== site.id || !row.document.publicAccess) return notFound();
      const isSheet = row.version.mime.startsWith('text/html');
      const served = await serveFile({
        store: deps.services.fileStore,
        key: row.path,
        rangeHeader: req.headers.range,
        ifRangeHeader: req.headers['if-range'],
        isDownload: !isSheet && q.inline !== '1',
        fileName: row.version.name,
        contentType: row.version.mime,
        cacheControl: 'public, max-age=300',
      });
      const headers: Record<string, string> = { ...served.headers, ETag: `"${row.version.sha256}"` };
      if (isSheet) {
        // The printable datasheet opens in the browser, with no script, frame or outside request.
        headers['Content-Disposition'] = headers['Content-Disposition']!.replace(/^attachment/, 'inline');
        headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox allow-modals";
      }
      reply.status(served.status).headers(headers);
      return reply.send(served.stream ?? '');
    },
  );
}
