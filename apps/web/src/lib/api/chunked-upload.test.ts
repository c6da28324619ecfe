import { ErrorCodes, type ContentUploadSession, type UploadStatus } from '@portal/contract';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBlob } from '../read-blob';
import { ChunkUploadError, sendChunks, type ChunkTransport, type UploadProgress } from './chunked-upload';
import { contentSessionTransport, fileSha256, sessionStatus } from './upload';

const bytes = (n: number) => new Uint8Array(n).map((_, i) => (i * 7 + 3) & 0xff);
const noSleep = () => Promise.resolve();

/** A receiver that takes chunks in order, like a content session; `failPut` breaks some sends. */
function orderedReceiver(size: number, chunkBytes: number, failPut: (index: number, attempt: number) => boolean = () => false) {
  const stored: Uint8Array[] = [];
  let received = 0;
  const attempts = new Map<number, number>();
  const transport: ChunkTransport = {
    status: async (): Promise<UploadStatus> => sessionStatus({ size, chunkBytes, receivedBytes: received }),
    put: async (index, offset, body) => {
      const attempt = (attempts.get(index) ?? 0) + 1;
      attempts.set(index, attempt);
      if (failPut(index, attempt)) throw new ChunkUploadError('network', 'connection reset');
      if (offset !== received)
        throw new ChunkUploadError('rejected', `offset ${offset}, have ${received}`, 200, ErrorCodes.contentUploadOffset);
      stored.push(new Uint8Array(await readBlob(body)));
      received += body.size;
    },
  };
  const joined = () => {
    const out = new Uint8Array(received);
    let at = 0;
    for (const s of stored) {
      out.set(s, at);
      at += s.length;
    }
    return out;
  };
  return { transport, attempts, joined, received: () => received };
}

describe('sessionStatus', () => {
  it('counts the whole chunks received in order, and every chunk once all bytes are there', () => {
    expect(sessionStatus({ size: 25, chunkBytes: 10, receivedBytes: 0 }).received).toEqual([]);
    expect(sessionStatus({ size: 25, chunkBytes: 10, receivedBytes: 20 })).toEqual({
      size: 25,
      chunkBytes: 10,
      received: [0, 1],
      uploadedBytes: 20,
    });
    expect(sessionStatus({ size: 25, chunkBytes: 10, receivedBytes: 25 }).received).toEqual([0, 1, 2]);
  });
});

describe('sendChunks', () => {
  it('sends a file in order in chunks of the receiver size, reporting progress', async () => {
    const data = bytes(25);
    const r = orderedReceiver(25, 10);
    const seen: UploadProgress[] = [];
    const out = await sendChunks({
      file: new Blob([data]),
      transport: r.transport,
      chunkBytes: 10,
      concurrency: 1,
      onProgress: (p) => seen.push(p),
    });
    expect(out).toEqual({ chunksTotal: 3, chunksSent: 3 });
    expect([...r.joined()]).toEqual([...data]);
    expect(seen.map((p) => p.uploadedBytes)).toEqual([0, 0, 10, 20, 25, 25]);
    expect(seen.at(-1)?.phase).toBe('done');
  });

  it('retries a chunk whose connection broke, then resumes a stopped upload from what the receiver has', async () => {
    const data = bytes(45);
    // Chunk 1 breaks once (retried); chunk 3 breaks on every attempt (the run stops there).
    const r = orderedReceiver(45, 10, (i, attempt) => (i === 1 && attempt === 1) || (i === 3 && attempt <= 4));
    const first = sendChunks({ file: new Blob([data]), transport: r.transport, chunkBytes: 10, concurrency: 1, sleep: noSleep });
    await expect(first).rejects.toMatchObject({ kind: 'network' });
    expect(r.received()).toBe(30);
    expect(r.attempts.get(1)).toBe(2);
    // The same file again: only chunks 3 and 4 go.
    const seen: UploadProgress[] = [];
    const again = await sendChunks({
      file: new Blob([data]),
      transport: r.transport,
      chunkBytes: 10,
      concurrency: 1,
      sleep: noSleep,
      onProgress: (p) => seen.push(p),
    });
    expect(again).toEqual({ chunksTotal: 5, chunksSent: 2 });
    expect(seen.find((p) => p.phase === 'uploading')?.uploadedBytes).toBe(30);
    expect([...r.joined()]).toEqual([...data]);
  });

  it('does not retry a refusal, and refuses a file of another size than the upload', async () => {
    const r = orderedReceiver(25, 10);
    const wrongOffset: ChunkTransport = { ...r.transport, put: (i, _o, b, s) => r.transport.put(i, 5, b, s) };
    await expect(sendChunks({ file: new Blob([bytes(25)]), transport: wrongOffset, chunkBytes: 10, sleep: noSleep })).rejects.toMatchObject(
      {
        kind: 'rejected',
        code: ErrorCodes.contentUploadOffset,
      },
    );
    await expect(sendChunks({ file: new Blob([bytes(24)]), transport: r.transport, chunkBytes: 10 })).rejects.toMatchObject({
      kind: 'sizeMismatch',
    });
  });

  it('stops as a pause when aborted', async () => {
    const r = orderedReceiver(25, 10);
    const c = new AbortController();
    c.abort();
    await expect(
      sendChunks({ file: new Blob([bytes(25)]), transport: r.transport, chunkBytes: 10, signal: c.signal }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('contentSessionTransport', () => {
  afterEach(() => vi.unstubAllGlobals());
  const session = (receivedBytes: number): ContentUploadSession => ({
    id: 9,
    use: 'manual',
    name: 'm.pdf',
    size: 25,
    sha256: '0'.repeat(64),
    chunkBytes: 10,
    receivedBytes,
    expiresAt: Date.now() + 1000,
  });

  it('puts a chunk at its offset, signed over its session, offset and bytes', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ basic: { code: 200, msg: 'Success' }, data: session(10) })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const chunk = bytes(10);
    await contentSessionTransport(9, { getSession: async () => session(0) }).put(0, 0, new Blob([chunk]), new AbortController().signal);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v1.0/customer-api/content/upload-session/chunk?sessionId=9&offset=0');
    expect(init.method).toBe('PUT');
    const basic = JSON.parse((init.headers as Record<string, string>)['X-Basic']!) as { sign?: string };
    expect(basic).toBeTypeOf('object');
    expect(await sessionStatusOf(9, session(10))).toEqual({ size: 25, chunkBytes: 10, received: [0], uploadedBytes: 10 });
  });

  it('takes a chunk whose answer was lost as stored when the server already has its bytes, and not otherwise', async () => {
    const refusal = () =>
      new Response(
        JSON.stringify({ basic: { code: ErrorCodes.contentUploadOffset, msg: 'offset', params: { received: 20, offset: 10 } } }),
      );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refusal()),
    );
    const signal = new AbortController().signal;
    await expect(
      contentSessionTransport(9, { getSession: async () => session(20) }).put(1, 10, new Blob([bytes(10)]), signal),
    ).resolves.toBeUndefined();
    await expect(
      contentSessionTransport(9, { getSession: async () => session(0) }).put(1, 10, new Blob([bytes(10)]), signal),
    ).rejects.toMatchObject({
      kind: 'rejected',
      code: ErrorCodes.contentUploadOffset,
    });
  });

  it('reports a broken connection as a network error, which sendChunks retries', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ basic: { code: 200, msg: 'Success' }, data: session(25) }));
      }),
    );
    let received = 0;
    const transport = contentSessionTransport(9, { getSession: async () => ({ ...session(received), size: 5 }) });
    const put = transport.put.bind(transport);
    const counting: ChunkTransport = { status: transport.status, put: async (...a) => (await put(...a), void (received = 5)) };
    await expect(sendChunks({ file: new Blob([bytes(5)]), transport: counting, chunkBytes: 10, sleep: noSleep })).resolves.toEqual({
      chunksTotal: 1,
      chunksSent: 1,
    });
    expect(calls).toBe(2);
  });
});

async function sessionStatusOf(id: number, s: ContentUploadSession) {
  return contentSessionTransport(id, { getSession: async () => s }).status(new AbortController().signal);
}

describe('fileSha256', () => {
  it('hashes a file a slice at a time as node:crypto hashes it whole', async () => {
    const data = bytes(1000);
    expect(await fileSha256(new Blob([data]), 64 + 7)).toBe(createHash('sha256').update(data).digest('hex'));
  });
});
