/**
 * The portal's own package storage (storageType 'portal'), under STORAGE_PATH_PREFIX:
 * - PUT  uploads/firmware/<pkgId>/chunks/<index>  one chunk (raw application/octet-stream, at most
 *   PACKAGE_CHUNK_BYTES, exactly the chunk's length); sending a chunk again replaces it;
 * - GET  uploads/firmware/<pkgId>/status          the chunks received (uploadStatusSchema), to resume;
 * - GET  <objectKey of a package>                 the assembled package, with Range (read credentials).
 * Each carries the securityToken of storage-info/get in X-Security-Token. Answers are
 * `{ code, msg, data }` in the language of Accept-Language (or X-Locale).
 */
import {
  ErrorCodes,
  errorMessage,
  IllegalTransitionError,
  PACKAGE_CHUNK_BYTES,
  rawRoutes,
  type DeviceApiAnswer,
  type ErrorCode,
  type UploadStatus,
} from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { checkChunk, serveFile } from '../../lib/files';
import { rawRoute, storageToken } from '../../lib/raw-routes';
import { requestLocale } from '../../plugins/call-router';
import { httpStatusOf } from '../../plugins/errors';
import {
  chunksOf,
  unsafeFindPackageByObject,
  unsafeFindPackageForStorage,
  unsafeLockPackageForChunk,
  upsertChunk,
} from './packages.repository';
import {
  chunkCount,
  chunkKey,
  packageUpload,
  SECURITY_TOKEN_HEADER,
  uploadObjectName,
  verifyStorageToken,
  type StorageAction,
} from './packages.storage';
import type { RouteDeps } from './route-deps';

const OCTET_STREAM = 'application/octet-stream';

function answer<T>(req: FastifyRequest, code: ErrorCode, data: T | null, params?: Record<string, string | number>): DeviceApiAnswer<T> {
  return { code, msg: errorMessage(code, requestLocale(req), params), data };
}

function toAppError(err: FastifyError | Error): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof IllegalTransitionError) return new AppError(ErrorCodes.illegalTransition, undefined, err.message);
  switch ((err as FastifyError).code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCodes.uploadChunkInvalid, { detail: `more than ${PACKAGE_CHUNK_BYTES} bytes` }, err.message);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return new AppError(ErrorCodes.invalidParams, { detail: `content-type must be ${OCTET_STREAM}` }, err.message);
    default:
      return null;
  }
}

const pkgIdOf = (raw: unknown) => {
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(n))
    throw new AppError(ErrorCodes.notFound, undefined, `bad package id ${String(raw)}`);
  return n;
};

export function registerStorageRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { database, clock, services } = deps;

  const grantOf = (req: FastifyRequest, pkgId: number | null, objectName: string, action: StorageAction) =>
    verifyStorageToken(req.headers[SECURITY_TOKEN_HEADER], services.config.linkSecret, clock.now(), { pkgId, objectName, action });
  /** The upload token of the package the path names. */
  const uploadGrant = storageToken((req) => {
    const pkgId = pkgIdOf((req.params as { pkgId: string }).pkgId);
    grantOf(req, pkgId, uploadObjectName(pkgId), 'upload');
    return pkgId;
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(OCTET_STREAM, { parseAs: 'buffer', bodyLimit: PACKAGE_CHUNK_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, req, reply: FastifyReply) => {
      const appErr = toAppError(error);
      if (!appErr) {
        req.log.error({ err: error }, 'storage request failed');
        return reply.status(500).send(answer(req, ErrorCodes.internal, null));
      }
      if (appErr.detail) req.log.info({ code: appErr.code, detail: appErr.detail }, 'storage request refused');
      return reply.status(httpStatusOf(appErr.code)).send(answer(req, appErr.code, null, appErr.params));
    });

    rawRoute(
      scope,
      deps,
      rawRoutes.storageChunkPut,
      uploadGrant,
      'the token names one package object, issued by storage-info/get after its tenant check',
      async (req, _reply, pkgId) => {
        const params = req.params as { pkgId: string; index: string };
        // An empty body is not parsed at all: it is a chunk of length 0.
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const now = new Date(clock.now());
        const result = await database.db.transaction(async (tx) => {
          // A share lock: chunks arrive side by side, while complete (an update) waits for them.
          const pkg = await unsafeLockPackageForChunk(tx, pkgId);
          if (!pkg) throw new AppError(ErrorCodes.notFound);
          if (pkg.status !== 'upload_incomplete')
            throw new AppError(ErrorCodes.illegalTransition, undefined, `chunk for a ${pkg.status} package`);
          const index = checkChunk(packageUpload(pkg), params.index, body.length);
          const digest = await services.fileStore.put(chunkKey(pkgId, index), body, { contentType: OCTET_STREAM });
          await upsertChunk(tx, { pkgId, idx: index, size: body.length, md5: digest.md5, receivedAt: now });
          return { index, size: body.length, md5: digest.md5 };
        });
        return answer(req, 200, result);
      },
      { bodyLimit: PACKAGE_CHUNK_BYTES },
    );

    rawRoute(
      scope,
      deps,
      rawRoutes.storageUploadStatus,
      uploadGrant,
      'the token names one package object, issued by storage-info/get after its tenant check',
      async (req, _reply, pkgId) => {
        const pkg = await unsafeFindPackageForStorage(database.db, pkgId);
        if (!pkg) throw new AppError(ErrorCodes.notFound);
        const chunks = await chunksOf(database.db, pkgId);
        // After the upload completed its chunks are gone: everything counts as received.
        const done = pkg.status !== 'upload_incomplete' && pkg.status !== 'deleted';
        const status: UploadStatus = done
          ? {
              size: pkg.size,
              chunkBytes: PACKAGE_CHUNK_BYTES,
              received: Array.from({ length: chunkCount(pkg.size) }, (_, i) => i),
              uploadedBytes: pkg.size,
            }
          : {
              size: pkg.size,
              chunkBytes: PACKAGE_CHUNK_BYTES,
              received: chunks.map((c) => c.idx),
              uploadedBytes: chunks.reduce((n, c) => n + c.size, 0),
            };
        return answer(req, 200, status);
      },
    );

    const downloadGrant = storageToken((req) => {
      const objectName = `firmware/${(req.params as { '*': string })['*']}`;
      return { objectName, grant: grantOf(req, null, objectName, 'download') };
    });
    rawRoute(
      scope,
      deps,
      rawRoutes.storageDownload,
      downloadGrant,
      'the token names one package object, issued by storage-info/get after its tenant check',
      async (req, reply, { objectName, grant }) => {
        const pkg = await unsafeFindPackageByObject(database.db, grant.pkgId, objectName);
        if (!pkg || pkg.status === 'deleted') throw new AppError(ErrorCodes.notFound);
        const served = await serveFile({
          store: services.fileStore,
          key: objectName,
          rangeHeader: req.headers.range,
          ifRangeHeader: req.headers['if-range'],
          isDownload: true,
          fileName: pkg.fileName,
          contentType: OCTET_STREAM,
        });
        reply.status(served.status).headers(served.headers);
        return reply.send(served.stream ?? '');
      },
    );
  });
}
