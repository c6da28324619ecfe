/**
 * Resumable, chunked upload of a firmware package into the storage named by upgrade/storage-info/get
 * (contract STORAGE_PATH_PREFIX):
 *   GET <storageUrl>/<objectName>/status          which chunks the store already has
 *   PUT <storageUrl>/<objectName>/chunks/<index>  one chunk, raw bytes (application/octet-stream)
 * both with the X-Security-Token header. Only missing chunks are sent, so the same call resumes an
 * upload after a pause, a failure or a reload (the user picks the same file again). Credentials are
 * cached until their timeout minus TOKEN_CACHE_MARGIN_MS and fetched again when the store refuses them.
 *
 * No React and no globals here: fetch, the credential call and the clock are passed in (tests use fakes).
 */
import {
  ErrorCodes,
  PACKAGE_CHUNK_BYTES,
  TOKEN_CACHE_MARGIN_MS,
  uploadStatusSchema,
  type StorageInfo,
  type UploadStatus,
} from '@portal/contract';

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

/** 'rejected': the store answered with a catalogue error (its localized message is the error's message). */
export type ChunkUploadErrorKind = 'aborted' | 'network' | 'http' | 'denied' | 'sizeMismatch' | 'rejected';

export class ChunkUploadError extends Error {
  constructor(
    readonly kind: ChunkUploadErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ChunkUploadError';
  }
}

export interface UploadProgress {
  phase: 'checking' | 'uploading' | 'done';
  uploadedBytes: number;
  totalBytes: number;
  chunksDone: number;
  chunksTotal: number;
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

export interface UploadOutcome {
  chunksTotal: number;
  /** Chunks sent by this run (the rest were already stored). */
  chunksSent: number;
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

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ChunkUploadError('aborted', 'aborted'));
    });
  });

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

/** Ceil(size / chunkBytes) chunks; the byte count of chunk `i`. */
export function chunkPlan(size: number, chunkBytes: number) {
  const total = Math.max(1, Math.ceil(size / chunkBytes));
  return { total, bytesOf: (i: number) => Math.max(0, Math.min(chunkBytes, size - i * chunkBytes)) };
}

/**
 * Send the chunks of `file` the store does not have yet. Resolves when every chunk is stored;
 * rejects with ChunkUploadError (kind 'aborted' when `signal` aborts: that is a pause).
 */
export async function uploadChunks(opts: UploadOptions): Promise<UploadOutcome> {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const sleep = opts.sleep ?? defaultSleep;
  const attempts = Math.max(1, opts.attempts ?? 4);
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const { pkgId, file, credentials } = opts;

  // One controller for this run: the caller's pause, or the first fatal error, stops every worker.
  const run = new AbortController();
  const onOuterAbort = () => run.abort();
  if (opts.signal?.aborted) throw new ChunkUploadError('aborted', 'aborted');
  opts.signal?.addEventListener('abort', onOuterAbort);
  const aborted = () => new ChunkUploadError('aborted', 'aborted');

  /** A request with the current credentials and its answer's data; a refused token is replaced once. */
  async function send(
    what: string,
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
          signal: run.signal,
        });
      } catch {
        if (run.signal.aborted) throw aborted();
        throw new ChunkUploadError('network', 'network');
      }
      if (res.status === 404 && onNotFound) return onNotFound();
      const answer = await readAnswer(res, what);
      if (!answer.auth) return answer.data;
      credentials.invalidate(pkgId);
      if (renewed) throw new ChunkUploadError('denied', `storage refused the credentials (${res.status})`, res.status);
    }
  }

  /** A step retried after network errors and 5xx answers, with a doubling wait. */
  async function withRetries<T>(step: () => Promise<T>): Promise<T> {
    let delay = retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (e) {
        const err = e instanceof ChunkUploadError ? e : new ChunkUploadError('network', String(e));
        const retriable = err.kind === 'network' || (err.kind === 'http' && (err.status ?? 0) >= 500);
        if (!retriable || attempt >= attempts || run.signal.aborted) throw run.signal.aborted ? aborted() : err;
        await sleep(delay, run.signal);
        delay *= 2;
      }
    }
  }

  try {
    opts.onProgress?.({ phase: 'checking', uploadedBytes: 0, totalBytes: file.size, chunksDone: 0, chunksTotal: 0 });
    const status: UploadStatus = await withRetries(async () => {
      // A 404 means nothing is stored yet.
      const empty = { size: file.size, chunkBytes: opts.chunkBytes ?? PACKAGE_CHUNK_BYTES, received: [], uploadedBytes: 0 };
      const data = await send(
        'status',
        (info) => ({ url: objectUrl(info, 'status'), init: { method: 'GET', headers: { Accept: 'application/json' } } }),
        () => empty,
      );
      const parsed = uploadStatusSchema.safeParse(data);
      if (!parsed.success) throw new ChunkUploadError('http', 'unexpected status answer');
      return parsed.data;
    });
    if (status.size > 0 && status.size !== file.size)
      throw new ChunkUploadError('sizeMismatch', `the package is ${status.size} bytes, the file ${file.size}`);

    const chunkBytes = status.chunkBytes > 0 ? status.chunkBytes : (opts.chunkBytes ?? PACKAGE_CHUNK_BYTES);
    const plan = chunkPlan(file.size, chunkBytes);
    const have = new Set(status.received.filter((i) => i >= 0 && i < plan.total));
    const missing = Array.from({ length: plan.total }, (_, i) => i).filter((i) => !have.has(i));
    let uploadedBytes = [...have].reduce((n, i) => n + plan.bytesOf(i), 0);
    let chunksDone = have.size;
    const report = (phase: UploadProgress['phase']) =>
      opts.onProgress?.({ phase, uploadedBytes, totalBytes: file.size, chunksDone, chunksTotal: plan.total });
    report('uploading');

    let next = 0;
    const worker = async () => {
      while (next < missing.length) {
        if (run.signal.aborted) throw aborted();
        const index = missing[next++]!;
        const start = index * chunkBytes;
        const body = file.slice(start, start + plan.bytesOf(index));
        await withRetries(() =>
          send(`chunk ${index}`, (info) => ({
            url: objectUrl(info, `chunks/${index}`),
            init: { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body },
          })),
        );
        uploadedBytes += plan.bytesOf(index);
        chunksDone++;
        report('uploading');
      }
    };
    const workers = Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 3, missing.length)) }, () =>
      worker().catch((e: unknown) => {
        run.abort();
        throw e;
      }),
    );
    const results = await Promise.allSettled(workers);
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) {
      // Report the cause, not the aborts it caused in the other workers.
      const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      const cause = errors.find((e) => !(e instanceof ChunkUploadError && e.kind === 'aborted'));
      throw cause ?? failure.reason;
    }
    report('done');
    return { chunksTotal: plan.total, chunksSent: missing.length };
  } catch (e) {
    if (opts.signal?.aborted) throw aborted();
    throw e instanceof ChunkUploadError ? e : new ChunkUploadError('network', String(e));
  } finally {
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
