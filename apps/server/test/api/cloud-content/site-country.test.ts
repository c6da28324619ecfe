/**
 * The public site (issue 14 §8): a visitor's country (the footer's choice, kept in a cookie, or a
 * trusted proxy's header) hides product categories limited to other countries, their subcategories
 * and their products everywhere they are listed; the page cache never hands one visitor's view to
 * another. zh-CN falls back to en-US products (labelled, canonical to en-US, hreflang of the real
 * translations only). A category's product filter sets its facets, their order and number buckets,
 * and each facet link's count is the number of products it leads to.
 */
import { contentCalls, richTextFromParagraphs } from '@portal/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const tr = (title: string, slug: string, summary = '') => ({
  title,
  slug,
  summary,
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  body: richTextFromParagraphs(summary ? [summary] : []),
});

describe('the country header is read only behind a trusted proxy', () => {
  it('ignores SITE_COUNTRY_HEADER without TRUST_PROXY=1', () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'site-country-'));
    try {
      expect(loadConfig({ DATA_DIR, SITE_COUNTRY_HEADER: 'cf-ipcountry' }).siteCountryHeader).toBeNull();
      expect(loadConfig({ DATA_DIR, TRUST_PROXY: '1', SITE_COUNTRY_HEADER: 'CF-IPCountry' }).siteCountryHeader).toBe('cf-ipcountry');
      expect(loadConfig({ DATA_DIR, TRUST_PROXY: '1', SITE_COUNTRY_HEADER: 'bad header:' }).siteCountryHeader).toBeNull();
      expect(loadConfig({ DATA_DIR, TRUST_PROXY: '1' }).siteCountryHeader).toBeNull();
    } finally {
      rmSync(DATA_DIR, { recursive: true, force: true });
    }
  });
});

describe.each(ENGINES)('site: visitor country, zh-CN fallback, product filters (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  const S = '/site/acme-country';
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers: { host: 'portal.test', ...headers } });
  const asIn = (country: string) => ({ cookie: `site_country=${country}` });
  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  async function create(
    type: string,
    shared: Record<string, unknown>,
    en: ReturnType<typeof tr>,
    release: Array<'en-US' | 'zh-CN'> = ['en-US'],
    zh?: ReturnType<typeof tr>,
  ) {
    let item = await ok(t.call(contentCalls.itemCreate, { type: type as never, shared, locale: 'en-US', translation: en }, owner));
    if (zh) item = await ok(t.call(contentCalls.itemSave, { id: item.id, version: item.version, locale: 'zh-CN', translation: zh }, owner));
    for (const l of release) await ok(t.call(contentCalls.itemOperate, { id: item.id, locale: l, action: 'release' }, owner));
    return item;
  }
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { TRUST_PROXY: '1', SITE_COUNTRY_HEADER: 'cf-ipcountry' } });
    owner = await t.login('owner-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Acme Country', slug: 'acme-country', domains: [] }, owner));
    const param = (key: string, en: string, zh: string, over: Record<string, unknown>) =>
      ok(t.call(contentCalls.paramSave, { key, names: { 'en-US': en, 'zh-CN': zh }, ...over } as never, owner));
    await param('form', 'Form factor', '外形', {
      type: 'enum',
      filterable: true,
      options: [
        { value: 'bullet', labels: { 'en-US': 'Bullet', 'zh-CN': '枪机' } },
        { value: 'dome', labels: { 'en-US': 'Dome', 'zh-CN': '半球' } },
      ],
    });
    await param('res', 'Resolution', '分辨率', { type: 'number', unit: 'MP', filterable: true });
    await param('poe', 'PoE', '以太网供电', { type: 'boolean', filterable: true });
    const both = (en: string, zh: string, slug: string, shared: Record<string, unknown> = {}) =>
      create('product_category', shared, tr(en, slug), ['en-US', 'zh-CN'], tr(zh, slug));
    ids.cameras = (await both('Cameras', '摄像机', 'cameras')).id;
    ids.china = (await both('China line', '国内系列', 'china-line', { countries: ['CN'] })).id;
    ids.chinaSub = (await both('China thermal', '国内热成像', 'china-thermal', { parentId: ids.china })).id;
    ids.west = (await both('Export line', '出口系列', 'export-line', { countries: ['US', 'DE'] })).id;
    const product = (model: string, categoryId: number, params: Record<string, unknown>, en: string, slug: string, zh?: string) =>
      create(
        'product',
        { model, categoryId, params },
        tr(en, slug, `${en} summary`),
        zh ? ['en-US', 'zh-CN'] : ['en-US'],
        zh ? tr(zh, slug, `${zh}简介`) : undefined,
      );
    ids.b2 = (await product('AV-B2', ids.cameras, { form: 'bullet', res: 2, poe: true }, 'Bullet B2', 'bullet-b2', '枪机B2')).id;
    ids.b4 = (await product('AV-B4', ids.cameras, { form: 'bullet', res: 4, poe: false }, 'Bullet B4', 'bullet-b4', '枪机B4')).id;
    ids.d8 = (await product('AV-D8', ids.cameras, { form: 'dome', res: 8, poe: true }, 'Dome D8', 'dome-d8')).id;
    ids.d12 = (await product('AV-D12', ids.cameras, { form: 'dome', res: 12 }, 'Dome D12', 'dome-d12', '半球D12')).id;
    ids.cn = (await product('AV-CN1', ids.china, { form: 'bullet', res: 4 }, 'Great Wall cam', 'great-wall', '长城摄像机')).id;
    ids.cnSub = (await product('AV-CNT', ids.chinaSub, { form: 'dome' }, 'Thermal CN', 'thermal-cn', '热成像CN')).id;
    ids.us = (await product('AV-US1', ids.west, { form: 'dome', res: 4 }, 'Liberty cam', 'liberty', '自由摄像机')).id;
    // The cameras' filter: resolution first, in buckets, then form factor (PoE is filterable but not chosen).
    await create(
      'product_filter',
      { categoryId: ids.cameras, facets: ['res', 'form'], buckets: { res: [4, 8] } },
      tr('Camera filter', ''),
      ['en-US', 'zh-CN'],
      tr('摄像机筛选', ''),
    );
  });
  afterAll(() => t?.close());

  describe('visitor country', () => {
    it('shows every category to a visitor whose country is unknown', async () => {
      const body = (await get(`${S}/en-US/products`)).body;
      for (const name of ['Cameras', 'China line', 'China thermal', 'Export line', 'Great Wall cam', 'Thermal CN', 'Liberty cam']) {
        expect(body, name).toContain(name);
      }
    });

    it('hides categories limited to other countries, their subcategories and products, from the footer choice', async () => {
      const us = (await get(`${S}/en-US/products`, asIn('US'))).body;
      expect(us).toContain('Liberty cam');
      expect(us).toContain('Export line');
      for (const name of ['China line', 'China thermal', 'Great Wall cam', 'Thermal CN']) expect(us, name).not.toContain(name);
      expect(us).toContain('All categories (5)');
      const cn = (await get(`${S}/en-US/products`, asIn('CN'))).body;
      for (const name of ['China line', 'China thermal', 'Great Wall cam', 'Thermal CN']) expect(cn, name).toContain(name);
      expect(cn).not.toContain('Liberty cam');
      // A country no category names sees none of the limited ones.
      const fr = (await get(`${S}/en-US/products`, asIn('FR'))).body;
      expect(fr).not.toContain('Liberty cam');
      expect(fr).not.toContain('Great Wall cam');
      expect(fr).toContain('All categories (4)');
    });

    it('hides them on their own pages, the home page, compare and search too', async () => {
      expect((await get(`${S}/en-US/products/great-wall`, asIn('US'))).statusCode).toBe(404);
      expect((await get(`${S}/en-US/products?category=${ids.china}`, asIn('US'))).statusCode).toBe(404);
      expect((await get(`${S}/en-US/products?category=${ids.chinaSub}`, asIn('DE'))).statusCode).toBe(404);
      expect((await get(`${S}/en-US/products/great-wall`, asIn('CN'))).statusCode).toBe(200);
      expect((await get(`${S}/en-US/products/great-wall`)).statusCode).toBe(200);
      expect((await get(`${S}/en-US/`, asIn('US'))).body).not.toContain('Great Wall cam');
      expect((await get(`${S}/en-US/`, asIn('CN'))).body).toContain('Great Wall cam');
      const compare = (await get(`${S}/en-US/compare?ids=${ids.cn},${ids.b2}`, asIn('US'))).body;
      expect(compare).toContain('Bullet B2');
      expect(compare).not.toContain('Great Wall cam');
      expect((await get(`${S}/en-US/search?q=AV-CN1`, asIn('US'))).body).not.toContain('Great Wall cam');
      expect((await get(`${S}/en-US/search?q=AV-CN1`, asIn('CN'))).body).toContain('Great Wall cam');
    });

    it("reads a trusted proxy's header; the visitor's own choice comes first", async () => {
      const us = (await get(`${S}/en-US/products`, { 'cf-ipcountry': 'US' })).body;
      expect(us).not.toContain('Great Wall cam');
      expect(us).toContain('Liberty cam');
      const chosen = (await get(`${S}/en-US/products`, { 'cf-ipcountry': 'US', cookie: 'site_country=CN' })).body;
      expect(chosen).toContain('Great Wall cam');
      expect(chosen).not.toContain('Liberty cam');
      // Anything but a two-letter code is no country.
      expect((await get(`${S}/en-US/products`, { 'cf-ipcountry': 'XX1' })).body).toContain('Great Wall cam');
    });

    it("never hands one visitor's cached page to another, and tells shared caches it varies", async () => {
      const path = `${S}/en-US/products?sort=model`;
      for (let round = 0; round < 2; round++) {
        const cn = await get(path, asIn('CN'));
        const us = await get(path, asIn('US'));
        const anyone = await get(path);
        const de = await get(path, { 'cf-ipcountry': 'DE' });
        expect(cn.body).toContain('Great Wall cam');
        expect(cn.body).not.toContain('Liberty cam');
        expect(us.body).not.toContain('Great Wall cam');
        expect(us.body).toContain('Liberty cam');
        expect(anyone.body).toContain('Great Wall cam');
        expect(anyone.body).toContain('Liberty cam');
        expect(de.body).toContain('Liberty cam');
        expect(de.body).not.toContain('Great Wall cam');
        for (const r of [cn, us, anyone, de]) expect(String(r.headers.vary)).toMatch(/cookie, cf-ipcountry/);
      }
    });

    it('keeps the footer choice in a cookie for this site and returns to the page, never elsewhere', async () => {
      const back = `${S}/en-US/products?category=${ids.cameras}`;
      const r = await get(`${S}/en-US/country?c=cn&back=${encodeURIComponent(back)}`);
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe(back);
      expect(String(r.headers['set-cookie'])).toMatch(
        /^site_country=CN; Max-Age=31536000; Path=\/site\/acme-country\/; SameSite=Lax; HttpOnly/,
      );
      expect(r.headers['cache-control']).toBe('no-store');
      for (const evil of ['https://evil.test/', '//evil.test/x', '/site/other/en-US/', `${S}/en-US/\\evil`]) {
        const e = await get(`${S}/en-US/country?c=US&back=${encodeURIComponent(evil)}`);
        expect(e.headers.location, evil).toBe(`${S}/en-US/`);
      }
      const clear = await get(`${S}/zh-CN/country?c=&back=${encodeURIComponent(`${S}/zh-CN/`)}`);
      expect(String(clear.headers['set-cookie'])).toMatch(/^site_country=; Max-Age=0;/);
    });

    it('shows a localized country chooser in the footer (a GET form, no script)', async () => {
      const en = (await get(`${S}/en-US/products`, asIn('DE'))).body;
      expect(en).toContain(`<form class="country" action="${S}/en-US/country" method="get">`);
      expect(en).toContain('<label for="site-country">Country or region</label>');
      expect(en).toContain('<option value="DE" selected="">Germany</option>');
      expect(en).toContain('<option value="CN">China</option>');
      expect(en).toContain(`<input type="hidden" name="back" value="${S}/en-US/products"/>`);
      const zh = (await get(`${S}/zh-CN/products`, asIn('FR'))).body;
      expect(zh).toContain('<label for="site-country">国家/地区</label>');
      expect(zh).toContain('<option value="ZZ" selected="">其他国家和地区</option>');
      expect(zh).toContain('<option value="US">美国</option>');
      expect(zh).not.toContain('<script>');
    });
  });

  describe('zh-CN falls back to en-US products', () => {
    it('lists a product without a zh-CN translation from its English, labelled', async () => {
      const body = (await get(`${S}/zh-CN/products?category=${ids.cameras}`)).body;
      expect(body).toContain('枪机B2');
      expect(body).toContain(`<a href="${S}/zh-CN/products/dome-d8" lang="en-US">Dome D8</a> <span class="tag">以英文显示</span>`);
      expect(body).toContain('<p lang="en-US">Dome D8 summary</p>');
      expect(body).toContain('共4个产品');
    });

    it('shows its English page at the zh-CN address, labelled, canonical to en-US, hreflang of real translations', async () => {
      const r = await get(`${S}/zh-CN/products/dome-d8`);
      expect(r.statusCode).toBe(200);
      const body = r.body;
      expect(body).toContain('<html lang="zh-CN">');
      expect(body).toContain('<h1 lang="en-US">Dome D8</h1>');
      expect(body).toContain('<span class="tag">以英文显示</span>');
      expect(body).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/products/dome-d8"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="en-US" href="http://portal.test${S}/en-US/products/dome-d8"/>`);
      expect(body).toContain(`<link rel="alternate" hrefLang="x-default" href="http://portal.test${S}/en-US/products/dome-d8"/>`);
      expect(body).not.toContain('hrefLang="zh-CN"');
      // The page's own words stay Chinese.
      expect(body).toContain('规格参数');
      // A product released in zh-CN is never shown in English at its en-US address.
      expect((await get(`${S}/zh-CN/products/nope`)).statusCode).toBe(404);
      const en = (await get(`${S}/en-US/products/dome-d8`)).body;
      expect(en).not.toContain('Shown in English');
      expect(en).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/products/dome-d8"/>`);
    });

    it('finds it in a zh-CN search by its English text or model, labelled, linking its zh-CN address', async () => {
      const body = (await get(`${S}/zh-CN/search?q=${encodeURIComponent('Dome D8')}`)).body;
      expect(body).toContain(`<a href="${S}/zh-CN/products/dome-d8" lang="en-US">Dome D8</a>`);
      expect(body).toMatch(/Dome D8<\/a> <span class="muted">AV-D8<\/span> <span class="tag">以英文显示<\/span>/);
      expect(body).toContain('<span class="muted" lang="en-US">Dome D8 summary</span>');
      const byModel = (await get(`${S}/zh-CN/search?q=D8`)).body;
      expect(byModel).toContain(`${S}/zh-CN/products/dome-d8`);
      // A product with a zh-CN translation is found by it, never again in English.
      const own = (await get(`${S}/zh-CN/search?q=D12`)).body;
      expect(own).toContain(`<a href="${S}/zh-CN/products/dome-d12">半球D12</a>`);
      expect(own).not.toContain('Dome D12');
      expect(own).not.toContain('以英文显示');
      // A visitor whose country hides the category does not find it either way.
      expect((await get(`${S}/zh-CN/search?q=AV-US1`, asIn('CN'))).body).not.toContain('liberty');
      // en-US search marks nothing.
      expect((await get(`${S}/en-US/search?q=D8`)).body).not.toContain('Shown in English');
    });

    it("shows it among the home page's products in zh-CN, labelled, and its hot product entry too", async () => {
      const home = (await get(`${S}/zh-CN/`)).body;
      expect(home).toContain(`<a href="${S}/zh-CN/products/dome-d8" lang="en-US">Dome D8</a> <span class="tag">以英文显示</span>`);
      expect(home).toContain(`<a href="${S}/zh-CN/products/bullet-b2">枪机B2</a>`);
      expect(home).not.toContain('Bullet B2');
      expect((await get(`${S}/en-US/`)).body).not.toContain('Shown in English');
      // Hot products chosen: the English one is shown from its en-US translation, in the chosen order.
      await create('hot_product', { targetId: ids.d8 }, tr('Hot D8', ''), ['en-US', 'zh-CN'], tr('热门D8', ''));
      await create('hot_product', { targetId: ids.b4 }, tr('Hot B4', ''), ['en-US', 'zh-CN'], tr('热门B4', ''));
      const hot = (await get(`${S}/zh-CN/`)).body;
      const d8 = hot.indexOf(`<a href="${S}/zh-CN/products/dome-d8" lang="en-US">Dome D8</a> <span class="tag">以英文显示</span>`);
      const b4 = hot.indexOf(`<a href="${S}/zh-CN/products/bullet-b4">枪机B4</a>`);
      expect(d8).toBeGreaterThan(0);
      expect(b4).toBeGreaterThan(d8);
      expect(hot).not.toContain('枪机B2');
      const enHot = (await get(`${S}/en-US/`)).body;
      expect(enHot).toContain(`<a href="${S}/en-US/products/dome-d8">Dome D8</a>`);
      expect(enHot).not.toContain('Shown in English');
    });

    it('is not in the sitemap at its zh-CN address', async () => {
      const map = (await get(`${S}/sitemap.xml`)).body;
      expect(map).toContain(`${S}/en-US/products/dome-d8`);
      expect(map).not.toContain(`${S}/zh-CN/products/dome-d8`);
    });
  });

  describe('product filters', () => {
    const countOf = (body: string) => Number(/role="status">(\d+) products/.exec(body)?.[1] ?? /共(\d+)个产品/.exec(body)?.[1]);
    const facetLinks = (body: string) =>
      [...body.matchAll(/<li><a href="([^"]+)"( aria-current="true")?>(?:✓ )?([^<(]+) \((\d+)\)<\/a><\/li>/g)]
        .map((m) => ({ href: m[1]!.replace(/&amp;/g, '&'), on: !!m[2], label: m[3]!, n: Number(m[4]) }))
        .filter((l) => l.href.includes('f.'));

    it("sets the category's facets, their order and number buckets", async () => {
      const body = (await get(`${S}/en-US/products?category=${ids.cameras}`)).body;
      const aside = body.split('<aside')[1]!.split('</aside>')[0]!;
      expect(aside.indexOf('<h2>Resolution</h2>')).toBeGreaterThan(0);
      expect(aside.indexOf('<h2>Resolution</h2>')).toBeLessThan(aside.indexOf('<h2>Form factor</h2>'));
      expect(aside).not.toContain('<h2>PoE</h2>');
      expect(aside).toContain('Under 4 MP (1)');
      expect(aside).toContain('4 MP to under 8 MP (1)');
      expect(aside).toContain('8 MP and over (2)');
      expect(aside).toContain(`href="${S}/en-US/products?category=${ids.cameras}&amp;f.res=8..">`);
      const zh = (await get(`${S}/zh-CN/products?category=${ids.cameras}`)).body;
      expect(zh).toContain('4 MP以下 (1)');
      expect(zh).toContain('8 MP及以上 (2)');
      // Without a filter (all products): the filterable option parameters, in definition order.
      const all = (await get(`${S}/en-US/products`)).body.split('<aside')[1]!.split('</aside>')[0]!;
      expect(all).toContain('<h2>Form factor</h2>');
      expect(all).toContain('<h2>PoE</h2>');
      expect(all).not.toContain('<h2>Resolution</h2>');
    });

    it('counts on every facet link the products it leads to, combined with other choices', async () => {
      for (const start of [
        `${S}/en-US/products?category=${ids.cameras}`,
        `${S}/en-US/products?category=${ids.cameras}&f.form=dome`,
        `${S}/en-US/products?category=${ids.cameras}&f.res=8..`,
        `${S}/zh-CN/products?category=${ids.cameras}&f.res=..4`,
        `${S}/en-US/products?f.poe=true`,
      ]) {
        const here = (await get(start)).body;
        const links = facetLinks(here);
        expect(links.length, start).toBeGreaterThan(0);
        for (const l of links) {
          // A chosen value counts the products shown here (its link takes it off); any other, the products its link shows.
          const n = l.on ? countOf(here) : countOf((await get(l.href)).body);
          expect(n, `${start} → ${l.label}`).toBe(l.n);
        }
      }
      const dome8 = (await get(`${S}/en-US/products?category=${ids.cameras}&f.form=dome&f.res=8..`)).body;
      expect(countOf(dome8)).toBe(2);
      expect(dome8).toContain('Dome D8');
      expect(dome8).toContain('Dome D12');
      // A bucket the filter does not define is no filter.
      expect(countOf((await get(`${S}/en-US/products?category=${ids.cameras}&f.res=1..3`)).body)).toBe(4);
    });

    it('refuses buckets out of order', async () => {
      const r = await t.call(
        contentCalls.itemCreate,
        {
          type: 'product_filter',
          shared: { categoryId: ids.cameras, facets: ['res'], buckets: { res: [8, 4] } },
          locale: 'en-US',
          translation: tr('Bad filter', ''),
        } as never,
        owner,
      );
      expect(r.basic.code).not.toBe(200);
      expect(r.basic.msg).toContain('each larger than the one before');
    });
  });
});
