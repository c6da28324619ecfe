/**
 * The web half of the resumable upload (contract shared/resumable-upload), shared by firmware
 * packages and content manuals and videos: ask the receiver what it has (UploadStatus), send only
 * the missing chunks (retried after a network error or a 5xx answer, with a doubling wait), report
 * progress. The same call resumes an upload after a pause, a broken connection or a reload.
 *
 * How a status is asked and a chunk is sent is the transport's business (firmware: its storage
 * with a security token; content: signed calls). No React and no globals here.
 */
import { chunkPlan, type UploadStatus } from '@portal/contract';

/** 'rejected': the receiver answered with a catalogue error (its localized message is the error's message). */
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

export interface UploadOutcome {
  chunksTotal: number;
  /** Chunks sent by this run (the rest were already stored). */
  chunksSent: number;
}

/** How one receiver is asked; both throw ChunkUploadError (network and 5xx 'http' ones are retried). */
export interface ChunkTransport {
  status(signal: AbortSignal): Promise<UploadStatus>;
  /** Stores chunk `index`, which starts at byte `offset` of the file. */
  put(index: number, offset: number, body: Blob, signal: AbortSignal): Promise<void>;
}

export interface SendChunksOptions {
  file: Blob;
  transport: ChunkTransport;
  signal?: AbortSignal;
  onProgress?: (p: UploadProgress) => void;
  /** Chunk size when the receiver does not say (its status answer wins). */
  chunkBytes: number;
  /** Chunks in flight at once (1 for a receiver that takes them in order). */
  concurrency?: number;
  /** Attempts per step after a network error or a 5xx answer. */
  attempts?: number;
  /** Wait before a retry (doubled each time). */
  retryDelayMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new ChunkUploadError('aborted', 'aborted'));
    });
  });

/**
 * Sends the chunks of `file` the receiver does not have yet. Resolves when every chunk is stored;
 * rejects with ChunkUploadError (kind 'aborted' when `signal` aborts: that is a pause).
 */
export async function sendChunks(opts: SendChunksOptions): Promise<UploadOutcome> {
  const sleep = opts.sleep ?? defaultSleep;
  const attempts = Math.max(1, opts.attempts ?? 4);
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const { file, transport } = opts;

  // One controller for this run: the caller's pause, or the first fatal error, stops every worker.
  const run = new AbortController();
  const onOuterAbort = () => run.abort();
  if (opts.signal?.aborted) throw new ChunkUploadError('aborted', 'aborted');
  opts.signal?.addEventListener('abort', onOuterAbort);
  const aborted = () => new ChunkUploadError('aborted', 'aborted');

  /** A step retried after network errors and 5xx answers, with a doubling wait. */
  async function withRetries<T>(step: () => Promise<T>): Promise<T> {
    let delay = retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (e) {
        if (run.signal.aborted) throw aborted();
        const err = e instanceof ChunkUploadError ? e : new ChunkUploadError('network', String(e));
        const retriable = err.kind === 'network' || (err.kind === 'http' && (err.status ?? 0) >= 500);
        if (!retriable || attempt >= attempts) throw err;
        await sleep(delay, run.signal);
        delay *= 2;
      }
    }
  }

  try {
    opts.onProgress?.({ phase: 'checking', uploadedBytes: 0, totalBytes: file.size, chunksDone: 0, chunksTotal: 0 });
    const status = await withRetries(() => transport.status(run.signal));
    if (status.size > 0 && status.size !== file.size)
      throw new ChunkUploadError('sizeMismatch', `the upload is ${status.size} bytes, the file ${file.size}`);

    const chunkBytes = status.chunkBytes > 0 ? status.chunkBytes : opts.chunkBytes;
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
        await withRetries(() => transport.put(index, start, body, run.signal));
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
