/**
 * The public site's addresses and SEO (issue 14 §9, §11): a released translation's old address
 * answers 301 to its new one (chains collapsed to one hop, the item may take an old address back,
 * another item's old address is refused as a loop, 28018 in both locales); Open Graph image and
 * description, a canonical override; the SEO gaps (descriptions, duplicate titles, images without
 * alt text, broken internal links) on the overview and the SEO list; banner and hot-item windows on
 * the home page under the test clock, through the page cache; an XSS corpus through models,
 * parameter text values, option labels, manual folders and the site name, inert on the site.
 */
import { contentCalls, contentFileCalls, ErrorCodes, errorMessage, type ContentItem } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRedirects, contentRevisions, contentTranslations } from '../../../src/db/schema';
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

describe.each(ENGINES)('site addresses and SEO (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let cameras: number;
  const get = (path: string, host = 'portal.test') => t.app.inject({ method: 'GET', url: path, headers: { host } });
  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const code = async (p: Promise<{ basic: { code: number } }>) => (await p).basic.code;

  async function create(type: string, shared: Record<string, unknown>, title: string, slug: string, over: Record<string, unknown> = {}) {
    return ok(t.call(contentCalls.itemCreate, { type: type as never, shared, locale: 'en-US', translation: tr(title, slug, over) }, owner));
  }
  const release = (id: number, locale: 'en-US' | 'zh-CN' = 'en-US') =>
    t.call(contentCalls.itemOperate, { id, locale, action: 'release' }, owner);
  /** Saves a new address (and title) for one locale and releases it. */
  async function moveTo(item: ContentItem, slug: string, locale: 'en-US' | 'zh-CN' = 'en-US') {
    const now = await ok(t.call(contentCalls.itemGet, { id: item.id }, owner));
    const title = now.translations.find((x) => x.locale === locale)!.title;
    await ok(t.call(contentCalls.itemSave, { id: item.id, version: now.version, locale, translation: tr(title, slug) }, owner));
    return t.call(contentCalls.itemOperate, { id: item.id, locale, action: 'release' }, owner);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Acme Test', slug: 'acme-test', domains: ['www.acme.test'] }, owner));
    const cat = await create('product_category', {}, 'Cameras', 'cameras');
    cameras = cat.id;
    await ok(release(cameras));
  });
  afterAll(() => t?.close());

  describe('old addresses', () => {
    it('answers 301 from an old address to the new one, keeping the query, on a portal host and a site domain', async () => {
      const p = await create('product', { model: 'AV-R1', categoryId: cameras }, 'Redirect One', 'redirect-one');
      await ok(release(p.id));
      await ok(moveTo(p, 'redirect-one-v2'));
      const old = await get('/site/acme-test/en-US/products/redirect-one?cmp=1');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/site/acme-test/en-US/products/redirect-one-v2?cmp=1');
      expect((await get('/site/acme-test/en-US/products/redirect-one-v2')).statusCode).toBe(200);
      const onDomain = await get('/en-US/products/redirect-one', 'www.acme.test');
      expect(onDomain.statusCode).toBe(301);
      expect(onDomain.headers.location).toBe('/en-US/products/redirect-one-v2');
      // Another locale's address is not moved by this one.
      expect((await get('/site/acme-test/zh-CN/products/redirect-one')).statusCode).not.toBe(301);
    });

    it('collapses chains to one hop, lets the item take an old address back, and follows take-off', async () => {
      const p = await create('news', {}, 'Chain news', 'chain-a');
      await ok(release(p.id));
      await ok(moveTo(p, 'chain-b'));
      await ok(moveTo(p, 'chain-c'));
      for (const from of ['chain-a', 'chain-b']) {
        const r = await get(`/site/acme-test/en-US/news/${from}`);
        expect(r.statusCode, from).toBe(301);
        expect(r.headers.location, from).toBe('/site/acme-test/en-US/news/chain-c');
      }
      const rows = await t.database.db.select().from(contentRedirects).where(eq(contentRedirects.itemId, p.id));
      expect(rows.map((r) => [r.oldSlug, r.newSlug]).sort()).toEqual([
        ['chain-a', 'chain-c'],
        ['chain-b', 'chain-c'],
      ]);
      // Back to its first address: it is a page again, not a redirect to itself.
      await ok(moveTo(p, 'chain-a'));
      expect((await get('/site/acme-test/en-US/news/chain-a')).statusCode).toBe(200);
      expect((await get('/site/acme-test/en-US/news/chain-c')).headers.location).toBe('/site/acme-test/en-US/news/chain-a');
      const after = await t.database.db.select().from(contentRedirects).where(eq(contentRedirects.itemId, p.id));
      expect(after.map((r) => [r.oldSlug, r.newSlug]).sort()).toEqual([
        ['chain-b', 'chain-a'],
        ['chain-c', 'chain-a'],
      ]);
      // Off the shelf: its old addresses lead nowhere (404), not to a page that is gone.
      await ok(t.call(contentCalls.itemOperate, { id: p.id, locale: 'en-US', action: 'takeOffShelf' }, owner));
      expect((await get('/site/acme-test/en-US/news/chain-b')).statusCode).toBe(404);
    });

    it("refuses another item's old address as a redirect loop (28018, both locales)", async () => {
      const a = await create('news', {}, 'Loop A', 'loop-a');
      await ok(release(a.id));
      await ok(moveTo(a, 'loop-a2'));
      const b = await create('news', {}, 'Loop B', 'loop-b');
      await ok(release(b.id));
      const refused = await moveTo(b, 'loop-a');
      expect(refused.basic.code).toBe(ErrorCodes.contentRedirectLoop);
      expect(refused.basic.msg).toContain('loop-a');
      expect(errorMessage(ErrorCodes.contentRedirectLoop, 'zh-CN', { slug: 'loop-a' })).toContain('重定向循环');
      // Nothing moved: B still at its address, A's old address still leads to A.
      expect((await get('/site/acme-test/en-US/news/loop-b')).statusCode).toBe(200);
      expect((await get('/site/acme-test/en-US/news/loop-a')).headers.location).toBe('/site/acme-test/en-US/news/loop-a2');
    });
  });

  describe('SEO', () => {
    it('renders og:image, og:description and a canonical override', async () => {
      const n = await create('news', { cover: '/content-assets/cover.png' }, 'Open Graph news', 'og-news', {
        seoDescription: 'What the news is about',
        ogImage: '/content-assets/share.png',
        canonical: 'https://press.acme.test/og-news',
      });
      await ok(release(n.id));
      const page = (await get('/site/acme-test/en-US/news/og-news')).body;
      expect(page).toContain('<meta property="og:image" content="http://portal.test/content-assets/share.png"/>');
      expect(page).toContain('<meta property="og:description" content="What the news is about"/>');
      expect(page).toContain('<meta property="og:type" content="article"/>');
      expect(page).toContain('<link rel="canonical" href="https://press.acme.test/og-news"/>');
      expect(page).toContain('<meta property="og:url" content="https://press.acme.test/og-news"/>');
      // Without its own: the cover is the image, the page itself the canonical.
      const plain = await create('news', { cover: '/content-assets/cover.png' }, 'Plain news', 'plain-news', { seoDescription: 'Plain' });
      await ok(release(plain.id));
      const body = (await get('/site/acme-test/en-US/news/plain-news')).body;
      expect(body).toContain('<meta property="og:image" content="http://portal.test/content-assets/cover.png"/>');
      expect(body).toContain('<link rel="canonical" href="http://portal.test/site/acme-test/en-US/news/plain-news"/>');
      // The portal reads them back; a mailto: canonical is refused.
      const got = await ok(t.call(contentCalls.itemGet, { id: n.id }, owner));
      expect(got.translations[0]).toMatchObject({ ogImage: '/content-assets/share.png', canonical: 'https://press.acme.test/og-news' });
      expect(
        await code(
          t.call(
            contentCalls.itemCreate,
            { type: 'news', shared: {}, locale: 'en-US', translation: tr('Bad canonical', 'bad-canonical', { canonical: 'mailto:x@y.z' }) },
            owner,
          ),
        ),
      ).toBe(ErrorCodes.invalidParams);
    });

    it('lists duplicate titles, images without alt text and broken internal links, counted on the overview', async () => {
      const before = await ok(t.call(contentCalls.overview, {}, owner));
      const d1 = await create('news', {}, 'Same title', 'same-1', { seoDescription: 'One' });
      const d2 = await create('news', {}, 'Same title', 'same-2', { seoDescription: 'Two' });
      await ok(release(d1.id));
      await ok(release(d2.id));
      const link = (href: string) => ({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
      const linked = await create('news', {}, 'Linking news', 'linking', {
        seoDescription: 'Links',
        body: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                link('http://portal.test/site/acme-test/en-US/news/no-such-news'),
                link('http://www.acme.test/en-US/news/same-1'),
                link('http://portal.test/site/acme-test/en-US/products/redirect-one'),
                link('https://elsewhere.test/en-US/news/whatever'),
              ],
            },
          ],
        },
      });
      await ok(release(linked.id));
      const banner = await create(
        'banner',
        { images: ['/content-assets/b.png'], link: '/site/acme-test/en-US/solutions/missing' },
        'Banner',
        '',
      );
      await ok(release(banner.id));
      // An image without alt text can only come from a body stored as HTML before rich text was checked.
      const legacy = await create('news', {}, 'Legacy news', 'legacy', { seoDescription: 'Old' });
      await ok(release(legacy.id));
      const [row] = await t.database.db
        .select({ rev: contentTranslations.releasedRevisionId })
        .from(contentTranslations)
        .where(and(eq(contentTranslations.itemId, legacy.id), eq(contentTranslations.locale, 'en-US')));
      const [rev] = await t.database.db.select().from(contentRevisions).where(eq(contentRevisions.id, row!.rev!));
      const data = rev!.data as { translation: Record<string, unknown> };
      await t.database.db
        .update(contentRevisions)
        .set({ data: { ...data, translation: { ...data.translation, body: '<p><img src="/content-assets/old.png"></p>' } } })
        .where(eq(contentRevisions.id, rev!.id));

      const { gaps } = await ok(t.call(contentCalls.seoList, {}, owner));
      const of = (kind: string) => gaps.filter((g) => g.kind === kind);
      expect(
        of('duplicateTitle')
          .map((g) => g.itemId)
          .sort(),
      ).toEqual([d1.id, d2.id].sort());
      expect(of('imageWithoutAlt')).toEqual([
        {
          kind: 'imageWithoutAlt',
          itemId: legacy.id,
          type: 'news',
          locale: 'en-US',
          title: 'Legacy news',
          detail: '/content-assets/old.png',
        },
      ]);
      // Broken: a news address that never existed, a banner's missing solution. Not broken: a
      // released page on the site domain, an old address (301), another host.
      expect(
        of('brokenLink')
          .map((g) => g.detail)
          .sort(),
      ).toEqual(['/site/acme-test/en-US/solutions/missing', 'http://portal.test/site/acme-test/en-US/news/no-such-news'].sort());
      expect(of('missingDescription').map((g) => g.itemId)).toContain(cameras);
      const after = await ok(t.call(contentCalls.overview, {}, owner));
      expect(after.duplicateTitles - before.duplicateTitles).toBe(2);
      expect(after.imagesWithoutAlt).toBe(1);
      expect(after.brokenLinks).toBe(2);
      expect(after.missingDescriptions).toBe(of('missingDescription').length);
      // Another site's gaps are not the caller's.
      expect(await code(t.call(contentCalls.seoList, { siteId: t.world.tenant.otherContentSiteId }, owner))).toBe(ErrorCodes.notFound);
    });
  });

  describe('home page windows', () => {
    it('shows banners and hot items only within their start and end, also from the page cache', async () => {
      const now = t.clock.now();
      const solution = await create('solution', {}, 'Window solution', 'window-solution');
      await ok(release(solution.id));
      const product = await create('product', { model: 'AV-W1', categoryId: cameras }, 'Window camera', 'window-camera');
      await ok(release(product.id));
      const banner = await create(
        'banner',
        { images: ['/content-assets/w.png'], startAt: now + 5_000, endAt: now + 20_000 },
        'Spring sale',
        '',
      );
      await ok(release(banner.id));
      const hot = await create('hot_product', { targetId: product.id, startAt: now + 5_000, endAt: now + 20_000 }, 'Hot window', '');
      await ok(release(hot.id));
      const hotSolution = await create('hot_solution', { targetId: solution.id, startAt: now + 5_000, endAt: now + 20_000 }, 'Hot sol', '');
      await ok(release(hotSolution.id));

      const home = () => get('/site/acme-test/en-US/');
      const before = await home();
      expect(before.body).not.toContain('Spring sale');
      expect(before.body).not.toContain('Featured solutions');
      expect(before.headers['cache-control']).toBe('public, max-age=5');
      expect((await home()).body).not.toContain('Spring sale'); // kept by the page cache
      t.clock.advance(5_000);
      const during = await home();
      expect(during.body).toContain('Spring sale');
      expect(during.body).toContain('Featured solutions');
      expect(during.body).toContain('/site/acme-test/en-US/solutions/window-solution');
      // Only the hot product shows in Featured products (the newest list is its fallback).
      const featured = during.body.split('Featured products')[1]!.split('</ul>')[0]!;
      expect(featured).toContain('Window camera');
      expect(featured.match(/class="card"/g)).toHaveLength(1);
      t.clock.advance(15_000);
      const afterEnd = await home();
      expect(afterEnd.body).not.toContain('Spring sale');
      expect(afterEnd.body).not.toContain('Featured solutions');
    });
  });

  describe('XSS corpus', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '</script><script>alert(2)</script>',
    ];
    const payload = `${corpus.join(' ')} javascript:alert(3)`;

    const assertInert = (html: string) => {
      const scripts = html.match(/<script[^>]*>/g) ?? [];
      expect(scripts.every((s) => s === '<script type="application/ld+json">')).toBe(true);
      expect(html).not.toMatch(/<img src=x|<svg|<a href="javascript:/i);
      const tags = (html.match(/<[a-z][^>]*>/gi) ?? []).map((tag) => tag.replace(/"[^"]*"/g, '""'));
      expect(tags.filter((tag) => /\son\w+=/i.test(tag))).toEqual([]);
      const ld = html
        .split('<script type="application/ld+json">')
        .slice(1)
        .map((s) => s.split('</script>')[0]!);
      for (const block of ld) expect(block).not.toContain('<');
    };

    it('keeps models, parameter text values and option labels inert on product, list, compare and search pages', async () => {
      await ok(
        t.call(
          contentCalls.paramSave,
          { key: 'xss_note', names: { 'en-US': `Note ${corpus[0]}`, 'zh-CN': '' }, type: 'text', filterable: false },
          owner,
        ),
      );
      await ok(
        t.call(
          contentCalls.paramSave,
          {
            key: 'xss_kind',
            names: { 'en-US': 'Kind', 'zh-CN': '类型' },
            type: 'enum',
            filterable: true,
            options: [{ value: 'bad', labels: { 'en-US': `Bad ${corpus[1]}`, 'zh-CN': `坏 ${corpus[2]}` } }],
          },
          owner,
        ),
      );
      const p = await create(
        'product',
        { model: '<script>m</script>', categoryId: cameras, params: { xss_note: payload, xss_kind: 'bad' } },
        'Xss camera',
        'xss-camera',
      );
      await ok(release(p.id));
      await ok(
        t.call(
          contentCalls.itemSave,
          {
            id: p.id,
            version: (await ok(t.call(contentCalls.itemGet, { id: p.id }, owner))).version,
            locale: 'zh-CN',
            translation: tr('注入相机', 'xss-camera-zh'),
          },
          owner,
        ),
      );
      await ok(release(p.id, 'zh-CN'));
      for (const path of [
        '/site/acme-test/en-US/products/xss-camera',
        '/site/acme-test/zh-CN/products/xss-camera-zh',
        `/site/acme-test/en-US/products?category=${cameras}`,
        '/site/acme-test/zh-CN/products',
        `/site/acme-test/en-US/compare?ids=${p.id}&all=1`,
        '/site/acme-test/en-US/search?q=script',
        '/site/acme-test/en-US/search?q=Bad',
      ]) {
        const r = await get(path);
        expect(r.statusCode, path).toBe(200);
        assertInert(r.body);
      }
      const page = (await get('/site/acme-test/en-US/products/xss-camera')).body;
      expect(page).toContain('&lt;script&gt;m&lt;/script&gt;');
      expect(page).toContain('Bad &lt;img src=x onerror=alert(1)&gt;');
      // The portal answers the values as they were saved (the web escapes them when it renders).
      expect((await ok(t.call(contentCalls.itemGet, { id: p.id }, owner))).shared.model).toBe('<script>m</script>');
    });

    it('refuses markup in the site name, folder and document names; an apostrophe that passes stays text', async () => {
      for (const name of corpus)
        expect(await code(t.call(contentCalls.siteSave, { name, slug: 'acme-test', domains: ['www.acme.test'] }, owner)), name).toBe(
          ErrorCodes.invalidParams,
        );
      for (const name of corpus)
        expect(await code(t.call(contentFileCalls.folderSave, { parentId: null, name }, owner)), name).toBe(ErrorCodes.invalidParams);
      const folder = await ok(t.call(contentFileCalls.folderSave, { parentId: null, name: "x' onfocus='alert(1)" }, owner));
      for (const title of corpus)
        expect(await code(t.call(contentFileCalls.documentSave, { folderId: folder.id, title, publicAccess: true }, owner)), title).toBe(
          ErrorCodes.invalidParams,
        );
      // A manual filed under that name on the site's support page: the quote cannot open an attribute.
      const m = await create(
        'manual',
        { fileUrl: '/document/files', folder: "x' onfocus='alert(1)", publicAccess: true },
        "Installer's guide",
        'installer-guide',
      );
      await ok(release(m.id));
      const support = (await get('/site/acme-test/en-US/support')).body;
      assertInert(support);
      expect(support).toContain('x&#x27; onfocus=&#x27;alert(1)');
    });
  });
});
