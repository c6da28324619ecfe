/**
 * The public site's pre-rendered pages (issue 14 Figures; site.warm.ts, site.cache.ts, migration
 * 0052): the first visit at a site's domain renders its product pages ahead of visitors, a release
 * on one partner's site leaves another's pages kept and so does a draft saved on the site itself, a
 * release on the site shows at once and is warmed again once the site has been quiet, and the portal host's /site/<slug>/ (any Host reaches it) warms nothing.
 * Observed through the bench route (BENCH_ROUTES=1), which waits for the warmer and reports the
 * cache's hits and misses.
 */
import { contentCalls, richTextFromParagraphs } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { QUIET_MS } from '../../../src/modules/cloud-content/site.warm';
import { ENGINES } from '../../support/db';

const tr = (title: string, slug: string) => ({
  title,
  slug,
  summary: `${title} summary`,
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  body: richTextFromParagraphs([`${title} body`]),
});

interface Warm {
  warmed: number;
  pages: number;
  hits: number;
  misses: number;
}

describe.each(ENGINES)('site: pre-rendered pages (%s)', (engine) => {
  let t: TestApp;
  let ownerA: Session;
  let ownerB: Session;
  const ids: Record<string, number> = {};
  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const at = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host, 'accept-encoding': 'identity' } });
  const warm = async (): Promise<Warm> => (await t.app.inject({ method: 'GET', url: '/bench/site-warm' })).json() as Warm;
  async function create(owner: Session, type: string, shared: Record<string, unknown>, en: string, slug: string, zh?: string) {
    let item = await ok(
      t.call(contentCalls.itemCreate, { type: type as never, shared, locale: 'en-US', translation: tr(en, slug) }, owner),
    );
    if (zh)
      item = await ok(
        t.call(contentCalls.itemSave, { id: item.id, version: item.version, locale: 'zh-CN', translation: tr(zh, slug) }, owner),
      );
    for (const l of zh ? (['en-US', 'zh-CN'] as const) : (['en-US'] as const))
      await ok(t.call(contentCalls.itemOperate, { id: item.id, locale: l, action: 'release' }, owner));
    return item.id;
  }
  async function rename(owner: Session, id: number, title: string, slug: string) {
    const item = await ok(t.call(contentCalls.itemGet, { id }, owner));
    await ok(t.call(contentCalls.itemSave, { id, version: item.version, locale: 'en-US', translation: tr(title, slug) }, owner));
    await ok(t.call(contentCalls.itemOperate, { id, locale: 'en-US', action: 'release' }, owner));
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { BENCH_ROUTES: '1' } });
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Warm A', slug: 'warm-a', domains: ['www.warm-a.test'] }, ownerA));
    await ok(t.call(contentCalls.siteSave, { name: 'Warm B', slug: 'warm-b', domains: ['www.warm-b.test'] }, ownerB));
    const catA = await create(ownerA, 'product_category', {}, 'Cameras A', 'cameras-a', '摄像机A');
    const catB = await create(ownerB, 'product_category', {}, 'Cameras B', 'cameras-b', '摄像机B');
    ids.a1 = await create(ownerA, 'product', { model: 'WA-1', categoryId: catA }, 'Alpha One', 'alpha-one', '阿尔法一号');
    ids.a2 = await create(ownerA, 'product', { model: 'WA-2', categoryId: catA }, 'Alpha Two', 'alpha-two');
    ids.b1 = await create(ownerB, 'product', { model: 'WB-1', categoryId: catB }, 'Beta One', 'beta-one');
  });
  afterAll(() => t?.close());

  it("renders a site's product pages ahead of visitors after the first visit at its domain, and answers them from memory", async () => {
    const before = await warm();
    expect((await at('www.warm-a.test', '/en-US/')).statusCode).toBe(200);
    const after = await warm();
    // en-US: Alpha One and Alpha Two; zh-CN: Alpha One's own page and Alpha Two's from its en-US text.
    expect(after.warmed - before.warmed).toBe(4);
    for (const url of [
      '/en-US/products/alpha-one',
      '/en-US/products/alpha-two',
      '/zh-CN/products/alpha-one',
      '/zh-CN/products/alpha-two',
    ]) {
      const res = await at('www.warm-a.test', url);
      expect(res.statusCode, url).toBe(200);
    }
    const read = await warm();
    expect(read.hits - after.hits).toBe(4);
    expect(read.misses).toBe(after.misses);
    expect((await at('www.warm-a.test', '/zh-CN/products/alpha-one')).body).toContain('<h1>阿尔法一号</h1>');
    // Another visit with nothing changed renders nothing again.
    await at('www.warm-a.test', '/en-US/');
    expect((await warm()).warmed).toBe(after.warmed);
  });

  it("keeps a site's pages when another partner's site changes, and shows its own release at the next request", async () => {
    await at('www.warm-a.test', '/en-US/');
    await at('www.warm-b.test', '/en-US/');
    const start = await warm();
    await rename(ownerB, ids.b1, 'Beta One Plus', 'beta-one');
    // B's release: A's page is still a hit.
    expect((await at('www.warm-a.test', '/en-US/products/alpha-one')).body).toContain('<h1>Alpha One</h1>');
    const afterB = await warm();
    expect(afterB.hits - start.hits).toBe(1);
    expect(afterB.misses).toBe(start.misses);
    expect((await at('www.warm-b.test', '/en-US/products/beta-one')).body).toContain('<h1>Beta One Plus</h1>');
    // A draft saved on A is not a change of A's site: its pages stay kept.
    const beforeDraft = await warm();
    const draft = await ok(t.call(contentCalls.itemGet, { id: ids.a2 }, ownerA));
    await ok(
      t.call(
        contentCalls.itemSave,
        { id: ids.a2, version: draft.version, locale: 'en-US', translation: tr('Alpha Two Draft', 'alpha-two') },
        ownerA,
      ),
    );
    expect((await at('www.warm-a.test', '/en-US/products/alpha-two')).body).toContain('<h1>Alpha Two</h1>');
    expect((await warm()).misses).toBe(beforeDraft.misses);
    // A's own release: shown at once; A's pages are warmed again by a visit once A has been quiet for a while.
    await rename(ownerA, ids.a1, 'Alpha One Plus', 'alpha-one');
    expect((await at('www.warm-a.test', '/en-US/products/alpha-one')).body).toContain('<h1>Alpha One Plus</h1>');
    expect((await warm()).warmed).toBe(afterB.warmed);
    t.clock.advance(QUIET_MS);
    await at('www.warm-a.test', '/en-US/');
    const rewarmed = await warm();
    expect(rewarmed.warmed).toBeGreaterThan(afterB.warmed);
    const hitsBefore = rewarmed.hits;
    expect((await at('www.warm-a.test', '/en-US/products/alpha-two')).statusCode).toBe(200);
    expect((await warm()).hits).toBe(hitsBefore + 1);
  });

  it("warms nothing for the portal host's /site/<slug>/ (any Host header reaches it)", async () => {
    const before = await warm();
    for (let i = 0; i < 3; i++) expect((await at(`random-${i}.example`, '/site/warm-b/en-US/')).statusCode).toBe(200);
    expect((await warm()).warmed).toBe(before.warmed);
  });

  it('answers the bench route only when BENCH_ROUTES=1', async () => {
    const plain = await createTestApp(engine);
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/bench/site-warm' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
