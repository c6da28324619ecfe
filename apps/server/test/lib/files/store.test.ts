import { createHash } from 'node:crypto';
import { mkdtemp, rm, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/lib/app-error';
import { createFileStore, LocalFileStore, S3FileStore, serveFile, type FileStore } from '../../../src/lib/files';

// the SDK's advice to move to Node 22 is for the project, not for every test run
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BODY = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz'); // 36 bytes
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

async function expectCode(p: Promise<unknown>, code: number) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
}

interface Driver {
  name: string;
  setup(): Promise<FileStore>;
  teardown(): Promise<void>;
}

const tmpDirs: string[] = [];
const tmp = async (prefix: string) => {
  const d = await mkdtemp(path.join(tmpdir(), prefix));
  tmpDirs.push(d);
  return d;
};
afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => rm(d, { recursive: true, force: true })));
});

let s3server: S3rver | undefined;
const drivers: Driver[] = [
  {
    name: 'local',
    async setup() {
      return new LocalFileStore(await tmp('portal-files-'));
    },
    async teardown() {},
  },
  {
    name: 's3 (s3rver)',
    async setup() {
      s3server = new S3rver({ address: '127.0.0.1', port: 0, directory: await tmp('portal-s3rver-'), silent: true });
      const { port } = await s3server.run();
      const store = new S3FileStore({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'portal-test',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      await store.client.send(new CreateBucketCommand({ Bucket: 'portal-test' }));
      return store;
    },
    async teardown() {
      await s3server?.close();
    },
  },
];

describe.each(drivers)('file store: $name', (driver) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await driver.setup();
  });
  afterAll(() => driver.teardown());

  it('puts a buffer and reads it back with size, hashes and content type', async () => {
    const put = await store.put('docs/2026/11/a.txt', BODY, { contentType: 'text/plain; charset=utf-8' });
    expect(put).toEqual({ size: 36, sha256: sha(BODY), md5: md5(BODY) });
    const got = await store.get('docs/2026/11/a.txt');
    expect(got.size).toBe(36);
    expect(got.length).toBe(36);
    expect(got.contentType).toMatch(/^text\/plain/);
    expect(await readAll(got.stream)).toEqual(BODY);
    const head = await store.head('docs/2026/11/a.txt');
    expect(head.size).toBe(36);
    expect(head.contentType).toMatch(/^text\/plain/);
  });

  it('puts a stream (larger than one chunk) and hashes what went through', async () => {
    const big = Buffer.alloc(300_000, 7);
    big.write('start', 0);
    const chunks = [big.subarray(0, 100_000), big.subarray(100_000, 250_000), big.subarray(250_000)];
    const put = await store.put('fw/pkg.bin', Readable.from(chunks), { contentType: 'application/octet-stream' });
    expect(put).toEqual({ size: big.length, sha256: sha(big), md5: md5(big) });
    expect(await readAll((await store.get('fw/pkg.bin')).stream)).toEqual(big);
  });

  it('reads byte ranges', async () => {
    await store.put('r/range.txt', BODY);
    const first = await store.get('r/range.txt', { start: 0, end: 9 });
    expect(first).toMatchObject({ size: 36, length: 10, range: { start: 0, end: 9 } });
    expect((await readAll(first.stream)).toString()).toBe('0123456789');
    const tail = await store.get('r/range.txt', { start: 30 });
    expect(tail).toMatchObject({ size: 36, length: 6, range: { start: 30, end: 35 } });
    expect((await readAll(tail.stream)).toString()).toBe('uvwxyz');
    const clipped = await store.get('r/range.txt', { start: 34, end: 1000 });
    expect((await readAll(clipped.stream)).toString()).toBe('yz');
    await expectCode(store.get('r/range.txt', { start: 36 }), 1014);
  });

  it('overwrites, reports existence and deletes idempotently', async () => {
    await store.put('x/over.txt', Buffer.from('one'));
    await store.put('x/over.txt', Buffer.from('two!'));
    expect((await store.head('x/over.txt')).size).toBe(4);
    expect(await store.exists('x/over.txt')).toBe(true);
    await store.delete('x/over.txt');
    expect(await store.exists('x/over.txt')).toBe(false);
    await store.delete('x/over.txt');
    await expectCode(store.get('x/over.txt'), 1004);
    await expectCode(store.head('x/missing.txt'), 1004);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', 'a\\b', '.meta/x', 'a/./b', '', 'a/b/']) {
      await expectCode(store.get(key), 1004);
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(AppError);
      expect(await store.exists(key)).toBe(false);
    }
  });

  describe('serveFile', () => {
    beforeAll(async () => {
      await store.put('serve/report.txt', BODY, { contentType: 'text/plain; charset=utf-8' });
    });
    const serve = (rangeHeader?: string, extra: Partial<Parameters<typeof serveFile>[0]> = {}) =>
      serveFile({ store, key: 'serve/report.txt', rangeHeader, ...extra });
    const body = async (r: Awaited<ReturnType<typeof serveFile>>) => (r.stream ? (await readAll(r.stream)).toString() : null);

    it('serves the whole file inline', async () => {
      const r = await serve();
      expect(r.status).toBe(200);
      expect(r.headers).toMatchObject({
        'Content-Length': '36',
        'Accept-Ranges': 'bytes',
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
      });
      expect(r.headers['Content-Disposition']).toBe('inline; filename="report.txt"');
      expect(await body(r)).toBe(BODY.toString());
    });

    it('serves bytes=0-9, bytes=10- and the suffix bytes=-5', async () => {
      const a = await serve('bytes=0-9');
      expect([a.status, a.headers['Content-Range'], a.headers['Content-Length'], await body(a)]).toEqual([
        206,
        'bytes 0-9/36',
        '10',
        '0123456789',
      ]);
      const b = await serve('bytes=10-');
      expect([b.status, b.headers['Content-Range'], b.headers['Content-Length']]).toEqual([206, 'bytes 10-35/36', '26']);
      expect(await body(b)).toBe('abcdefghijklmnopqrstuvwxyz');
      const c = await serve('bytes=-5');
      expect([c.status, c.headers['Content-Range'], await body(c)]).toEqual([206, 'bytes 31-35/36', 'vwxyz']);
      const d = await serve('bytes=-100');
      expect([d.status, d.headers['Content-Range']]).toEqual([206, 'bytes 0-35/36']);
      await body(d);
    });

    it('answers 416 for an unsatisfiable range and ignores malformed or multiple ranges', async () => {
      for (const h of ['bytes=36-', 'bytes=100-200', 'bytes=-0']) {
        const r = await serve(h);
        expect(r.status).toBe(416);
        expect(r.headers['Content-Range']).toBe('bytes */36');
        expect(r.stream).toBeNull();
      }
      for (const h of ['bytes=5-2', 'items=0-1', 'bytes=0-1,4-5', 'bytes=abc']) {
        const r = await serve(h);
        expect(r.status).toBe(200);
        await body(r);
      }
    });

    it('sends an attachment with an RFC 5987 name when downloading', async () => {
      const r = await serve(undefined, { isDownload: true, fileName: '报告 2026 "final".txt' });
      expect(r.headers['Content-Disposition']).toBe(
        `attachment; filename="__ 2026 _final_.txt"; filename*=UTF-8''${encodeURIComponent('报告 2026 _final_.txt')}`,
      );
      await body(r);
    });

    it('never serves risky content inline', async () => {
      await store.put('serve/page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
      const r = await serveFile({ store, key: 'serve/page.html' });
      expect(r.headers['Content-Disposition']).toMatch(/^attachment;/);
      await body(r);
    });

    it('honours a range only while If-Range still names this version', async () => {
      const full = await serve();
      await body(full);
      const etag = full.headers.ETag;
      expect(etag).toMatch(/^"/);
      const same = await serve('bytes=0-9', { ifRangeHeader: etag });
      expect(same.status).toBe(206);
      await body(same);
      const stale = await serve('bytes=0-9', { ifRangeHeader: '"some-older-version"' });
      expect(stale.status).toBe(200);
      expect(await body(stale)).toBe(BODY.toString());
      const byDate = await serve('bytes=0-9', { ifRangeHeader: full.headers['Last-Modified'] });
      expect(byDate.status).toBe(206);
      await body(byDate);
      const oldDate = await serve('bytes=0-9', { ifRangeHeader: new Date(Date.UTC(2000, 0, 1)).toUTCString() });
      expect(oldDate.status).toBe(200);
      await body(oldDate);
    });

    it('answers HEAD with the same headers and no stream', async () => {
      const h = await serve('bytes=10-19', { headOnly: true });
      expect([h.status, h.headers['Content-Range'], h.headers['Content-Length'], h.stream]).toEqual([206, 'bytes 10-19/36', '10', null]);
      const all = await serve(undefined, { headOnly: true });
      expect([all.status, all.headers['Content-Length'], all.stream]).toEqual([200, '36', null]);
    });

    it('reports a missing file as 1004', async () => {
      await expectCode(serveFile({ store, key: 'serve/nope.txt' }), 1004);
    });
  });
});

describe('createFileStore', () => {
  it('defaults to the local disk under FILE_STORE_DIR', async () => {
    const dir = await tmp('portal-env-');
    const store = createFileStore({ FILE_STORE_DIR: dir });
    expect(store).toBeInstanceOf(LocalFileStore);
    await store.put('a/b.txt', Buffer.from('hi'));
    expect(await readdir(path.join(dir, 'a'))).toEqual(['b.txt']);
    expect(createFileStore({})).toBeInstanceOf(LocalFileStore);
  });

  it('picks S3 with FILE_STORE=s3', () => {
    const store = createFileStore({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(store).toBeInstanceOf(S3FileStore);
    expect(() => createFileStore({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
