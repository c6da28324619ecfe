/** The system module's raw routes (shared/raw-routes.ts): file upload and file download by a signed link. */
import { ErrorCodes } from '../../errors';
import { API_PREFIX } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { FILE_UPLOAD_PATH, UPLOAD_PURPOSES } from './upload';

/** Every code an upload purpose accepts: a user holding none of them may upload nothing. */
const ANY_UPLOAD_CODE = [...new Set(Object.values(UPLOAD_PURPOSES).flatMap((p) => p.anyOf))];

export const FILE_GET_PATH = `${API_PREFIX}/file/get`;

export const systemRawRoutes = {
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
} as const;
