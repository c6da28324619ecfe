/**
 * Uploads (file/upload): the raw bytes as the body, the basic block in the X-Basic header, signed
 * with the session's key over { purpose, name, size, sha256 } (README "The wire contract"), so the
 * server can tell the bytes were not swapped. Answers the stored file or rejects with an ApiError
 * (one toast per code, like every other call).
 */
import {
  API_PREFIX,
  ErrorCodes,
  FILE_UPLOAD_PATH,
  SESSION_ENDING_CODES,
  UPLOAD_TIMEOUT_MS,
  buildBasic,
  CONTENT_UPLOAD_PATH,
  sha256,
  toHex,
  type ContentAsset,
  type ContentType,
  type ContentUploadUse,
  type UploadPurpose,
  type UploadedFile,
} from '@portal/contract';
import { currentLocale, i18n } from '../i18n';
import { notifyError } from '../notify';
import { readBlob } from '../read-blob';
import { endSession } from '../session/end-session';
import { getSession, touchActivity } from '../session/session-store';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { renewExpiredToken, serverMessage } from './client';

export async function uploadFile(
  purpose: UploadPurpose,
  file: Blob & { name: string },
  opts: { silent?: boolean } = {},
): Promise<UploadedFile> {
  return withToast(() => send<UploadedFile>(FILE_UPLOAD_PATH, { purpose }, file), opts);
}

/**
 * content/upload: a content site file for a use (cover, detail, icon, banner, richImage, manual,
 * video), for an item type where the rule depends on it (GIF covers); answers the checked upload
 * with its public image widths.
 */
export async function uploadContentFile(
  use: ContentUploadUse,
  file: Blob & { name: string },
  opts: { itemType?: ContentType; silent?: boolean } = {},
): Promise<ContentAsset> {
  const path = CONTENT_UPLOAD_PATH.slice(API_PREFIX.length + 1);
  return withToast(() => send<ContentAsset>(path, { use, ...(opts.itemType ? { itemType: opts.itemType } : {}) }, file), opts);
}

async function withToast<T>(run: () => Promise<T>, opts: { silent?: boolean }): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(CLIENT_ERROR_CODES.response, i18n.t('errors.response'), 'response');
    if (!opts.silent && err.kind !== 'session') notifyError(err.code, err.message);
    throw err;
  }
}

async function send<T>(path: string, what: Record<string, string>, file: Blob & { name: string }, retried = false): Promise<T> {
  const bytes = new Uint8Array(await readBlob(file));
  const data = { ...what, name: file.name, size: bytes.length, sha256: toHex(sha256(bytes)) };
  const session = getSession();
  const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path, data });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  let body: { basic?: { code?: number; msg?: string; params?: Record<string, string | number> }; data?: T } | undefined;
  try {
    const res = await fetch(`${API_PREFIX}/${path}?${new URLSearchParams({ ...what, name: file.name })}`, {
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
  // An expired access token is renewed (one renewal shared with the envelope calls) and the upload
  // sent again, signed with the new token, as a call is.
  if (session && code === ErrorCodes.tokenExpired) {
    const renewal = retried ? 'refused' : await renewExpiredToken(session.token);
    if (renewal === 'renewed') return send<T>(path, what, file, true);
    if (typeof renewal === 'object') throw renewal.error;
    if (retried) endSession({ code: ErrorCodes.renewFailed });
    throw new ApiError(ErrorCodes.renewFailed, serverMessage(ErrorCodes.renewFailed, undefined), 'session');
  }
  const message = serverMessage(code, body?.basic?.msg, body?.basic?.params);
  if (session && SESSION_ENDING_CODES.includes(code)) {
    endSession({ code, message });
    throw new ApiError(code, message, 'session', body?.basic?.params);
  }
  throw new ApiError(code, message, 'server', body?.basic?.params);
}
