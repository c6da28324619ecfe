/**
 * Resumable, chunked upload of a firmware package into the storage named by upgrade/storage-info/get
 * (contract STORAGE_PATH_PREFIX):
 *   GET <storageUrl>/<objectName>/status          which chunks the store already has
 *   PUT <storageUrl>/<objectName>/chunks/<index>  one chunk, raw bytes (application/octet-stream)
 * both with the X-Security-Token header. Only missing chunks are sent, so the same call resumes an
 * upload after a pause, a failure or a reload (the user picks the same file again). Credentials are
 * cached until their timeout minus TOKEN_CACHE_MARGIN_MS and fetched again when the store refuses them.
 *
 * The chunking, retries and progress are the shared resumable upload's (lib/api/chunked-upload); this
 * is its transport to the firmware storage. No React and no globals here: fetch, the credential call
 * and the clock are passed in (tests use fakes).
 */
import { ErrorCodes, PACKAGE_CHUNK_BYTES, TOKEN_CACHE_MARGIN_MS, uploadStatusSchema, type StorageInfo } from '@portal/contract';
import { ChunkUploadError, sendChunks, type UploadOutcome, type UploadProgress } from '../../../lib/api/chunked-upload';

export { chunkPlan } from '@portal/contract';
export { ChunkUploadError, type ChunkUploadErrorKind, type UploadOutcome, type UploadProgress } from '../../../lib/api/chunked-upload';

export interface StorageGrant {
  storageInfo: StorageInfo;
  storageType: string;
  /** When the credentials expire: epoch ms (or epoch seconds, or seconds from now; see grantExpiresAt). */
  tokenTimeout: number;
}

/**
 * Epoch ms at which a grant expires. The contract says only "tokenTimeout"; an epoch in ms or in
 * seconds is read as such, a small number as a lifetime in seconds counted from when it was received.
 */
export function grantExpiresAt(tokenTimeout: number, receivedAt: number): number {
  if (tokenTimeout > 1e12) return tokenTimeout;
  if (tokenTimeout > 1e9) return tokenTimeout * 1000;
  return receivedAt + tokenTimeout * 1000;
}

export interface CredentialSource {
  get(pkgId: number): Promise<StorageGrant>;
  invalidate(pkgId: number): void;
}

/** Upload credentials per package, reused until `tokenTimeout - TOKEN_CACHE_MARGIN_MS`; one request at a time per package. */
export class CredentialCache implements CredentialSource {
  private readonly entries = new Map<number, { grant: StorageGrant; usableUntil: number }>();
  private readonly pending = new Map<number, Promise<StorageGrant>>();

  constructor(
    private readonly fetchGrant: (pkgId: number) => Promise<StorageGrant>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(pkgId: number): Promise<StorageGrant> {
    const hit = this.entries.get(pkgId);
    if (hit && this.now() < hit.usableUntil) return hit.grant;
    const inFlight = this.pending.get(pkgId);
    if (inFlight) return inFlight;
    const p = (async () => {
      try {
        const receivedAt = this.now();
        const grant = await this.fetchGrant(pkgId);
        this.entries.set(pkgId, { grant, usableUntil: grantExpiresAt(grant.tokenTimeout, receivedAt) - TOKEN_CACHE_MARGIN_MS });
        return grant;
      } finally {
        this.pending.delete(pkgId);
      }
    })();
    this.pending.set(pkgId, p);
    return p;
  }

  invalidate(pkgId: number): void {
    this.entries.delete(pkgId);
  }
}

export interface UploadOptions {
  pkgId: number;
  file: Blob;
  credentials: CredentialSource;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** Chunk size when the store does not say (its status answer wins). */
  chunkBytes?: number;
  /** Chunks in flight at once. */
  concurrency?: number;
  /** Attempts per chunk after a network error or a 5xx answer. */
  attempts?: number;
  /** Wait before a retry (doubled each time). */
  retryDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function objectUrl(info: StorageInfo, suffix: string): string {
  const base = info.storageUrl.replace(/\/+$/, '');
  const object = info.objectName
    .replace(/^\/+/, '')
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return `${base}/${object}/${suffix}`;
}

const isAuthStatus = (status: number) => status === 401 || status === 403;

type Answer = { auth: true } | { auth: false; data: unknown };

/**
 * The store answers `{ code, msg, data }` (code 200 on success, a catalogue code otherwise, usually
 * with HTTP 200); a plain JSON body is taken as the data. A refused credential is reported as `auth`.
 */
async function readAnswer(res: Response, what: string): Promise<Answer> {
  if (isAuthStatus(res.status)) return { auth: true };
  if (res.status >= 500) throw new ChunkUploadError('http', `${what}: ${res.status}`, res.status);
  const body: unknown = await res.json().catch(() => undefined);
  if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number') {
    const { code, msg, data } = body as { code: number; msg?: string; data?: unknown };
    if (code === 200) return { auth: false, data };
    if (code === ErrorCodes.storageTokenInvalid) return { auth: true };
    throw new ChunkUploadError('rejected', msg || `${what}: ${code}`, res.status, code);
  }
  if (!res.ok) throw new ChunkUploadError('http', `${what}: ${res.status}`, res.status);
  return { auth: false, data: body };
}

/**
 * Send the chunks of `file` the store does not have yet. Resolves when every chunk is stored;
 * rejects with ChunkUploadError (kind 'aborted' when `signal` aborts: that is a pause).
 */
export async function uploadChunks(opts: UploadOptions): Promise<UploadOutcome> {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const { pkgId, credentials } = opts;
  const chunkBytes = opts.chunkBytes ?? PACKAGE_CHUNK_BYTES;

  /** A request with the current credentials and its answer's data; a refused token is replaced once. */
  async function send(
    what: string,
    signal: AbortSignal,
    build: (info: StorageInfo) => { url: string; init: RequestInit },
    onNotFound?: () => unknown,
  ): Promise<unknown> {
    for (let renewed = false; ; renewed = true) {
      const grant = await credentials.get(pkgId);
      const { url, init } = build(grant.storageInfo);
      let res: Response;
      try {
        res = await doFetch(url, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), 'X-Security-Token': grant.storageInfo.securityToken },
          signal,
        });
      } catch {
        if (signal.aborted) throw new ChunkUploadError('aborted', 'aborted');
        throw new ChunkUploadError('network', 'network');
      }
      if (res.status === 404 && onNotFound) return onNotFound();
      const answer = await readAnswer(res, what);
      if (!answer.auth) return answer.data;
      credentials.invalidate(pkgId);
      if (renewed) throw new ChunkUploadError('denied', `storage refused the credentials (${res.status})`, res.status);
    }
  }

  return sendChunks({
    file: opts.file,
    signal: opts.signal,
    onProgress: opts.onProgress,
    chunkBytes,
    concurrency: opts.concurrency,
    attempts: opts.attempts,
    retryDelayMs: opts.retryDelayMs,
    sleep: opts.sleep,
    transport: {
      async status(signal) {
        // A 404 means nothing is stored yet.
        const empty = { size: opts.file.size, chunkBytes, received: [], uploadedBytes: 0 };
        const data = await send(
          'status',
          signal,
          (info) => ({ url: objectUrl(info, 'status'), init: { method: 'GET', headers: { Accept: 'application/json' } } }),
          () => empty,
        );
        const parsed = uploadStatusSchema.safeParse(data);
        if (!parsed.success) throw new ChunkUploadError('http', 'unexpected status answer');
        return parsed.data;
      },
      async put(index, _offset, body, signal) {
        await send(`chunk ${index}`, signal, (info) => ({
          url: objectUrl(info, `chunks/${index}`),
          init: { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body },
        }));
      },
    },
  });
}
