/** The public site's page cache: byte cap (least recently used out), exact invalidation, time limit. */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataVersions } from '../../src/lib/data-versions';
import { SitePageCache } from '../../src/modules/cloud-content/site.cache';

const page = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', body });

describe('SitePageCache', () => {
  function setup(maxBytes = 64 * 1024 * 1024) {
    const versions = new DataVersions();
    versions.setLive(true);
    let now = 1_000;
    const cache = new SitePageCache(versions, () => now, maxBytes, 60_000);
    return { versions, cache, advance: (ms: number) => (now += ms) };
  }

  it('keeps a page until a content table changes, then renders again', async () => {
    const { versions, cache } = setup();
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    expect((await cache.get('a', render)).page.body).toBe('<p>1</p>');
    expect((await cache.get('a', render)).page.body).toBe('<p>1</p>');
    versions.noteChange('users'); // not a site table
    expect((await cache.get('a', render)).page.body).toBe('<p>1</p>');
    versions.noteChange('content_translations');
    expect((await cache.get('a', render)).page.body).toBe('<p>2</p>');
    expect(cache.hits).toBe(2);
  });

  it('keeps nothing while changes cannot be heard, and drops pages past their time', async () => {
    const { versions, cache, advance } = setup();
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    await cache.get('a', render);
    advance(60_001);
    expect((await cache.get('a', render)).page.body).toBe('<p>2</p>');
    versions.setLive(false);
    await cache.get('b', render);
    await cache.get('b', render);
    expect(renders).toBe(4);
  });

  it('stays under its byte cap, the least recently used page out first', async () => {
    const { cache } = setup(16 * 10_000);
    // Random text: brotli cannot make it much smaller than its 9,000 bytes.
    for (let i = 0; i < 40; i++) await cache.get(`p${i}`, async () => page(randomBytes(6_750).toString('base64') + i));
    expect(cache.usedBytes).toBeLessThanOrEqual(16 * 10_000);
    expect(cache.size).toBeGreaterThan(5);
    let rendered = false;
    await cache.get('p39', async () => ((rendered = true), page('')));
    expect(rendered).toBe(false);
    await cache.get('p0', async () => ((rendered = true), page('')));
    expect(rendered).toBe(true);
  });

  it('compresses a kept page once per encoding, as the client accepts', async () => {
    const { cache } = setup();
    const body = `<p>${'hello '.repeat(500)}</p>`;
    const { entry } = await cache.get('a', async () => page(body));
    const br = cache.encoded(entry, 'gzip, br');
    expect(br?.encoding).toBe('br');
    expect(cache.encoded(entry, 'br')?.body).toBe(br?.body);
    expect(cache.encoded(entry, 'gzip;q=1, br;q=0')?.encoding).toBe('gzip');
    expect(cache.encoded(entry, 'identity')).toBeNull();
    expect(cache.encoded(entry, undefined)).toBeNull();
  });

  it('keeps a page of 1 KB or more as brotli only, and still answers gzip and plain HTML from it', async () => {
    const { cache } = setup();
    const body = `<main>${Array.from({ length: 400 }, (_, i) => `<p>Product ${i}: 4K camera, night vision</p>`).join('')}</main>`;
    let renders = 0;
    const render = async () => (renders++, page(body));
    const first = await cache.get('a', render);
    expect(first.page.body).toBe(body);
    // Held as its brotli body: far less than the HTML.
    expect(cache.usedBytes).toBeLessThan(Buffer.byteLength(body) / 4);
    const hit = await cache.get('a', render);
    expect(renders).toBe(1);
    const br = cache.encoded(hit.entry, 'br, gzip')!;
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    const gz = cache.encoded(hit.entry, 'gzip')!;
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(body);
    // A client that takes neither gets the HTML, unpacked from the kept brotli body.
    expect(cache.encoded(hit.entry, 'identity')).toBeNull();
    expect(hit.page.body).toBe(body);
    expect(hit.page.status).toBe(200);
    // A small page is kept and sent as it is.
    const small = await cache.get('b', async () => page('<p>hi</p>'));
    expect(cache.encoded(small.entry, 'br')).toBeNull();
    expect((await cache.get('b', render)).page.body).toBe('<p>hi</p>');
  });
});
