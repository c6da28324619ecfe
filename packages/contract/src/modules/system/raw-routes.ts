/** The system module's raw routes (shared/raw-routes.ts): file upload and file download by a signed link. */
import { ErrorCodes } from '../../errors';
import { API_PREFIX } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { FILE_UPLOAD_PATH } from './upload';

export const FILE_GET_PATH = `${API_PREFIX}/file/get`;

export const systemRawRoutes = {
  fileUpload: defineRawRoute({
    method: 'POST',
    path: `${API_PREFIX}/${FILE_UPLOAD_PATH}`,
    // Any signed-in user may upload a chat attachment; every other purpose narrows this to its own
    // codes (UPLOAD_PURPOSES[purpose].anyOf, mayUpload).
    auth: 'session',
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
