/**
 * The cloud-upgrade module's raw routes (shared/raw-routes.ts): export and template downloads, the
 * portal storage's chunk uploads and package downloads, and the device API (./device-api.ts).
 */
import { ErrorCodes } from '../../errors';
import { API_PREFIX, DEVICE_API_PREFIX } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { STORAGE_PATH_PREFIX } from './calls';
import { DEVICE_API_PATHS } from './device-api';

export const RESULT_EXPORT_DOWNLOAD_PATH = `${API_PREFIX}/upgrade/result/export/download`;
export const IMPORT_TEMPLATE_DOWNLOAD_PATH = `${API_PREFIX}/device/import/template/download`;

const device = (p: string) => `${DEVICE_API_PREFIX}/${p}`;

export const cloudUpgradeRawRoutes = {
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
