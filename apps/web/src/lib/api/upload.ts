/**
 * Uploads (file/upload): the raw bytes as the body, the basic block in the X-Basic header, signed
 * with the session's key over { purpose, name, size, sha256 } (README "The wire contract"), so the
 * server can tell the bytes were not swapped. Answers the stored file or rejects with an ApiError
 * (one toast per code, like every other call).
 */
import {
  API_PREFIX,
  CONTENT_DIRECT_UPLOAD_MAX_BYTES,
  CONTENT_UPLOAD_CHUNK_BYTES,
  CONTENT_UPLOAD_CHUNK_PATH,
  contentFileCalls,
  createSha256,
  ErrorCodes,
  RESUMABLE_CONTENT_USES,
  FILE_UPLOAD_PATH,
  SESSION_ENDING_CODES,
  UPLOAD_TIMEOUT_MS,
  buildBasic,
  CONTENT_UPLOAD_PATH,
  sha256,
  toHex,
  type ContentAsset,
  type ContentType,
  type ContentUploadSession,
  type ContentUploadUse,
  type UploadStatus,
  type UploadPurpose,
  type UploadedFile,
} from '@portal/contract';
import { currentLocale, i18n } from '../i18n';
import { notifyError } from '../notify';
import { readBlob } from '../read-blob';
import { endSession } from '../session/end-session';
import { getSession, touchActivity } from '../session/session-store';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { ChunkUploadError, sendChunks, type ChunkTransport, type UploadProgress } from './chunked-upload';
import { call, renewExpiredToken, serverMessage, tokenReplaced } from './client';

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
 * with its public image widths. A manual or video over 20 MB goes through the resumable upload
 * (uploadContentFileResumable), with `onProgress` and `signal`.
 */
export async function uploadContentFile(
  use: ContentUploadUse,
  file: Blob & { name: string },
  opts: {
    itemType?: ContentType;
    /** The item, or the id content/item/id-get reserved for it: the upload is attached to it. */
    itemId?: number;
    silent?: boolean;
    onProgress?: (p: UploadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<ContentAsset> {
  if (file.size > CONTENT_DIRECT_UPLOAD_MAX_BYTES && isResumableUse(use)) return uploadContentFileResumable(use, file, opts);
  const path = CONTENT_UPLOAD_PATH.slice(API_PREFIX.length + 1);
  const what = { use, ...(opts.itemType ? { itemType: opts.itemType } : {}), ...(opts.itemId ? { itemId: String(opts.itemId) } : {}) };
  return withToast(() => send<ContentAsset>(path, what, file), opts);
}

type ResumableUse = (typeof RESUMABLE_CONTENT_USES)[number];
const isResumableUse = (use: ContentUploadUse): use is ResumableUse => (RESUMABLE_CONTENT_USES as readonly string[]).includes(use);

/** The shared status shape of a content session: its chunks are taken in order, so the received ones are the first. */
export function sessionStatus(s: Pick<ContentUploadSession, 'size' | 'chunkBytes' | 'receivedBytes'>): UploadStatus {
  const whole = s.receivedBytes >= s.size ? Math.max(1, Math.ceil(s.size / s.chunkBytes)) : Math.floor(s.receivedBytes / s.chunkBytes);
  return { size: s.size, chunkBytes: s.chunkBytes, received: Array.from({ length: whole }, (_, i) => i), uploadedBytes: s.receivedBytes };
}

/** SHA-256 of a file, a slice at a time (never the whole file in memory). */
export async function fileSha256(file: Blob, sliceBytes = 4 * 1024 * 1024): Promise<string> {
  const h = createSha256();
  for (let at = 0; at < file.size; at += sliceBytes) h.update(new Uint8Array(await readBlob(file.slice(at, at + sliceBytes))));
  return toHex(h.digest());
}

/** The session of a file picked again after a failure or a pause: the upload resumes there. */
const openSessions = new Map<string, number>();
const fileKey = (use: string, file: Blob & { name: string; lastModified?: number }) =>
  `${use}:${file.name}:${file.size}:${file.lastModified ?? 0}`;

const toChunkError = (e: unknown): ChunkUploadError =>
  e instanceof ChunkUploadError
    ? e
    : e instanceof ApiError && e.kind === 'network'
      ? new ChunkUploadError('network', e.message)
      : e instanceof ApiError
        ? new ChunkUploadError('rejected', e.message, undefined, e.code)
        : new ChunkUploadError('network', String(e));

/**
 * The transport of a content session: the status from content/upload-session/get, each chunk a PUT
 * signed over { sessionId, offset, size, sha256 }. A chunk whose answer was lost is found stored
 * when its retry is refused for its offset.
 */
export function contentSessionTransport(
  sessionId: number,
  deps: { getSession?: (id: number) => Promise<ContentUploadSession> } = {},
): ChunkTransport {
  const getSession = deps.getSession ?? ((id: number) => call(contentFileCalls.uploadSessionGet, { id }, { silent: true }));
  return {
    async status() {
      try {
        return sessionStatus(await getSession(sessionId));
      } catch (e) {
        throw toChunkError(e);
      }
    },
    async put(_index, offset, body, signal) {
      const path = CONTENT_UPLOAD_CHUNK_PATH.slice(API_PREFIX.length + 1);
      try {
        await send<ContentUploadSession>(path, { sessionId: String(sessionId), offset: String(offset) }, body, {
          method: 'PUT',
          signed: (bytes) => ({ sessionId, offset, size: bytes.length, sha256: toHex(sha256(bytes)) }),
          signal,
        });
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCodes.contentUploadOffset) {
          const now = await getSession(sessionId).catch(() => null);
          if (now && now.receivedBytes >= offset + body.size) return;
        }
        throw toChunkError(e);
      }
    },
  };
}

/**
 * A manual or video over 20 MB: hashed, a session started (or the one of the same file picked
 * again resumed), the chunks sent in order through the shared resumable upload, then completed
 * (the server checks size, SHA-256 and type). Errors are shown once, like every call's.
 */
export async function uploadContentFileResumable(
  use: ResumableUse,
  file: Blob & { name: string; lastModified?: number },
  opts: { silent?: boolean; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ContentAsset> {
  const key = fileKey(use, file);
  return withToast(async () => {
    try {
      opts.onProgress?.({ phase: 'checking', uploadedBytes: 0, totalBytes: file.size, chunksDone: 0, chunksTotal: 0 });
      let sessionId = openSessions.get(key);
      if (sessionId !== undefined) {
        const known = await call(contentFileCalls.uploadSessionGet, { id: sessionId }, { silent: true }).catch(() => null);
        if (!known || known.expiresAt <= Date.now()) sessionId = undefined;
      }
      if (sessionId === undefined) {
        const sha = await fileSha256(file);
        const created = await call(
          contentFileCalls.uploadSessionCreate,
          { use, name: file.name, size: file.size, sha256: sha },
          { silent: true },
        );
        sessionId = created.id;
        openSessions.set(key, sessionId);
      }
      await sendChunks({
        file,
        transport: contentSessionTransport(sessionId),
        chunkBytes: CONTENT_UPLOAD_CHUNK_BYTES,
        concurrency: 1,
        signal: opts.signal,
        onProgress: opts.onProgress,
      });
      const asset = await call(contentFileCalls.uploadSessionComplete, { id: sessionId }, { silent: true });
      openSessions.delete(key);
      return asset;
    } catch (e) {
      if (e instanceof ApiError) {
        // A refused complete (wrong bytes or type) ended the session: a new pick starts over.
        if (e.code !== ErrorCodes.uploadIncomplete) openSessions.delete(key);
        throw e;
      }
      const err = toChunkError(e);
      if (err.kind === 'aborted') throw new ApiError(CLIENT_ERROR_CODES.aborted, 'aborted', 'aborted');
      if (err.kind === 'rejected') throw new ApiError(err.code ?? CLIENT_ERROR_CODES.response, err.message, 'server');
      throw new ApiError(CLIENT_ERROR_CODES.network, i18n.t('errors.network'), 'network');
    }
  }, opts);
}

async function withToast<T>(run: () => Promise<T>, opts: { silent?: boolean }): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(CLIENT_ERROR_CODES.response, i18n.t('errors.response'), 'response');
    if (!opts.silent && err.kind !== 'session' && err.kind !== 'aborted') notifyError(err.code, err.message);
    throw err;
  }
}

interface SendOptions {
  method?: 'POST' | 'PUT';
  /** What the X-Basic sign covers; by default { ...query, name, size, sha256 } of an upload. */
  signed?: (bytes: Uint8Array) => Record<string, unknown>;
  signal?: AbortSignal;
}

async function send<T>(
  path: string,
  what: Record<string, string>,
  file: Blob & { name?: string },
  opts: SendOptions = {},
  retried = false,
): Promise<T> {
  const bytes = new Uint8Array(await readBlob(file));
  const data = opts.signed ? opts.signed(bytes) : { ...what, name: file.name ?? '', size: bytes.length, sha256: toHex(sha256(bytes)) };
  const query = opts.signed ? what : { ...what, name: file.name ?? '' };
  const session = getSession();
  const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path, data });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  let body: { basic?: { code?: number; msg?: string; params?: Record<string, string | number> }; data?: T } | undefined;
  try {
    const res = await fetch(`${API_PREFIX}/${path}?${new URLSearchParams(query)}`, {
      method: opts.method ?? 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'X-Basic': JSON.stringify(basic), 'X-Locale': currentLocale() },
      body: bytes,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    body = (await res.json().catch(() => undefined)) as typeof body;
  } catch {
    if (opts.signal?.aborted) throw new ChunkUploadError('aborted', 'aborted');
    throw new ApiError(CLIENT_ERROR_CODES.network, i18n.t('errors.network'), 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
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
    if (renewal === 'renewed') return send<T>(path, what, file, opts, true);
    if (typeof renewal === 'object') throw renewal.error;
    if (retried) endSession({ code: ErrorCodes.renewFailed });
    throw new ApiError(ErrorCodes.renewFailed, serverMessage(ErrorCodes.renewFailed, undefined), 'session');
  }
  // Sent with a token that a renewal replaced before the upload reached the server (7003 for the
  // old token): sent again with the new one, as a call is.
  if (session && code === ErrorCodes.tokenInvalid && !retried && (await tokenReplaced(session.token)))
    return send<T>(path, what, file, opts, true);
  const message = serverMessage(code, body?.basic?.msg, body?.basic?.params);
  if (session && SESSION_ENDING_CODES.includes(code)) {
    endSession({ code, message });
    throw new ApiError(code, message, 'session', body?.basic?.params);
  }
  throw new ApiError(code, message, 'server', body?.basic?.params);
}
