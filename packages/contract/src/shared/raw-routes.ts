/**
 * The raw routes: endpoints that are not envelope calls (their body is bytes, their answer a file,
 * or their caller a device). Each declares, like a call (define.ts), its method and path, who may
 * use it and the code it refuses a caller with; the server registers them from these definitions
 * with the credential check done centrally (apps/server/src/lib/raw-routes.ts), the OpenAPI
 * document lists them, and the generated permission tests cover each one. Kept apart from
 * ALL_CALLS: those are the envelope calls.
 */
import { API_PREFIX, DEVICE_API_PREFIX } from '../constants';
import { ErrorCodes, type ErrorCode } from '../errors';
import { DEVICE_API_PATHS } from '../device-api';
import type { CallAuth } from './define';
import { UPLOAD_PURPOSES, FILE_UPLOAD_PATH } from './upload';
import { STORAGE_PATH_PREFIX } from './upgrade';

/**
 * Who may use a raw route:
 * - a CallAuth ('public', 'session', { anyOf }): a portal user, with the envelope's basic block
 *   in the X-Basic header, signed over the route's data (file/upload);
 * - 'device': `Authorization: Device <sn>:<deviceKey>` (the device update service);
 * - 'provisioningKey': the brand's provisioning key in the body (device registration);
 * - 'signedLink': a URL signed by the server for one object and one session, made by a call that
 *   checked the caller (file/link, the export and template calls, a device poll);
 * - 'storageToken': the X-Security-Token of upgrade storage-info/get, for one package object.
 */
export type RawRouteAuth = CallAuth | 'device' | 'provisioningKey' | 'signedLink' | 'storageToken';

export interface RawRouteDef {
  method: 'GET' | 'POST' | 'PUT';
  /** The full URL path; `:name` is a path parameter, a trailing `*` the rest of the path. */
  path: string;
  /** The path as OpenAPI shows it, when the route's `*` stands for a known shape. */
  docPath?: string;
  auth: RawRouteAuth;
  summary: string;
  /** What a caller without valid credentials is answered: the catalogue code and the HTTP status. */
  refused: { code: ErrorCode; status: number };
  /** The JSON shape of its answers and refusals: `{ basic, data }` (envelope) or `{ code, msg, data }` (plain). */
  shape: 'envelope' | 'plain';
  /** True when a granted request is answered with a file (binary, with Range), not JSON. */
  file?: true;
}

export function defineRawRoute<D extends RawRouteDef>(def: D): D {
  return def;
}

/** Every code an upload purpose accepts: a user holding none of them may upload nothing. */
const ANY_UPLOAD_CODE = [...new Set(Object.values(UPLOAD_PURPOSES).flatMap((p) => p.anyOf))];

export const RESULT_EXPORT_DOWNLOAD_PATH = `${API_PREFIX}/upgrade/result/export/download`;
export const IMPORT_TEMPLATE_DOWNLOAD_PATH = `${API_PREFIX}/device/import/template/download`;
export const FILE_GET_PATH = `${API_PREFIX}/file/get`;

const device = (p: string) => `${DEVICE_API_PREFIX}/${p}`;

export const rawRoutes = {
  fileUpload: defineRawRoute({
    method: 'POST',
    path: `${API_PREFIX}/${FILE_UPLOAD_PATH}`,
    // Each purpose narrows this to its own codes (UPLOAD_PURPOSES[purpose].anyOf).
    auth: { anyOf: ANY_UPLOAD_CODE },
    summary: 'Uploads one file (raw bytes; ?purpose=&name=; basic block in X-Basic, signed over { purpose, name, size, sha256 }).',
    refused: { code: ErrorCodes.missingBasic, status: 200 },
    shape: 'envelope',
  }),
  fileGet: defineRawRoute({
    method: 'GET',
    path: FILE_GET_PATH,
    auth: 'signedLink',
    summary: 'A file named by a file/link link (path, sign, uid, tid, exp, isDownload), with Range; the link dies with its session.',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  resultExportDownload: defineRawRoute({
    method: 'GET',
    path: RESULT_EXPORT_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary: 'The upgrade result export (xlsx, streamed), by the link of upgrade/result/export (300 s, dies with the session).',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  importTemplateDownload: defineRawRoute({
    method: 'GET',
    path: IMPORT_TEMPLATE_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary: 'An import template (devices or release targets, xlsx), by the link of device/import/template.',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  storageChunkPut: defineRawRoute({
    method: 'PUT',
    path: `${STORAGE_PATH_PREFIX}/uploads/firmware/:pkgId/chunks/:index`,
    auth: 'storageToken',
    summary: 'Stores one chunk of a package upload (portal storage).',
    refused: { code: ErrorCodes.storageTokenInvalid, status: 200 },
    shape: 'plain',
  }),
  storageUploadStatus: defineRawRoute({
    method: 'GET',
    path: `${STORAGE_PATH_PREFIX}/uploads/firmware/:pkgId/status`,
    auth: 'storageToken',
    summary: 'The chunks of a package upload received so far, to resume it.',
    refused: { code: ErrorCodes.storageTokenInvalid, status: 200 },
    shape: 'plain',
  }),
  storageDownload: defineRawRoute({
    method: 'GET',
    path: `${STORAGE_PATH_PREFIX}/firmware/*`,
    docPath: `${STORAGE_PATH_PREFIX}/firmware/{companyId}/{pkgId}.bin`,
    auth: 'storageToken',
    summary: 'The assembled package file, with Range.',
    refused: { code: ErrorCodes.storageTokenInvalid, status: 200 },
    shape: 'plain',
    file: true,
  }),
  deviceRegister: defineRawRoute({
    method: 'POST',
    path: device(DEVICE_API_PATHS.register),
    auth: 'provisioningKey',
    summary: "A device registers with its brand's provisioning key and receives its device key.",
    refused: { code: ErrorCodes.provisioningKeyInvalid, status: 401 },
    shape: 'plain',
  }),
  devicePoll: defineRawRoute({
    method: 'POST',
    path: device(DEVICE_API_PATHS.poll),
    auth: 'device',
    summary: 'A device asks whether it has an upgrade to do.',
    refused: { code: ErrorCodes.deviceKeyInvalid, status: 401 },
    shape: 'plain',
  }),
  deviceReport: defineRawRoute({
    method: 'POST',
    path: device(DEVICE_API_PATHS.report),
    auth: 'device',
    summary: 'A device reports its progress on a task.',
    refused: { code: ErrorCodes.deviceKeyInvalid, status: 401 },
    shape: 'plain',
  }),
  deviceDownload: defineRawRoute({
    method: 'GET',
    path: device(DEVICE_API_PATHS.download),
    auth: 'signedLink',
    summary: 'The package file, by the signed URL a poll answered, with Range.',
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'plain',
    file: true,
  }),
} as const;

export type RawRouteName = keyof typeof rawRoutes;

/** Every raw route; the server registers each exactly once (its test checks it). */
export const ALL_RAW_ROUTES: readonly RawRouteDef[] = Object.values(rawRoutes);
