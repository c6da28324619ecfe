/**
 * Issue 16: compressed, cached delivery. Built assets answer their precompressed variant (brotli
 * to `br`, gzip to `gzip`, identity otherwise) with the immutable cache header; index.html is
 * no-cache with a strong ETag and 304; robots.txt is text; an unknown asset is a 404, not the app;
 * a JSON answer above 1 KB is compressed on the fly and decodes to the same JSON; stored-file
 * downloads by Range stay byte-exact and uncompressed.
 */
import { buildBasic, companyCalls, systemCalls, API_PREFIX } from '@portal/contract';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/scripts/precompress.mjs';
import { companyBranding, companyDomains, files } from '../../src/db/schema';
import { IMMUTABLE, negotiateEncoding, ROBOTS_TXT } from '../../src/plugins/static';
import { createTestApp, type TestApp } from '../support/app';

const ASSET = 'assets/index-AbCd1234.js';
const SMALL_ASSET = 'assets/tiny-Zz9_8-7x.js';
const ENTRY_JS = `export const text = ${JSON.stringify('portal '.repeat(600))};\n`;
const INDEX_HTML = `<!doctype html><html><head><title>portal</title><script type="module" src="/${ASSET}"></script></head><body>${'<!-- pad -->'.repeat(120)}</body></html>`;

describe('compressed, cached delivery', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-delivery-'));
  const webDist = path.join(dir, 'web');

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    writeFileSync(path.join(webDist, ASSET), ENTRY_JS);
    writeFileSync(path.join(webDist, SMALL_ASSET), 'export{};');
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webDist, 'assets/notes.txt'), 'unhashed '.repeat(200));
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    precompressDir(webDist);
    t = await createTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('precompresses at build time only the text files above 1 KB', async () => {
    const { existsSync } = await import('node:fs');
    expect(existsSync(path.join(webDist, `${ASSET}.br`))).toBe(true);
    expect(existsSync(path.join(webDist, `${ASSET}.gz`))).toBe(true);
    expect(existsSync(path.join(webDist, `${SMALL_ASSET}.br`))).toBe(false);
  });

  it('answers a hashed asset brotli to br, gzip to gzip, identity otherwise, cached for a year', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ENTRY_JS);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ENTRY_JS);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(ENTRY_JS);

    // An unhashed file under /assets/ (streamed by @fastify/static, preCompressed): revalidated.
    const notes = await get('/assets/notes.txt', { 'accept-encoding': 'br' });
    expect(notes.statusCode).toBe(200);
    expect(notes.headers['content-encoding']).toBe('br');
    expect(notes.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(notes.rawPayload).toString()).toBe('unhashed '.repeat(200));

    // Not compressed on the fly when the build made no variant (below 1 KB).
    const small = await get(`/${SMALL_ASSET}`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export{};');
  });

  it('answers index.html no-cache with a strong ETag, and 304 to that ETag', async () => {
    const first = await get('/login', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX_HTML);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/
    const again = await get('/layout/home', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/index.html', { 'if-none-match': etag })).statusCode).toBe(304);
    // A new build is a new ETag.
    writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML.replace('portal', 'portal 2'));
    const future = new Date(Date.now() + 5000);
    utimesSync(path.join(webDist, 'index.html'), future, future);
    const changed = await get('/login', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('portal 2');
  });

  it("answers a page path with the build's variant of index.html for its first segment, when there is one", async () => {
    const variant = INDEX_HTML.replace('<title>portal</title>', '<title>register</title>');
    mkdirSync(path.join(webDist, 'pages'), { recursive: true });
    writeFileSync(path.join(webDist, 'pages/register.html'), variant);
    try {
      const register = await get('/register?invite=1');
      expect(register.statusCode).toBe(200);
      expect(register.headers['cache-control']).toBe('no-cache');
      expect(register.body).toBe(variant);
      // Its own ETag: a 304 for index.html's is not a 304 here.
      const index = await get('/login');
      expect(index.body).not.toContain('<title>register</title>');
      expect((await get('/register', { 'if-none-match': String(index.headers.etag) })).statusCode).toBe(200);
      expect((await get('/register', { 'if-none-match': String(register.headers.etag) })).statusCode).toBe(304);
      // Paths without a variant, and the variant file itself by its path, are not it.
      expect((await get('/forgot-password')).body).not.toContain('<title>register</title>');
      expect((await get('/registers')).body).not.toContain('<title>register</title>');
      expect((await get('/pages/register.html')).statusCode).toBe(404);
    } finally {
      rmSync(path.join(webDist, 'pages'), { recursive: true, force: true });
    }
  });

  it('serves a real robots.txt, and a 404 for unknown files instead of the app', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toBe(ROBOTS_TXT);
    expect(robots.body).toMatch(/^Allow: \/login$/m);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
    for (const url of ['/assets/x.js', '/assets/index-AbCd1234.css', '/nothing.png', '/layout/app.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>');
    }
  });

  it('serves /favicon.ico: the default favicon, or the brand’s own with an ETag that changes when it publishes a new one', async () => {
    const fallback = await get('/favicon.ico');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toBe('image/svg+xml');
    const A = t.world.companies.partnerA;
    const publish = async (body: Buffer) => {
      const key = `branding/favicons/${randomBytes(6).toString('hex')}.png`;
      await t.fileStore.put(key, body);
      const [f] = await t.database.db
        .insert(files)
        .values({ companyId: A.id, path: key, name: 'favicon.png', mime: 'image/png', size: body.length, sha256: 'x', isPublic: true })
        .returning();
      await t.database.db
        .insert(companyBranding)
        .values({ companyId: A.id, title: 'A', favicon: String(f!.id) })
        .onConflictDoUpdate({ target: companyBranding.companyId, set: { favicon: String(f!.id) } });
    };
    await t.database.db.insert(companyDomains).values({ domain: 'portal.brand-a.test', companyId: A.id });
    await publish(Buffer.from('first-icon'));
    const one = await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: { host: 'portal.brand-a.test' } });
    expect(one.statusCode).toBe(200);
    expect(one.body).toBe('first-icon');
    expect(one.headers['content-type']).toBe('image/png');
    const etag = String(one.headers.etag);
    expect(
      (await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: { host: 'portal.brand-a.test', 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    await publish(Buffer.from('second-icon'));
    const two = await t.app.inject({
      method: 'GET',
      url: '/branding/favicon',
      headers: { host: 'portal.brand-a.test', 'if-none-match': etag },
    });
    expect(two.statusCode).toBe(200);
    expect(two.body).toBe('second-icon');
    expect(two.headers.etag).not.toBe(etag);
  });

  it('compresses a JSON answer above 1 KB on the fly; it decodes to the same JSON', async () => {
    // The API's own description: a large JSON answer.
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    // A small call answer stays as it is.
    const owner = await t.login('owner-a@test.local');
    const data = { pageNum: 1, pageSize: 10 };
    const small = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${companyCalls.list.path}`,
      payload: {
        basic: buildBasic({ token: owner.token, signKey: owner.signKey, path: companyCalls.list.path, data, now: t.clock.now() }),
        data,
      },
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().basic.code).toBe(200);
  });

  it('keeps a stored-file download by Range byte-exact and uncompressed, even of a compressible type', async () => {
    const owner = await t.login('owner-a@test.local');
    const A = t.world.companies.partnerA;
    const body = Buffer.from('firmware-like text '.repeat(400)); // 7,600 bytes of text/plain
    const key = `test/${A.id}/fw.txt`;
    await t.fileStore.put(key, body);
    const [f] = await t.database.db
      .insert(files)
      .values({ companyId: A.id, path: key, name: 'fw.txt', mime: 'text/plain', size: body.length, sha256: 'x' })
      .returning();
    const link = await t.call(systemCalls.fileLink, { fileId: f!.id, isDownload: true }, owner);
    const whole = await get(link.data.url, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(body.length);
    expect(whole.rawPayload.equals(body)).toBe(true);
    const part = await get(link.data.url, { 'accept-encoding': 'br, gzip', range: 'bytes=1000-2999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 1000-2999/${body.length}`);
    expect(Number(part.headers['content-length'])).toBe(2000);
    expect(part.rawPayload.equals(body.subarray(1000, 3000))).toBe(true);
  });

  it('negotiates br before gzip, honouring q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});
