/**
 * The public site (issue 14 §8-9): served at /site/<slug>/ on any host and at the root of a site
 * domain; status codes (302 to the locale, 404 for unknown sites, locales, pages and drafts),
 * canonical and hreflang, facets as GET links with counts, sitemap.xml and robots.txt, terms with
 * the built-in text until the brand releases its own, and no draft ever leaking.
 */
import { contentCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const tr = (title: string, slug: string, over: Record<string, unknown> = {}) => ({
  title,
  slug,
  summary: '',
  body: { type: 'doc' as const, content: [] },
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  ...over,
});

describe.each(ENGINES)('public site (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  const get = (path: string, host = 'portal.test') => t.app.inject({ method: 'GET', url: path, headers: { host } });
  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  async function create(
    type: string,
    shared: Record<string, unknown>,
    title: string,
    slug: string,
    release: Array<'en-US' | 'zh-CN'> = ['en-US'],
    zh?: string,
    over: Record<string, unknown> = {},
  ) {
    let item = await ok(
      t.call(contentCalls.itemCreate, { type: type as never, shared, locale: 'en-US', translation: tr(title, slug, over) }, owner),
    );
    if (zh)
      item = await ok(
        t.call(contentCalls.itemSave, { id: item.id, version: item.version, locale: 'zh-CN', translation: tr(zh, `${slug}-zh`) }, owner),
      );
    for (const l of release) await ok(t.call(contentCalls.itemOperate, { id: item.id, locale: l, action: 'release' }, owner));
    return item;
  }

  let cameras: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Acme Test', slug: 'acme-test', domains: ['www.acme.test'] }, owner));
    await ok(
      t.call(
        contentCalls.paramSave,
        {
          key: 'form',
          names: { 'en-US': 'Form factor', 'zh-CN': '外形' },
          type: 'enum',
          filterable: true,
          options: [
            { value: 'bullet', labels: { 'en-US': 'Bullet', 'zh-CN': '枪机' } },
            { value: 'dome', labels: { 'en-US': 'Dome', 'zh-CN': '半球' } },
          ],
        },
        owner,
      ),
    );
    cameras = (await create('product_category', {}, 'Cameras', 'cameras', ['en-US', 'zh-CN'], '摄像机')).id;
    const nvrs = (await create('product_category', {}, 'Recorders', 'recorders')).id;
    await create(
      'product',
      { model: 'AV-B1', categoryId: cameras, params: { form: 'bullet' } },
      'Bullet One',
      'bullet-one',
      ['en-US', 'zh-CN'],
      '枪机一号',
    );
    await create('product', { model: 'AV-D1', categoryId: cameras, params: { form: 'dome' } }, 'Dome One', 'dome-one');
    await create('product', { model: 'AV-N1', categoryId: nvrs }, 'Recorder One', 'recorder-one');
    await create('product', { model: 'AV-SECRET', categoryId: cameras, params: { form: 'dome' } }, 'Secret Draft', 'secret-draft', []);
    await create('news', {}, 'Launch news', 'launch');
    await create('news', {}, 'Draft news', 'draft-news', []);
  });
  afterAll(() => t?.close());

  it('answers status codes: redirect to the locale, 404 for unknown sites, locales, pages and drafts', async () => {
    const root = await get('/site/acme-test/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/site/acme-test/en-US/');
    expect((await get('/site/acme-test/en-US/')).statusCode).toBe(200);
    expect((await get('/site/acme-test/zh-CN/')).statusCode).toBe(200);
    for (const path of [
      '/site/no-such-site/en-US/',
      '/site/acme-test/fr-FR/',
      '/site/acme-test/en-US/nowhere',
      '/site/acme-test/en-US/products/no-such-product',
      '/site/acme-test/en-US/products/secret-draft',
      '/site/acme-test/en-US/news/draft-news',
      '/site/acme-test/en-US/products?category=999999',
    ]) {
      const r = await get(path);
      expect(r.statusCode, path).toBe(404);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<meta name="robots" content="noindex"/>');
    }
    // Only en-US released: zh-CN shows the English page, canonical to en-US (issue 14 §8).
    const dome = await get('/site/acme-test/zh-CN/products/dome-one');
    expect(dome.statusCode).toBe(200);
    expect(dome.body).toContain('<link rel="canonical" href="http://portal.test/site/acme-test/en-US/products/dome-one"/>');
  });

  it('leaks no draft: not on lists, home, sitemap, facets', async () => {
    for (const path of [
      '/site/acme-test/en-US/',
      '/site/acme-test/en-US/products',
      '/site/acme-test/en-US/news',
      '/site/acme-test/sitemap.xml',
    ]) {
      const body = (await get(path)).body;
      expect(body, path).not.toContain('Secret Draft');
      expect(body, path).not.toContain('secret-draft');
      expect(body, path).not.toContain('Draft news');
    }
    // The draft dome does not count in the Dome facet.
    expect((await get(`/site/acme-test/en-US/products?category=${cameras}`)).body).toContain('Dome (1)');
  });

  it('filters by category and parameter through GET links with counts; the canonical drops the filters', async () => {
    const all = await get('/site/acme-test/en-US/products');
    expect(all.body).toContain('3 products');
    expect(all.body).toContain(`href="/site/acme-test/en-US/products?category=${cameras}"`);
    const cat = await get(`/site/acme-test/en-US/products?category=${cameras}`);
    expect(cat.body).toContain('2 products');
    expect(cat.body).toContain('Bullet (1)');
    expect(cat.body).toContain(`href="/site/acme-test/en-US/products?category=${cameras}&amp;f.form=dome"`);
    const dome = await get(`/site/acme-test/en-US/products?category=${cameras}&f.form=dome`);
    expect(dome.body).toContain('1 products');
    expect(dome.body).toContain('Dome One');
    expect(dome.body).not.toContain('Bullet One');
    expect(dome.body).toContain(`<link rel="canonical" href="http://portal.test/site/acme-test/en-US/products?category=${cameras}"/>`);
    expect(dome.body).toContain('<meta name="robots" content="noindex"/>');
    const zh = await get(`/site/acme-test/zh-CN/products?category=${cameras}`);
    expect(zh.body).toContain('枪机 (1)');
    // Dome One has only en-US released: zh-CN lists it from English, labelled (issue 14 §8).
    expect(zh.body).toContain('共2个产品');
    expect(zh.body).toContain(
      '<a href="/site/acme-test/zh-CN/products/dome-one" lang="en-US">Dome One</a> <span class="tag">以英文显示</span>',
    );
  });

  it('gives each page its canonical and hreflang alternates with x-default, and JSON-LD', async () => {
    const en = (await get('/site/acme-test/en-US/products/bullet-one')).body;
    expect(en).toContain('<link rel="canonical" href="http://portal.test/site/acme-test/en-US/products/bullet-one"/>');
    expect(en).toContain('<link rel="alternate" hrefLang="en-US" href="http://portal.test/site/acme-test/en-US/products/bullet-one"/>');
    expect(en).toContain('<link rel="alternate" hrefLang="zh-CN" href="http://portal.test/site/acme-test/zh-CN/products/bullet-one-zh"/>');
    expect(en).toContain('<link rel="alternate" hrefLang="x-default" href="http://portal.test/site/acme-test/en-US/products/bullet-one"/>');
    expect(en).toContain('"@type":"Product"');
    expect(en).toContain('"@type":"BreadcrumbList"');
    expect(en).toContain('<html lang="en-US">');
    const zh = (await get('/site/acme-test/zh-CN/products/bullet-one-zh')).body;
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('枪机一号');
    // Only en-US released: no zh-CN alternate.
    const dome = (await get('/site/acme-test/en-US/products/dome-one')).body;
    expect(dome).not.toContain('hrefLang="zh-CN" href="http://portal.test/site/acme-test/zh-CN/products/');
  });

  it('serves the site at the root of its domain, with robots.txt and sitemap.xml', async () => {
    const root = await get('/', 'www.acme.test');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/en-US/');
    const home = await get('/en-US/', 'www.acme.test');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="http://www.acme.test/en-US/"/>');
    const robots = await get('/robots.txt', 'www.acme.test');
    expect(robots.body).toContain('Sitemap: http://www.acme.test/sitemap.xml');
    const map = await get('/sitemap.xml', 'www.acme.test');
    expect(map.headers['content-type']).toContain('application/xml');
    expect(map.body).toContain('<loc>http://www.acme.test/en-US/products/bullet-one</loc>');
    expect(map.body).toContain('hreflang="zh-CN" href="http://www.acme.test/zh-CN/products/bullet-one-zh"');
    expect(map.body).toContain('<loc>http://www.acme.test/en-US/news/launch</loc>');
    expect(map.body).not.toContain('dome-one-zh');
    // A page whose canonical is another address is left out; one canonical to itself stays.
    await create('news', {}, 'Syndicated news', 'syndicated', ['en-US'], undefined, { canonical: 'https://press.example.com/original' });
    await create('news', {}, 'Self news', 'self-news', ['en-US'], undefined, { canonical: 'http://www.acme.test/en-US/news/self-news' });
    const again = (await get('/sitemap.xml', 'www.acme.test')).body;
    expect(again).not.toContain('/news/syndicated');
    expect(again).toContain('<loc>http://www.acme.test/en-US/news/self-news</loc>');
    expect((await get('/en-US/news/syndicated', 'www.acme.test')).body).toContain(
      '<link rel="canonical" href="https://press.example.com/original"/>',
    );
    expect((await get('/en-US/products/nope', 'www.acme.test')).statusCode).toBe(404);
    // The API stays the portal's on a site domain.
    expect((await get('/api/health', 'www.acme.test')).statusCode).toBe(200);
  });

  it("shows the built-in terms until the brand releases its own, then the brand's", async () => {
    const builtIn = await get('/site/acme-test/en-US/terms/privacy');
    expect(builtIn.statusCode).toBe(200);
    expect(builtIn.body).toContain('Privacy policy');
    await create('terms', { termType: 'privacy', effectiveDate: '2026-01-01' }, 'Acme privacy', '');
    const own = await get('/site/acme-test/en-US/terms/privacy');
    expect(own.body).toContain('Acme privacy');
    expect(own.body).toContain('2026-01-01');
    expect((await get('/site/acme-test/en-US/terms/other')).statusCode).toBe(404);
    // The portal's /term/{type} reads the host brand's released text, as plain paragraphs.
    const terms = await ok(t.call(contentCalls.publicTerms, { host: 'www.acme.test', type: 'privacy' }, null));
    expect(terms.terms).toEqual({ title: 'Acme privacy', effectiveDate: '2026-01-01', paragraphs: [] });
    expect((await ok(t.call(contentCalls.publicTerms, { host: 'www.acme.test', type: 'service' }, null))).terms).toBeNull();
    expect((await ok(t.call(contentCalls.publicTerms, { host: 'unknown.test', type: 'privacy' }, null))).terms).toBeNull();
  });
});
