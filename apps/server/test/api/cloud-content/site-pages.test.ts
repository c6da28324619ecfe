/**
 * The public site's newer pages (issue 14 §8-10): solutions, videos and technical videos
 * (click-to-load players), compare (differences only), support (FAQ by type, manuals, technical
 * videos), search (full text and pg_trgm: a model's part, a Chinese substring, a parameter value or
 * an option's label), signed preview links (valid, expired, tampered, another tenant's), each page's
 * canonical, hreflang and JSON-LD, no draft anywhere, and an XSS corpus rendered inert.
 */
import { contentCalls, richTextFromParagraphs } from '@portal/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

/** A body written as simple HTML in these tests becomes the Tiptap document of its text. */
const doc = (html: string) => richTextFromParagraphs(html ? [html.replace(/<[^>]*>/g, '')] : []);
const tr = (title: string, slug: string, over: Record<string, unknown> = {}) => ({
  title,
  slug,
  summary: '',
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  ...over,
  body: doc(typeof over.body === 'string' ? over.body : ''),
});

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '</script><script>alert(1)</script>',
].join('');

/** No live markup from the corpus: only JSON-LD scripts, no event attribute, no javascript: link, no SVG. */
function expectInert(body: string) {
  const scripts = body.match(/<script[^>]*>/g) ?? [];
  expect(scripts.every((s) => s === '<script type="application/ld+json">')).toBe(true);
  expect(body).not.toMatch(/<img src=x|<svg|href="javascript:/i);
  const tags = (body.match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
  expect(tags.filter((tag) => /\son\w+=/i.test(tag))).toEqual([]);
  const ld = body
    .split('<script type="application/ld+json">')
    .slice(1)
    .map((s) => s.split('</script>')[0]!);
  for (const block of ld) expect(block).not.toContain('<');
}

const jsonLdOf = (body: string): Array<Record<string, unknown>> =>
  body
    .split('<script type="application/ld+json">')
    .slice(1)
    .map((s) => JSON.parse(s.split('</script>')[0]!) as Record<string, unknown>);

describe.each(ENGINES)('public site pages (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  const S = '/site/acme-pages';
  const get = (path: string, host = 'portal.test') => t.app.inject({ method: 'GET', url: path, headers: { host } });
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
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Acme Pages', slug: 'acme-pages', domains: [] }, owner));
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
    await param('res', 'Resolution', '分辨率', { type: 'number', unit: 'MP' });
    await param('lens', 'Lens', '镜头', { type: 'text' });
    await param('batch', 'Batch code', '批次', { type: 'text', comparable: false });
    const cameras = await create('product_category', {}, tr('Cameras', 'cameras'), ['en-US', 'zh-CN'], tr('摄像机', 'cameras'));
    ids.b4 = (
      await create(
        'product',
        { model: 'AV-IPC-B4', categoryId: cameras.id, params: { form: 'bullet', res: 4, lens: '2.8mm', batch: 'K1' } },
        tr('Bullet B4', 'bullet-b4', { summary: 'Starlight bullet camera' }),
        ['en-US', 'zh-CN'],
        tr('枪型网络摄像机', 'bullet-b4', { summary: '星光级枪机' }),
      )
    ).id;
    ids.e8 = (
      await create(
        'product',
        { model: 'AV-IPC-E8', categoryId: cameras.id, params: { form: 'dome', res: 8, lens: '2.8mm', batch: 'K2' } },
        tr('Eyeball E8', 'eyeball-e8'),
      )
    ).id;
    ids.draftProduct = (
      await create(
        'product',
        { model: 'AV-IPC-B4X', categoryId: cameras.id, params: { form: 'dome' } },
        tr('Hidden Draft', 'hidden-draft'),
        [],
      )
    ).id;
    const retail = await create('solution_category', {}, tr('Retail', ''), ['en-US', 'zh-CN'], tr('零售', ''));
    ids.retail = retail.id;
    ids.solution = (
      await create(
        'solution',
        { categoryId: retail.id, relatedIds: [ids.b4] },
        tr('Smart retail', 'smart-retail', { summary: XSS, body: '<p>Cameras for every aisle.</p>' }),
        ['en-US', 'zh-CN'],
        tr('智慧零售', 'smart-retail', { summary: '门店方案' }),
      )
    ).id;
    await create('solution', { categoryId: retail.id }, tr('Secret plan', 'secret-plan'), []);
    ids.video = (
      await create(
        'video',
        { videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk', cover: '/files/cover.jpg' },
        tr('Product tour', 'tour', { summary: 'A tour of the range' }),
      )
    ).id;
    await create('video', { videoUrl: 'https://www.youtube.com/watch?v=zzzzzzzzzzz' }, tr('Draft video', 'draft-video'), []);
    ids.tech = (await create('tech_video', { videoUrl: '/files/setup.mp4', relatedIds: [ids.b4] }, tr('Setup guide', ''))).id;
    const install = await create('faq_type', { cover: '/files/faq-install.png' }, tr('Installation', ''));
    await create(
      'installer_faq',
      { faqTypeId: install.id, audience: 'site' },
      tr('How to reset', '', { body: '<p>Hold the reset button.</p>' }),
    );
    await create('installer_faq', { faqTypeId: install.id, audience: 'installer' }, tr('Installer only question', ''));
    await create('installer_faq', { faqTypeId: install.id, audience: 'both' }, tr('Draft question', ''), []);
    await create('manual', { fileUrl: '/files/b4.pdf', folder: 'Datasheets', publicAccess: true }, tr('B4 datasheet', ''));
    await create(
      'news',
      {},
      tr('Launch event', 'launch', { summary: XSS }),
      ['en-US', 'zh-CN'],
      tr('新品发布会', 'launch', { summary: '年度新品' }),
    );
  });
  afterAll(() => t?.close());

  it('answers 200 on every new page and 404 on drafts, unknown addresses and unreleased locales', async () => {
    for (const path of [
      `${S}/en-US/solutions`,
      `${S}/en-US/solutions?category=${ids.retail}`,
      `${S}/en-US/solutions/smart-retail`,
      `${S}/zh-CN/solutions/smart-retail`,
      `${S}/en-US/videos`,
      `${S}/en-US/videos/tour`,
      `${S}/en-US/tech-videos`,
      `${S}/en-US/tech-videos/${ids.tech}`,
      `${S}/en-US/compare`,
      `${S}/en-US/compare?ids=${ids.b4},${ids.e8}`,
      `${S}/en-US/search`,
      `${S}/en-US/search?q=B4`,
      `${S}/zh-CN/search?q=${encodeURIComponent('网络')}`,
      `${S}/en-US/support`,
      `${S}/zh-CN/support`,
    ]) {
      const r = await get(path);
      expect(r.statusCode, path).toBe(200);
      expect(r.headers['content-type'], path).toContain('text/html');
    }
    for (const path of [
      `${S}/en-US/solutions/secret-plan`,
      `${S}/en-US/solutions?category=999999`,
      `${S}/en-US/videos/draft-video`,
      `${S}/zh-CN/videos/tour`,
      `${S}/en-US/tech-videos/999999`,
      `${S}/en-US/tech-videos/nope`,
      `${S}/en-US/videos/tour/extra`,
      `${S}/en-US/products/hidden-draft`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });

  it('leaks no draft on any new page, in search or in the sitemap', async () => {
    const pages = [
      `${S}/en-US/solutions`,
      `${S}/en-US/videos`,
      `${S}/en-US/support`,
      `${S}/en-US/compare?ids=${ids.b4},${ids.draftProduct}`,
      `${S}/en-US/search?q=Draft`,
      `${S}/en-US/search?q=Secret`,
      `${S}/en-US/search?q=B4`,
      `${S}/en-US/search?q=question`,
      `${S}/sitemap.xml`,
    ];
    for (const path of pages) {
      const body = (await get(path)).body;
      for (const secret of ['Hidden Draft', 'AV-IPC-B4X', 'Secret plan', 'secret-plan', 'Draft video', 'draft-video', 'Draft question']) {
        expect(body, `${path}: ${secret}`).not.toContain(secret);
      }
      // An installer-only question stays in the portal.
      expect(body, path).not.toContain('Installer only question');
    }
  });

  it('gives each page a title, description, canonical, hreflang with x-default and JSON-LD', async () => {
    const sol = (await get(`${S}/en-US/solutions/smart-retail`)).body;
    expect(sol).toContain('<title>Smart retail | Acme Pages</title>');
    expect(sol).toContain('<meta name="description"');
    expect(sol).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/solutions/smart-retail"/>`);
    expect(sol).toContain(`<link rel="alternate" hrefLang="zh-CN" href="http://portal.test${S}/zh-CN/solutions/smart-retail"/>`);
    expect(sol).toContain(`<link rel="alternate" hrefLang="x-default" href="http://portal.test${S}/en-US/solutions/smart-retail"/>`);
    expect(sol).toContain('Bullet B4'); // its related product
    expect(jsonLdOf(sol).map((x) => x['@type'])).toContain('BreadcrumbList');

    const video = (await get(`${S}/en-US/videos/tour`)).body;
    expect(video).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/videos/tour"/>`);
    expect(video).toContain(`<link rel="alternate" hrefLang="x-default" href="http://portal.test${S}/en-US/videos/tour"/>`);
    expect(video).not.toContain('hrefLang="zh-CN" href="http://portal.test/site/acme-pages/zh-CN/videos/');
    const vo = jsonLdOf(video).find((x) => x['@type'] === 'VideoObject')!;
    expect(vo).toMatchObject({
      name: 'Product tour',
      description: 'A tour of the range',
      thumbnailUrl: ['http://portal.test/files/cover.jpg'],
    });
    expect(vo.uploadDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const tech = (await get(`${S}/en-US/tech-videos/${ids.tech}`)).body;
    expect(tech).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/tech-videos/${ids.tech}"/>`);
    expect(jsonLdOf(tech).find((x) => x['@type'] === 'VideoObject')).toMatchObject({ contentUrl: 'http://portal.test/files/setup.mp4' });

    const support = (await get(`${S}/en-US/support`)).body;
    const faq = jsonLdOf(support).find((x) => x['@type'] === 'FAQPage')!;
    expect(faq.mainEntity).toEqual([
      { '@type': 'Question', name: 'How to reset', acceptedAnswer: { '@type': 'Answer', text: 'Hold the reset button.' } },
    ]);
    expect(support).toContain('<img class="faq-icon" src="/files/faq-install.png" alt="" width="18" height="18" loading="lazy"/>');
    expect(support).toContain(
      '<h3><img class="faq-icon" src="/files/faq-install.png" alt="" width="18" height="18" loading="lazy"/>Installation</h3>',
    );
    expect(support).toContain('href="/files/b4.pdf"');
    expect(support).toContain(`href="${S}/en-US/tech-videos/${ids.tech}"`);
    expect(support).toContain(`<link rel="alternate" hrefLang="zh-CN" href="http://portal.test${S}/zh-CN/support"/>`);
    const zhSupport = (await get(`${S}/zh-CN/support`)).body;
    expect(zhSupport).toContain('<h2>常见问题</h2>');
    expect(zhSupport).toContain('<html lang="zh-CN">');

    const news = (await get(`${S}/zh-CN/news/launch`)).body;
    expect(jsonLdOf(news).find((x) => x['@type'] === 'NewsArticle')).toMatchObject({ headline: '新品发布会' });

    const list = (await get(`${S}/zh-CN/solutions?category=${ids.retail}`)).body;
    expect(list).toContain('<h1>零售</h1>');
    expect(list).toContain(`<link rel="canonical" href="http://portal.test${S}/zh-CN/solutions?category=${ids.retail}"/>`);
    expect(list).toContain('智慧零售');

    // Every page carries the search box, in its locale.
    expect(sol).toContain(`<form class="search" role="search" action="${S}/en-US/search" method="get">`);
    expect(zhSupport).toContain('站内搜索');
  });

  it('loads a video player only after a click: a plain GET link, no third-party frame before', async () => {
    const page = (await get(`${S}/en-US/videos/tour`)).body;
    // (JSON-LD names the embed URL as data; nothing loads it.)
    expect(page).not.toMatch(/<iframe|<video|<script src|<object|<embed/);
    expect(page).not.toMatch(/src="https?:\/\/(?!portal\.test)/);
    expect(page).toContain(`href="${S}/en-US/videos/tour?play=1"`);
    expect(page).toContain('href="https://www.youtube.com/watch?v=abcdefghijk"');
    const playing = (await get(`${S}/en-US/videos/tour?play=1`)).body;
    expect(playing).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1" title="Product tour"');
    // The canonical stays the page itself.
    expect(playing).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/videos/tour"/>`);
    const tech = (await get(`${S}/en-US/tech-videos/${ids.tech}?play=1`)).body;
    expect(tech).toContain('<video src="/files/setup.mp4" controls');
  });

  it('compares up to four products, differences only, with a link to show all', async () => {
    const r = await get(`${S}/en-US/compare?ids=${ids.b4},${ids.e8}`);
    const body = r.body;
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain(`<link rel="canonical" href="http://portal.test${S}/en-US/compare?ids=${ids.b4},${ids.e8}"/>`);
    expect(body).toContain(`<link rel="alternate" hrefLang="zh-CN" href="http://portal.test${S}/zh-CN/compare?ids=${ids.b4},${ids.e8}"/>`);
    expect(body).toContain('<th scope="row">Resolution</th><td>4 MP</td><td>8 MP</td>');
    expect(body).toContain('<th scope="row">Form factor</th><td>Bullet</td><td>Dome</td>');
    expect(body).not.toContain('<th scope="row">Lens</th>'); // the same on both
    expect(body).not.toContain('Batch code'); // not comparable
    expect(body).toContain(`href="${S}/en-US/compare?ids=${ids.b4},${ids.e8}&amp;all=1"`);
    expect(body).toContain(`href="${S}/en-US/compare?ids=${ids.e8}"`); // remove Bullet B4
    const all = (await get(`${S}/en-US/compare?ids=${ids.b4},${ids.e8}&all=1`)).body;
    expect(all).toContain('<th scope="row">Lens</th><td>2.8mm</td><td>2.8mm</td>');
    expect(all).not.toContain('Batch code');
    expect(all).toContain(`href="${S}/en-US/compare?ids=${ids.b4},${ids.e8}"`);
    // A draft, an unknown id and junk are left out; at most four.
    const odd = (await get(`${S}/en-US/compare?ids=${ids.draftProduct},999999,abc,${ids.b4}`)).body;
    expect(odd).toContain('Bullet B4');
    expect(odd).not.toContain('Hidden Draft');
    // The product list keeps the comparison in its links and offers to add.
    const list = (await get(`${S}/en-US/products?cmp=${ids.b4}`)).body;
    expect(list).toContain(`href="${S}/en-US/compare?ids=${ids.b4},${ids.e8}"`);
    expect(list).toContain(`Compare (1)`);
    const page = (await get(`${S}/en-US/products/eyeball-e8?cmp=${ids.b4}`)).body;
    expect(page).toContain(`href="${S}/en-US/compare?ids=${ids.b4},${ids.e8}"`);
    const zh = (await get(`${S}/zh-CN/compare?ids=${ids.b4}`)).body;
    expect(zh).toContain('<h1>产品对比</h1>');
  });

  it('searches models, Chinese substrings, parameter values, option labels and all released content, grouped with counts', async () => {
    const b4 = (await get(`${S}/en-US/search?q=B4`)).body;
    expect(b4).toContain(`href="${S}/en-US/products/bullet-b4">Bullet B4</a>`);
    expect(b4).toContain('<h2>Products (1)</h2>');
    expect(b4).toContain('B4 datasheet'); // a manual
    expect(b4).toContain('<meta name="robots" content="noindex"/>');
    expect(b4).toContain('value="B4"');
    const zh = (await get(`${S}/zh-CN/search?q=${encodeURIComponent('网络')}`)).body;
    expect(zh).toContain('枪型网络摄像机');
    const zhNews = (await get(`${S}/zh-CN/search?q=${encodeURIComponent('发布')}`)).body;
    expect(zhNews).toContain('新品发布会');
    expect(zhNews).toContain('<h2>新闻 (1)</h2>');
    const lens = (await get(`${S}/en-US/search?q=2.8mm`)).body;
    expect(lens).toContain('Bullet B4');
    expect(lens).toContain('Eyeball E8');
    expect(lens).toContain('<h2>Products (2)</h2>');
    const label = (await get(`${S}/en-US/search?q=dome`)).body;
    expect(label).toContain('Eyeball E8');
    expect(label).not.toContain('>Bullet B4<');
    const mixed = (await get(`${S}/en-US/search?q=retail`)).body;
    expect(mixed).toContain('<h2>Solutions (1)</h2>');
    expect(mixed).toContain(`href="${S}/en-US/search?q=retail&amp;type=solution"`);
    const faq = (await get(`${S}/en-US/search?q=reset`)).body;
    expect(faq).toContain(`href="${S}/en-US/support#faq-`);
    const typed = (await get(`${S}/en-US/search?q=2.8mm&type=product`)).body;
    expect(typed).toContain('<h2>Products (2)</h2>');
    const none = await get(`${S}/en-US/search?q=${encodeURIComponent('%_')}`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('Nothing matches');
  });

  it('renders an XSS corpus inert through summaries and the search query', async () => {
    for (const path of [
      `${S}/en-US/solutions`,
      `${S}/en-US/solutions/smart-retail`,
      `${S}/en-US/news`,
      `${S}/en-US/news/launch`,
      `${S}/en-US/search?q=${encodeURIComponent(XSS)}`,
      `${S}/en-US/search?q=launch`,
      `${S}/en-US/search?q=${encodeURIComponent('"><svg onload=alert(1)>')}`,
    ]) {
      const r = await get(path);
      expect(r.statusCode, path).toBe(200);
      expectInert(r.body);
    }
    const q = (await get(`${S}/en-US/search?q=${encodeURIComponent('"><svg onload=alert(1)>')}`)).body;
    expect(q).toContain('value="&quot;&gt;&lt;svg onload=alert(1)&gt;"');
  });

  it('sorts the product list by GET links, counts unchanged', async () => {
    const byModel = (await get(`${S}/en-US/products?sort=model`)).body;
    expect(byModel.indexOf('AV-IPC-B4')).toBeLessThan(byModel.indexOf('AV-IPC-E8'));
    expect(byModel).toContain('<strong aria-current="true">Model</strong>');
    expect(byModel).toContain(`href="${S}/en-US/products?sort=name"`);
    expect(byModel).toContain('<meta name="robots" content="noindex"/>');
    expect((await get(`${S}/en-US/products`)).body).toContain('<strong aria-current="true">Newest</strong>');
    const faceted = (await get(`${S}/en-US/products?sort=name&f.form=dome`)).body;
    expect(faceted).toContain('Eyeball E8');
    expect(faceted).not.toContain('>Bullet B4<');
    expect(faceted).toContain(`href="${S}/en-US/products?f.form=dome&amp;sort=model"`);
    expect(faceted).toContain('Bullet (1)');
  });

  it('answers pages from its cache, compressed once, and shows a release at the next request', async () => {
    const url = `${S}/en-US/products/bullet-b4`;
    const first = await t.app.inject({ method: 'GET', url, headers: { host: 'portal.test', 'accept-encoding': 'br, gzip' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('<h1>Bullet B4</h1>');
    const gz = await t.app.inject({ method: 'GET', url, headers: { host: 'portal.test', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>Bullet B4</h1>');
    expect((await get(url)).body).toContain('<h1>Bullet B4</h1>');
    const item = await ok(t.call(contentCalls.itemGet, { id: ids.b4 }, owner));
    await ok(
      t.call(
        contentCalls.itemSave,
        {
          id: item.id,
          version: item.version,
          locale: 'en-US',
          translation: tr('Bullet B4 Plus', 'bullet-b4', { summary: 'Starlight bullet camera' }),
        },
        owner,
      ),
    );
    // Saved, not released: the site still shows the released revision.
    expect((await get(url)).body).toContain('<h1>Bullet B4</h1>');
    await ok(t.call(contentCalls.itemOperate, { id: ids.b4, locale: 'en-US', action: 'release' }, owner));
    expect((await get(url)).body).toContain('<h1>Bullet B4 Plus</h1>');
    const again = await t.app.inject({ method: 'GET', url, headers: { host: 'portal.test', 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(again.rawPayload).toString()).toContain('<h1>Bullet B4 Plus</h1>');
  });

  describe('preview links', () => {
    const pathOf = (url: string) => {
      const u = new URL(url);
      return `${u.pathname}${u.search}`;
    };

    it('shows a draft as the site will, noindex, for one hour; tampered 404, expired 410', async () => {
      const link = await ok(t.call(contentCalls.itemPreviewLink, { id: ids.draftProduct, locale: 'en-US' }, owner));
      expect(link.url).toMatch(/\/site\/acme-pages\/preview\/\d+\?/);
      expect(link.expiresAt).toBe(Math.floor((t.clock.now() + 3600_000) / 1000) * 1000);
      const r = await get(pathOf(link.url));
      expect(r.statusCode).toBe(200);
      expect(r.headers['x-robots-tag']).toContain('noindex');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toContain('<meta name="robots" content="noindex"/>');
      expect(r.body).toContain('<h1>Hidden Draft</h1>');
      expect(r.body).toContain('AV-IPC-B4X');
      expect(r.body).toContain('"@type":"Product"');
      // The public site still does not show it.
      expect((await get(`${S}/en-US/products/hidden-draft`)).statusCode).toBe(404);

      const u = new URL(link.url);
      const otherItem = `${u.pathname.replace(/\d+$/, String(ids.b4))}${u.search}`;
      const otherLocale = `${u.pathname}${u.search.replace('locale=en-US', 'locale=zh-CN')}`;
      const badSig = `${u.pathname}${u.search.replace(/signature=([0-9a-f])/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`)}`;
      const noSig = `${u.pathname}?locale=en-US`;
      for (const bad of [otherItem, otherLocale, badSig, noSig]) {
        const res = await get(bad);
        expect(res.statusCode, bad).toBe(404);
        expect(res.headers['x-robots-tag']).toContain('noindex');
        expect(res.body).not.toContain('Hidden Draft');
      }
      const at = t.clock.now();
      try {
        t.clock.advance(3601_000);
        const gone = await get(pathOf(link.url));
        expect(gone.statusCode).toBe(410);
        expect(gone.body).not.toContain('Hidden Draft');
      } finally {
        t.clock.set(at);
      }
    });

    it('previews unreleased edits of a released item, or a given revision; the site keeps the released one', async () => {
      let item = await ok(t.call(contentCalls.itemGet, { id: ids.e8 }, owner));
      const releasedRev = item.translations.find((x) => x.locale === 'en-US')!.releasedRevisionId!;
      item = await ok(
        t.call(
          contentCalls.itemSave,
          {
            id: item.id,
            version: item.version,
            locale: 'en-US',
            translation: tr('Eyeball E8 Pro', 'eyeball-e8', { summary: 'Next edition' }),
          },
          owner,
        ),
      );
      const latest = await ok(t.call(contentCalls.itemPreviewLink, { id: ids.e8, locale: 'en-US' }, owner));
      const draft = (await get(pathOf(latest.url))).body;
      expect(draft).toContain('<h1>Eyeball E8 Pro</h1>');
      expect(draft).toContain('Next edition');
      expect((await get(`${S}/en-US/products/eyeball-e8`)).body).toContain('<h1>Eyeball E8</h1>');
      const pinned = await ok(t.call(contentCalls.itemPreviewLink, { id: ids.e8, locale: 'en-US', revisionId: releasedRev }, owner));
      expect((await get(pathOf(pinned.url))).body).toContain('<h1>Eyeball E8</h1>');
      // A video's preview renders its page, without loading the player.
      const video = await ok(t.call(contentCalls.itemPreviewLink, { id: ids.video, locale: 'en-US' }, owner));
      const vbody = (await get(pathOf(video.url))).body;
      expect(vbody).toContain('<h1>Product tour</h1>');
      expect(vbody).not.toContain('<iframe');
    });

    it("answers 1004 for another site's item, a revision of another item, or a locale without a translation", async () => {
      expect((await t.call(contentCalls.itemPreviewLink, { id: ids.b4, locale: 'en-US' }, ownerB)).basic.code).toBe(1004);
      const other = await ok(t.call(contentCalls.itemGet, { id: ids.b4 }, owner));
      const rev = other.translations[0]!.latestRevisionId!;
      expect((await t.call(contentCalls.itemPreviewLink, { id: ids.e8, locale: 'en-US', revisionId: rev }, owner)).basic.code).toBe(1004);
      expect((await t.call(contentCalls.itemPreviewLink, { id: ids.e8, locale: 'zh-CN' }, owner)).basic.code).toBe(1004);
    });
  });
});
