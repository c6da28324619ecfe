import { TOKEN_CACHE_MARGIN_MS } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { readBlob } from '../../../lib/read-blob';
import { ChunkUploadError, CredentialCache, type StorageGrant, chunkPlan, grantExpiresAt, uploadChunks } from './chunk-uploader';

const CHUNK = 4;

/** A fake package store speaking the contract's storage protocol, with switches to misbehave. */
function fakeStore({ size, token = 'tok-1', envelope = false }: { size: number; token?: string; envelope?: boolean }) {
  const chunks = new Map<number, Uint8Array>();
  const state = {
    validTokens: new Set([token]),
    failNext: 0,
    failStatus: 503,
    networkErrors: 0,
    requests: [] as { method: string; url: string; token: string | null }[],
  };
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const method = init?.method ?? 'GET';
    state.requests.push({ method, url, token: headers['X-Security-Token'] ?? null });
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (state.networkErrors > 0) {
      state.networkErrors--;
      throw new TypeError('Failed to fetch');
    }
    // The portal's store answers { code, msg, data } with HTTP 200, also for refusals.
    const answer = (data: unknown, code = 200, msg = 'Success') => (envelope ? Response.json({ code, msg, data }) : Response.json(data));
    if (!state.validTokens.has(headers['X-Security-Token'] ?? '')) {
      return envelope ? answer(null, 24009, 'The upload credential is invalid or has expired.') : new Response('{}', { status: 401 });
    }
    const m = /\/v1\.0\/storage\/pkg\/7\/(status|chunks\/(\d+))$/.exec(url);
    if (!m) return new Response('not found', { status: 404 });
    if (m[1] === 'status') {
      const received = [...chunks.keys()].sort((a, b) => a - b);
      const uploadedBytes = [...chunks.values()].reduce((n, c) => n + c.length, 0);
      return answer({ size, chunkBytes: CHUNK, received, uploadedBytes });
    }
    if (state.failNext > 0) {
      state.failNext--;
      if (envelope && state.failStatus < 500)
        return answer(null, 24019, 'The chunk does not fit the upload (chunk 1 has 3 bytes, expected 4).');
      return new Response('busy', { status: state.failStatus });
    }
    expect(method).toBe('PUT');
    expect(headers['Content-Type']).toBe('application/octet-stream');
    const body = new Uint8Array(await readBlob(init!.body as Blob));
    chunks.set(Number(m[2]), body);
    return answer({ index: Number(m[2]), size: body.length });
  });
  return { chunks, state, fetch: fetchFake as unknown as typeof fetch };
}

const bytes = (n: number) => new Uint8Array(Array.from({ length: n }, (_, i) => (i * 7) % 251));
const grant = (token = 'tok-1', tokenTimeout = Date.now() + 30 * 60_000): StorageGrant => ({
  storageInfo: {
    storageUrl: 'http://portal.test/v1.0/storage/',
    accessKeyId: 'k',
    accessKeySecret: 's',
    bucketName: 'b',
    securityToken: token,
    protocol: 'http',
    objectName: 'pkg/7',
  },
  storageType: 'portal',
  tokenTimeout,
});
const noSleep = async () => undefined;

function assembled(chunks: Map<number, Uint8Array>) {
  return Uint8Array.from([...chunks.entries()].sort(([a], [b]) => a - b).flatMap(([, c]) => [...c]));
}

describe('chunkPlan', () => {
  it('splits a file into full chunks and a shorter last one', () => {
    const p = chunkPlan(10, 4);
    expect(p.total).toBe(3);
    expect([0, 1, 2].map(p.bytesOf)).toEqual([4, 4, 2]);
  });
});

describe('grantExpiresAt', () => {
  it('reads epoch ms, epoch seconds and a lifetime in seconds', () => {
    expect(grantExpiresAt(1_900_000_000_000, 5)).toBe(1_900_000_000_000);
    expect(grantExpiresAt(1_900_000_000, 5)).toBe(1_900_000_000_000);
    expect(grantExpiresAt(1800, 1_000)).toBe(1_801_000);
  });
});

describe('CredentialCache', () => {
  it('reuses credentials until their timeout minus the 3-minute margin, and shares one request', async () => {
    let now = 1_750_000_000_000;
    const fetchGrant = vi.fn(async () => grant('tok', now + 10 * 60_000));
    const cache = new CredentialCache(fetchGrant, () => now);
    await Promise.all([cache.get(7), cache.get(7)]);
    expect(fetchGrant).toHaveBeenCalledTimes(1);
    now += 10 * 60_000 - TOKEN_CACHE_MARGIN_MS - 1;
    await cache.get(7);
    expect(fetchGrant).toHaveBeenCalledTimes(1);
    now += 1;
    await cache.get(7);
    expect(fetchGrant).toHaveBeenCalledTimes(2);
    cache.invalidate(7);
    await cache.get(7);
    expect(fetchGrant).toHaveBeenCalledTimes(3);
  });
});

describe('uploadChunks', () => {
  it('sends every chunk as raw bytes with the security token and reports progress', async () => {
    const data = bytes(10);
    const store = fakeStore({ size: 10 });
    const progress: number[] = [];
    const out = await uploadChunks({
      pkgId: 7,
      file: new Blob([data]),
      credentials: new CredentialCache(async () => grant()),
      fetch: store.fetch,
      concurrency: 2,
      onProgress: (p) => progress.push(p.uploadedBytes),
    });
    expect(out).toEqual({ chunksTotal: 3, chunksSent: 3 });
    expect(assembled(store.chunks)).toEqual(data);
    expect(store.state.requests.every((r) => r.token === 'tok-1')).toBe(true);
    expect(store.state.requests[0]).toMatchObject({ method: 'GET', url: 'http://portal.test/v1.0/storage/pkg/7/status' });
    expect(progress.at(-1)).toBe(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('resumes: only the chunks the store lacks are sent', async () => {
    const data = bytes(10);
    const store = fakeStore({ size: 10 });
    store.chunks.set(0, data.slice(0, 4));
    store.chunks.set(2, data.slice(8, 10));
    const progress: { uploadedBytes: number; chunksDone: number }[] = [];
    const out = await uploadChunks({
      pkgId: 7,
      file: new Blob([data]),
      credentials: new CredentialCache(async () => grant()),
      fetch: store.fetch,
      onProgress: (p) => progress.push({ uploadedBytes: p.uploadedBytes, chunksDone: p.chunksDone }),
    });
    expect(out.chunksSent).toBe(1);
    expect(store.state.requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      'http://portal.test/v1.0/storage/pkg/7/chunks/1',
    ]);
    expect(progress.find((p) => p.chunksDone === 2)?.uploadedBytes).toBe(6);
    expect(assembled(store.chunks)).toEqual(data);
  });

  it('pauses when aborted and continues later from what was stored', async () => {
    const data = bytes(12);
    const store = fakeStore({ size: 12 });
    const pause = new AbortController();
    const creds = new CredentialCache(async () => grant());
    const first = uploadChunks({
      pkgId: 7,
      file: new Blob([data]),
      credentials: creds,
      fetch: store.fetch,
      concurrency: 1,
      onProgress: (p) => {
        if (p.chunksDone === 1) pause.abort();
      },
      signal: pause.signal,
    });
    await expect(first).rejects.toMatchObject({ kind: 'aborted' });
    expect(store.chunks.size).toBe(1);
    const second = await uploadChunks({ pkgId: 7, file: new Blob([data]), credentials: creds, fetch: store.fetch });
    expect(second.chunksSent).toBe(2);
    expect(assembled(store.chunks)).toEqual(data);
  });

  it('retries a chunk after a network error and a 5xx answer', async () => {
    const data = bytes(8);
    const store = fakeStore({ size: 8 });
    const sleep = vi.fn(noSleep);
    store.state.failNext = 1;
    const out = uploadChunks({
      pkgId: 7,
      file: new Blob([data]),
      credentials: new CredentialCache(async () => grant()),
      fetch: store.fetch,
      concurrency: 1,
      sleep,
      retryDelayMs: 10,
    });
    await expect(out).resolves.toEqual({ chunksTotal: 2, chunksSent: 2 });
    expect(sleep).toHaveBeenCalledWith(10, expect.anything());

    const store2 = fakeStore({ size: 8 });
    store2.state.networkErrors = 2;
    await expect(
      uploadChunks({
        pkgId: 7,
        file: new Blob([data]),
        credentials: new CredentialCache(async () => grant()),
        fetch: store2.fetch,
        sleep: noSleep,
      }),
    ).resolves.toMatchObject({ chunksSent: 2 });
    expect(assembled(store2.chunks)).toEqual(data);
  });

  it('gives up after the last attempt with a network error', async () => {
    const store = fakeStore({ size: 8 });
    store.state.networkErrors = 100;
    await expect(
      uploadChunks({
        pkgId: 7,
        file: new Blob([bytes(8)]),
        credentials: new CredentialCache(async () => grant()),
        fetch: store.fetch,
        sleep: noSleep,
        attempts: 3,
      }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(store.state.requests).toHaveLength(3);
  });

  it('fetches new credentials once when the store refuses the token', async () => {
    const data = bytes(8);
    const store = fakeStore({ size: 8, token: 'tok-2' });
    const fetchGrant = vi.fn().mockResolvedValueOnce(grant('tok-expired')).mockResolvedValue(grant('tok-2'));
    await expect(
      uploadChunks({ pkgId: 7, file: new Blob([data]), credentials: new CredentialCache(fetchGrant), fetch: store.fetch }),
    ).resolves.toMatchObject({ chunksSent: 2 });
    expect(fetchGrant).toHaveBeenCalledTimes(2);
    expect(assembled(store.chunks)).toEqual(data);
  });

  it('stops when the store keeps refusing the credentials', async () => {
    const store = fakeStore({ size: 8, token: 'never' });
    const err = await uploadChunks({
      pkgId: 7,
      file: new Blob([bytes(8)]),
      credentials: new CredentialCache(async () => grant('tok-x')),
      fetch: store.fetch,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkUploadError);
    expect((err as ChunkUploadError).kind).toBe('denied');
  });

  it('refuses a file of another size than the package (the wrong file picked to continue)', async () => {
    const store = fakeStore({ size: 10 });
    await expect(
      uploadChunks({ pkgId: 7, file: new Blob([bytes(9)]), credentials: new CredentialCache(async () => grant()), fetch: store.fetch }),
    ).rejects.toMatchObject({ kind: 'sizeMismatch' });
    expect(store.state.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('does not retry a 4xx answer to a chunk', async () => {
    const store = fakeStore({ size: 8 });
    store.state.failNext = 1;
    store.state.failStatus = 413;
    await expect(
      uploadChunks({
        pkgId: 7,
        file: new Blob([bytes(8)]),
        credentials: new CredentialCache(async () => grant()),
        fetch: store.fetch,
        concurrency: 1,
        sleep: noSleep,
      }),
    ).rejects.toMatchObject({ kind: 'http', status: 413 });
  });

  describe("with the portal store's { code, msg, data } answers", () => {
    it('reads the status from the envelope and resumes', async () => {
      const data = bytes(10);
      const store = fakeStore({ size: 10, envelope: true });
      store.chunks.set(1, data.slice(4, 8));
      const out = await uploadChunks({
        pkgId: 7,
        file: new Blob([data]),
        credentials: new CredentialCache(async () => grant()),
        fetch: store.fetch,
      });
      expect(out).toEqual({ chunksTotal: 3, chunksSent: 2 });
      expect(assembled(store.chunks)).toEqual(data);
    });

    it('renews the credential once on code 24009', async () => {
      const store = fakeStore({ size: 8, token: 'tok-2', envelope: true });
      const fetchGrant = vi.fn().mockResolvedValueOnce(grant('tok-old')).mockResolvedValue(grant('tok-2'));
      await expect(
        uploadChunks({ pkgId: 7, file: new Blob([bytes(8)]), credentials: new CredentialCache(fetchGrant), fetch: store.fetch }),
      ).resolves.toMatchObject({ chunksSent: 2 });
      expect(fetchGrant).toHaveBeenCalledTimes(2);
    });

    it("stops on a refused chunk with the store's own message, without retrying", async () => {
      const store = fakeStore({ size: 8, envelope: true });
      store.state.failNext = 1;
      store.state.failStatus = 400;
      const err = (await uploadChunks({
        pkgId: 7,
        file: new Blob([bytes(8)]),
        credentials: new CredentialCache(async () => grant()),
        fetch: store.fetch,
        concurrency: 1,
        sleep: noSleep,
      }).catch((e: unknown) => e)) as ChunkUploadError;
      expect(err.kind).toBe('rejected');
      expect(err.code).toBe(24019);
      expect(err.message).toContain('does not fit the upload');
      expect(store.state.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    });
  });
});
