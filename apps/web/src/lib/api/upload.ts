/**
 * Uploads (file/upload): the raw bytes as the body, the basic block in the X-Basic header, signed
 * with the session's key over { purpose, name, size, sha256 } (README "The wire contract"), so the
 * server can tell the bytes were not swapped. Answers the stored file or rejects with an ApiError
 * (one toast per code, like every other call).
 */
import {
  API_PREFIX,
  FILE_UPLOAD_PATH,
  SESSION_ENDING_CODES,
  UPLOAD_TIMEOUT_MS,
  buildBasic,
  sha256,
  toHex,
  type UploadPurpose,
  type UploadedFile,
} from '@portal/contract';
import { currentLocale, i18n } from '../i18n';
import { notifyError } from '../notify';
import { readBlob } from '../read-blob';
import { endSession } from '../session/end-session';
import { getSession, touchActivity } from '../session/session-store';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { serverMessage } from './client';

export async function uploadFile(
  purpose: UploadPurpose,
  file: Blob & { name: string },
  opts: { silent?: boolean } = {},
): Promise<UploadedFile> {
  try {
    return await send(purpose, file);
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(CLIENT_ERROR_CODES.response, i18n.t('errors.response'), 'response');
    if (!opts.silent && err.kind !== 'session') notifyError(err.code, err.message);
    throw err;
  }
}

async function send(purpose: UploadPurpose, file: Blob & { name: string }): Promise<UploadedFile> {
  const bytes = new Uint8Array(await readBlob(file));
  const data = { purpose, name: file.name, size: bytes.length, sha256: toHex(sha256(bytes)) };
  const session = getSession();
  const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path: FILE_UPLOAD_PATH, data });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let body: { basic?: { code?: number; msg?: string; params?: Record<string, string | number> }; data?: UploadedFile } | undefined;
  try {
    const res = await fetch(`${API_PREFIX}/${FILE_UPLOAD_PATH}?${new URLSearchParams({ purpose, name: file.name })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Basic': JSON.stringify(basic), 'X-Locale': currentLocale() },
      body: bytes,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.network, i18n.t('errors.network'), 'network');
  } finally {
    clearTimeout(timer);
  }
  const code = body?.basic?.code;
  if (typeof code !== 'number') throw new ApiError(CLIENT_ERROR_CODES.response, i18n.t('errors.response'), 'response');
  if (code === 200 && body?.data) {
    touchActivity();
    return body.data;
  }
  const message = serverMessage(code, body?.basic?.msg, body?.basic?.params);
  if (session && SESSION_ENDING_CODES.includes(code)) {
    endSession({ code, message });
    throw new ApiError(code, message, 'session', body?.basic?.params);
  }
  throw new ApiError(code, message, 'server', body?.basic?.params);
}
