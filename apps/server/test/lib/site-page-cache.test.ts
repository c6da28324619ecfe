/**
 * The public site's page cache: byte cap (least recently used out), exact invalidation (per site),
 * time limit, warming ahead of visits; and the warmer (site.warm.ts).
 */
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataVersions } from '../../src/lib/data-versions';
import { SitePageCache, sitePageDeps } from '../../src/modules/cloud-content/site.cache';
import { MAX_ADDRESSES, QUIET_MS, SitePageWarmer, type WarmPage } from '../../src/modules/cloud-content/site.warm';

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

  it("keeps one site's pages through another site's changes, and drops them on its own or a change of every site", async () => {
    const { versions, cache } = setup();
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    await cache.get('1|a', render, sitePageDeps(1));
    versions.noteChange('content_translations'); // the table, as every write also announces it
    versions.noteChange('content_sites:2');
    expect((await cache.get('1|a', render, sitePageDeps(1))).page.body).toBe('<p>1</p>');
    versions.noteChange('content_sites:1');
    expect((await cache.get('1|a', render, sitePageDeps(1))).page.body).toBe('<p>2</p>');
    versions.noteChange('content_sites'); // a truncate, or a write to the sites themselves
    expect((await cache.get('1|a', render, sitePageDeps(1))).page.body).toBe('<p>3</p>');
  });

  it('keeps pages without a time limit unless given one', async () => {
    const versions = new DataVersions();
    versions.setLive(true);
    let now = 0;
    const cache = new SitePageCache(versions, () => now);
    let renders = 0;
    await cache.get('a', async () => page(`<p>${++renders}</p>`));
    now += 7 * 24 * 3600_000;
    expect((await cache.get('a', async () => page(`<p>${++renders}</p>`))).page.body).toBe('<p>1</p>');
  });

  it('warms a page ahead of a visit: once, and not past nine tenths of its cap', async () => {
    const { cache } = setup(16 * 10_000);
    let renders = 0;
    const render = async () => (renders++, page(randomBytes(6_750).toString('base64')));
    expect(await cache.warm('a', render, sitePageDeps(1))).toBe('rendered');
    expect(await cache.warm('a', render, sitePageDeps(1))).toBe('kept');
    expect(renders).toBe(1);
    const results: string[] = [];
    for (let i = 0; i < 40; i++) results.push(await cache.warm(`p${i}`, render, sitePageDeps(1)));
    expect(results).toContain('full');
    expect(cache.usedBytes).toBeLessThanOrEqual(16 * 10_000);
    // What was warmed first is still there: warming never evicts.
    expect(await cache.warm('a', render, sitePageDeps(1))).toBe('kept');
    // The visit's page is answered from the cache.
    const hits = cache.hits;
    await cache.get('a', render, sitePageDeps(1));
    expect(cache.hits).toBe(hits + 1);
  });
});

describe('SitePageWarmer', () => {
  function setup(maxBytes = 64 * 1024 * 1024) {
    const versions = new DataVersions();
    versions.setLive(true);
    const cache = new SitePageCache(versions, () => 0, maxBytes);
    const errors: unknown[] = [];
    let now = 0;
    const warmer = new SitePageWarmer(
      cache,
      versions,
      (err) => errors.push(err),
      () => now,
    );
    const rendered: string[] = [];
    const pagesOf = (site: number, n: number, fail?: number) => async (): Promise<WarmPage[]> =>
      Array.from({ length: n }, (_, i) => ({
        key: `${site}|p${i}`,
        render: async () => {
          if (i === fail) throw new Error('broken page');
          rendered.push(`${site}|p${i}`);
          return page(`<p>${site} ${i} ${rendered.length}</p>`);
        },
      }));
    return { versions, cache, warmer, rendered, pagesOf, errors, advance: (ms: number) => (now += ms) };
  }

  it("renders an address's pages once, and again after its site changed and then stayed quiet", async () => {
    const { versions, warmer, rendered, pagesOf, advance } = setup();
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(true);
    // A visit during the pass starts no second one.
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    await warmer.idle();
    expect(rendered).toEqual(['1|p0', '1|p1', '1|p2', '1|p3', '1|p4']);
    expect(warmer.warmed).toBe(5);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(false);
    versions.noteChange('content_sites:2');
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(false);
    // Its own site changed: not while changes keep coming, once the site has been quiet long enough.
    versions.noteChange('content_sites:1');
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    advance(QUIET_MS - 1);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    versions.noteChange('content_sites:1');
    advance(QUIET_MS);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(false);
    advance(QUIET_MS - 1);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(false);
    advance(1);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 5));
    expect(warmer.busy).toBe(true);
    await warmer.idle();
    expect(rendered).toHaveLength(10);
  });

  it('goes on past a page that fails to render, and reports it', async () => {
    const { warmer, rendered, pagesOf, errors } = setup();
    warmer.visit('1|http://a.test', 1, pagesOf(1, 4, 1));
    await warmer.idle();
    expect(rendered).toEqual(['1|p0', '1|p2', '1|p3']);
    expect(errors).toHaveLength(1);
  });

  it('stops a pass the site changes under it; the next visit starts another', async () => {
    const { versions, warmer, rendered, pagesOf } = setup();
    const pages = pagesOf(1, 50);
    warmer.visit('1|http://a.test', 1, async () => {
      const list = await pages();
      return list.map((p, i) => (i === 3 ? { ...p, render: async () => (versions.noteChange('content_sites:1'), p.render()) } : p));
    });
    await warmer.idle();
    expect(rendered.length).toBeLessThan(10);
    warmer.visit('1|http://a.test', 1, pages);
    await warmer.idle();
    expect(rendered.length).toBeGreaterThanOrEqual(50);
  });

  it('stops at nine tenths of the cap, and keeps at most MAX_ADDRESSES addresses', async () => {
    const { cache, warmer, pagesOf } = setup(200_000);
    warmer.visit('1|http://a.test', 1, async () =>
      (await pagesOf(1, 100)()).map((p) => ({ ...p, render: async () => page(randomBytes(3_000).toString('base64')) })),
    );
    await warmer.idle();
    expect(cache.usedBytes).toBeLessThanOrEqual(200_000);
    expect(warmer.warmed).toBeLessThan(100);
    const { warmer: many, rendered, pagesOf: pagesOf2 } = setup();
    for (let i = 0; i < MAX_ADDRESSES + 10; i++) many.visit(`${i}|http://s${i}.test`, i, pagesOf2(i, 1));
    await many.idle();
    expect(rendered).toHaveLength(MAX_ADDRESSES);
  });

  it('keeps nothing, and renders nothing ahead, while changes cannot be heard', async () => {
    const { versions, warmer, rendered, pagesOf } = setup();
    versions.setLive(false);
    warmer.visit('1|http://a.test', 1, pagesOf(1, 3));
    await warmer.idle();
    expect(rendered).toEqual([]);
  });
});
