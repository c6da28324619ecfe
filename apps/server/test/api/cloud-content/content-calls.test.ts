/**
 * The content calls an audit of issue 14 found missing or untested: the site settings' and terms'
 * dealer_customweb_qry (SPEC §6); a take-off schedule under the test clock; races (a double Release
 * releases once, a slug or model race has one winner, never a 500); content/item/id-get (an id
 * before the first save, uploads attached to it), content/item/reorder (one transaction), the
 * installers' FAQ view; the FAQ-type limit (20) and the 10-country limit through the API.
 */
import {
  buildBasic,
  CATEGORY_MAX_COUNTRIES,
  CONTENT_UPLOAD_PATH,
  contentCalls,
  ErrorCodes,
  errorMessage,
  FAQ_TYPE_MAX,
  type ContentAsset,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContentOnce } from '../../../src/modules/cloud-content';
import { contentAssets } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { createUser } from '../../support/fixtures';
import { ENGINES } from '../../support/db';

const tr = (title: string, slug = '', over: Record<string, unknown> = {}) => ({
  title,
  slug,
  summary: '',
  body: { type: 'doc' as const, content: [] },
  seoTitle: '',
  seoDescription: '',
  noindex: false,
  ...over,
});
const answer = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe.each(ENGINES)('content calls (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let editor: Session;
  let installer: Session;
  let categoryId: number;

  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const code = async (p: Promise<{ basic: { code: number } }>) => (await p).basic.code;
  const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: 'portal.test' } });
  const create = (type: string, shared: Record<string, unknown>, title: string, slug = '', session = owner, over = {}) =>
    t.call(contentCalls.itemCreate, { type: type as never, shared, locale: 'en-US', translation: tr(title, slug, over) }, session);
  const release = (id: number, session = owner) => t.call(contentCalls.itemOperate, { id, locale: 'en-US', action: 'release' }, session);

  async function relogin() {
    owner = await t.login('owner-a@test.local');
    editor = await t.login('editor-a@test.local');
    installer = await t.login('installer-a@test.local');
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    // A content editor of partner A without the site settings' code.
    await createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email: 'editor-a@test.local',
      userType: 'partner',
      codes: ['dealer_cloudresource_qry', 'dealer_cloudresource_mgr'],
      userAuthType: 2,
      areaIds: [t.world.areas.eu.id],
    });
    await createUser(t.database, {
      companyId: t.world.companies.installerA.id,
      email: 'installer-a@test.local',
      userType: 'installer',
      codes: ['dealer_account_qry'],
      userAuthType: 1,
      areaIds: [t.world.areas.eu.id],
    });
    await relogin();
    await ok(t.call(contentCalls.siteSave, { name: 'Partner A Vision', slug: 'partner-a', domains: ['www.partner-a.test'] }, owner));
    categoryId = (await ok(create('product_category', {}, 'Cameras', 'cameras'))).id;
    await ok(release(categoryId));
  });
  afterAll(() => t?.close());

  describe('dealer_customweb_qry', () => {
    it('guards the site settings and the terms; other content needs only the content codes', async () => {
      expect(await code(t.call(contentCalls.siteSave, { name: 'Partner A', slug: 'partner-a', domains: [] }, editor))).toBe(
        ErrorCodes.forbidden,
      );
      const terms = { termType: 'service', effectiveDate: '2026-01-01' };
      expect(await code(create('terms', terms, 'Service terms', '', editor))).toBe(ErrorCodes.forbidden);
      expect(await code(t.call(contentCalls.itemList, { type: 'terms' }, editor))).toBe(ErrorCodes.forbidden);
      expect(await code(t.call(contentCalls.itemIdGet, { type: 'terms' }, editor))).toBe(ErrorCodes.forbidden);
      // The owner holds it: the terms item exists; the editor can neither read nor release it.
      const owned = await ok(create('terms', terms, 'Service terms'));
      expect(await code(t.call(contentCalls.itemGet, { id: owned.id }, editor))).toBe(ErrorCodes.forbidden);
      expect(await code(release(owned.id, editor))).toBe(ErrorCodes.forbidden);
      await ok(release(owned.id));
      // Everything else: allowed; the site is read without its domains; abilities say so.
      await ok(create('news', {}, 'Editor news', 'editor-news', editor));
      expect((await ok(t.call(contentCalls.siteGet, {}, editor))).site?.domains).toEqual([]);
      expect((await ok(t.call(contentCalls.siteGet, {}, owner))).site?.domains).toEqual(['www.partner-a.test']);
      const abilities = (await ok(t.call(contentCalls.abilities, {}, editor))).actions;
      expect(abilities).toContain('createItem');
      expect(abilities).not.toContain('editSite');
      expect(abilities).not.toContain('editTerms');
      expect((await ok(t.call(contentCalls.abilities, {}, owner))).actions).toEqual(expect.arrayContaining(['editSite', 'editTerms']));
      const list = await ok(t.call(contentCalls.itemList, { type: 'terms' }, owner));
      expect(list.records[0]!.actions).toContain('edit');
    });
  });

  describe('schedules', () => {
    it('takes a translation off the shelf at its time, once, and the site stops serving it', async () => {
      const p = await ok(create('product', { model: 'AV-TO1', categoryId }, 'Take off camera', 'take-off-camera'));
      await ok(release(p.id));
      const at = t.clock.now() + 3_600_000;
      const s = await ok(t.call(contentCalls.scheduleCreate, { itemId: p.id, locale: 'en-US', action: 'takeOffShelf', runAt: at }, owner));
      expect(s.revisionId).toBeNull();
      expect((await runContentOnce(t.database, t.clock.now())).done).toBe(0);
      expect((await get('/site/partner-a/en-US/products/take-off-camera')).statusCode).toBe(200);
      t.clock.advance(3_600_000);
      await relogin();
      expect(await runContentOnce(t.database, t.clock.now())).toMatchObject({ done: 1, failed: 0 });
      expect(await runContentOnce(t.database, t.clock.now())).toMatchObject({ done: 0, failed: 0 });
      const item = await ok(t.call(contentCalls.itemGet, { id: p.id }, owner));
      expect(item.translations[0]!.state).toBe('off_shelf');
      expect((await get('/site/partner-a/en-US/products/take-off-camera')).statusCode).toBe(404);
      // A take-off due while the translation is already off fails with the reason, nothing changes.
      const again = await ok(
        t.call(contentCalls.scheduleCreate, { itemId: p.id, locale: 'en-US', action: 'takeOffShelf', runAt: t.clock.now() + 1000 }, owner),
      );
      t.clock.advance(1000);
      await relogin();
      expect(await runContentOnce(t.database, t.clock.now())).toMatchObject({ done: 0, failed: 1 });
      const failed = (await ok(t.call(contentCalls.scheduleList, { itemId: p.id }, owner))).records.find((x) => x.id === again.id)!;
      expect(failed.state).toBe('failed');
      expect(failed.reason).toBeTruthy();
    });
  });

  describe('races', () => {
    it('releases once when Release is sent twice at the same time; the second is already done', async () => {
      const p = await ok(create('product', { model: 'AV-RACE1', categoryId }, 'Race camera', 'race-camera'));
      const both = await Promise.all([release(p.id), release(p.id)]);
      expect(both.map((r) => r.basic.code).sort()).toEqual([200, ErrorCodes.contentAlreadyDone].sort());
      expect(both.every((r) => r.status !== 500)).toBe(true);
      const revisions = await ok(t.call(contentCalls.revisionList, { itemId: p.id, locale: 'en-US' }, owner));
      expect(revisions.records.filter((r) => r.released)).toHaveLength(1);
    });

    it('gives a slug race and a model race one winner each, never a 500', async () => {
      const slugs = await Promise.all([
        create('news', {}, 'Race news one', 'race-news'),
        create('news', {}, 'Race news two', 'race-news'),
        create('news', {}, 'Race news three', 'race-news'),
      ]);
      expect(slugs.filter((r) => r.basic.code === 200)).toHaveLength(1);
      expect(slugs.filter((r) => r.basic.code === ErrorCodes.contentSlugTaken)).toHaveLength(2);
      expect(slugs.every((r) => r.status !== 500)).toBe(true);

      const a = await ok(create('product', { model: 'AV-RA', categoryId }, 'Model race A', 'model-race-a'));
      const b = await ok(create('product', { model: 'AV-RB', categoryId }, 'Model race B', 'model-race-b'));
      const saves = await Promise.all([
        t.call(contentCalls.itemSave, { id: a.id, version: a.version, locale: 'en-US', shared: { model: 'AV-RACED' } }, owner),
        t.call(contentCalls.itemSave, { id: b.id, version: b.version, locale: 'en-US', shared: { model: 'AV-RACED' } }, owner),
      ]);
      expect(saves.map((r) => r.basic.code).sort()).toEqual([200, ErrorCodes.contentModelTaken].sort());
      expect(saves.every((r) => r.status !== 500)).toBe(true);

      // An address another item is released at is taken (the released-address index also holds it under a race).
      const c = await ok(create('news', {}, 'Address race C', 'address-race'));
      const cReleased = await ok(release(c.id));
      await ok(
        t.call(
          contentCalls.itemSave,
          { id: c.id, version: cReleased.version, locale: 'en-US', translation: tr('Address race C', 'address-race-c') },
          owner,
        ),
      );
      const d = await ok(create('news', {}, 'Address race D', 'address-race'));
      const r = await release(d.id);
      expect(r.basic.code).toBe(ErrorCodes.contentSlugTaken);
    });
  });

  describe('reserved ids, order, installer FAQs', () => {
    async function upload(session: Session, itemId: number) {
      const body = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const data = {
        use: 'cover',
        itemId: String(itemId),
        name: 'c.png',
        size: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
      };
      const basic = buildBasic({ token: session.token, signKey: session.signKey, path: 'content/upload', data, now: t.clock.now() });
      const res = await t.app.inject({
        method: 'POST',
        url: `${CONTENT_UPLOAD_PATH}?${new URLSearchParams({ use: 'cover', itemId: String(itemId), name: 'c.png' })}`,
        payload: body,
        headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
      });
      return res.json() as { basic: { code: number; msg: string }; data: ContentAsset };
    }

    it('reserves an id before the first save: uploads name it, the create takes it once', async () => {
      const { id, expiresAt } = await ok(t.call(contentCalls.itemIdGet, { type: 'news' }, owner));
      expect(expiresAt).toBe(t.clock.now() + 24 * 3_600_000);
      const up = await upload(owner, id);
      expect(up.basic.code, up.basic.msg).toBe(200);
      const [asset] = await t.database.db.select().from(contentAssets).where(eq(contentAssets.fileId, up.data.fileId));
      expect(asset!.itemId).toBe(id);
      expect(asset!.attachedAt).toBeNull();
      // Another type, or an id never reserved, is refused (28019, both locales).
      expect(
        await code(
          t.call(contentCalls.itemCreate, { type: 'video', id, shared: {}, locale: 'en-US', translation: tr('Wrong type') }, owner),
        ),
      ).toBe(ErrorCodes.contentReservedIdInvalid);
      expect((await upload(owner, 999_999)).basic.code).toBe(ErrorCodes.contentReservedIdInvalid);
      expect(errorMessage(ErrorCodes.contentReservedIdInvalid, 'zh-CN', { id: 1 })).toContain('预留');
      const made = await ok(
        t.call(
          contentCalls.itemCreate,
          { type: 'news', id, shared: { cover: up.data.url }, locale: 'en-US', translation: tr('Reserved news', 'reserved-news') },
          owner,
        ),
      );
      expect(made.id).toBe(id);
      const [attached] = await t.database.db.select().from(contentAssets).where(eq(contentAssets.fileId, up.data.fileId));
      expect(attached!.attachedAt).not.toBeNull();
      expect(
        await code(t.call(contentCalls.itemCreate, { type: 'news', id, shared: {}, locale: 'en-US', translation: tr('Twice') }, owner)),
      ).toBe(ErrorCodes.contentReservedIdInvalid);
      // Partner B cannot upload for A's item.
      const ownerB = await t.login('owner-b@test.local');
      expect((await upload(ownerB, id)).basic.code).toBe(ErrorCodes.contentReservedIdInvalid);
      // An expired reservation is refused.
      const late = await ok(t.call(contentCalls.itemIdGet, { type: 'news' }, owner));
      t.clock.advance(24 * 3_600_000 + 1);
      await relogin();
      expect(
        await code(
          t.call(contentCalls.itemCreate, { type: 'news', id: late.id, shared: {}, locale: 'en-US', translation: tr('Late') }, owner),
        ),
      ).toBe(ErrorCodes.contentReservedIdInvalid);
    });

    it('reorders items of one type in one call; the list and the site follow; a mixed list changes nothing', async () => {
      const ids: number[] = [];
      for (const title of ['First type', 'Second type', 'Third type']) {
        const f = await ok(create('faq_type', {}, title));
        await ok(release(f.id));
        ids.push(f.id);
      }
      const faqs: number[] = [];
      for (const [i, typeId] of ids.entries()) {
        const q = await ok(
          create(
            'installer_faq',
            { faqTypeId: typeId, audience: i === 0 ? 'site' : i === 1 ? 'installer' : 'both' },
            `Question ${i + 1}`,
            '',
            owner,
            {
              body: answer(`Answer ${i + 1}`),
            },
          ),
        );
        await ok(release(q.id));
        faqs.push(q.id);
      }
      const order = [ids[2]!, ids[0]!, ids[1]!];
      await ok(t.call(contentCalls.itemReorder, { type: 'faq_type', ids: order }, owner));
      const list = await ok(t.call(contentCalls.itemList, { type: 'faq_type', pageSize: 50 }, owner));
      expect(list.records.slice(0, 3).map((r) => r.id)).toEqual(order);
      expect(list.records.slice(0, 3).map((r) => r.shared.sort)).toEqual([0, 1, 2]);
      const support = (await get('/site/partner-a/en-US/support')).body;
      expect(support.indexOf('Third type')).toBeLessThan(support.indexOf('First type'));
      // A FAQ id among FAQ types: refused, the order stays.
      expect(await code(t.call(contentCalls.itemReorder, { type: 'faq_type', ids: [ids[0]!, faqs[0]!] }, owner))).toBe(
        ErrorCodes.contentReorderInvalid,
      );
      expect(await code(t.call(contentCalls.itemReorder, { type: 'faq_type', ids: [ids[0]!, ids[0]!] }, owner))).toBe(
        ErrorCodes.contentReorderInvalid,
      );
      expect(await code(t.call(contentCalls.itemReorder, { type: 'faq_type', ids: [t.world.tenant.otherContentItemId] }, owner))).toBe(
        ErrorCodes.notFound,
      );
      expect(
        (await ok(t.call(contentCalls.itemList, { type: 'faq_type', pageSize: 50 }, owner))).records.slice(0, 3).map((r) => r.id),
      ).toEqual(order);

      // Installers read the installer and both-audience questions, in the brand's type order.
      const seen = await ok(t.call(contentCalls.installerFaqList, {}, installer));
      expect(seen.records.map((r) => r.question)).toEqual(['Question 3', 'Question 2']);
      expect(seen.records[0]).toMatchObject({ typeTitle: 'Third type', answer: answer('Answer 3') });
      expect((await ok(t.call(contentCalls.installerFaqList, { searchText: 'answer 2' }, installer))).records.map((r) => r.id)).toEqual([
        faqs[1],
      ]);
    });
  });

  describe('limits', () => {
    it(`refuses one FAQ type over the limit of ${FAQ_TYPE_MAX} (28011, both locales)`, async () => {
      const have = (await ok(t.call(contentCalls.itemList, { type: 'faq_type', pageSize: 100 }, owner))).total;
      for (let i = have; i < FAQ_TYPE_MAX; i++) await ok(create('faq_type', {}, `Type ${i + 1}`));
      const r = await create('faq_type', {}, 'One too many');
      expect(r.basic.code).toBe(ErrorCodes.contentFaqTypeLimit);
      expect(r.basic.msg).toContain(String(FAQ_TYPE_MAX));
      const zh = await t.call(
        contentCalls.itemCreate,
        { type: 'faq_type', shared: {}, locale: 'en-US', translation: tr('One more') },
        owner,
        { locale: 'zh-CN' },
      );
      expect(zh.basic.code).toBe(ErrorCodes.contentFaqTypeLimit);
      expect(zh.basic.msg).toContain('常见问题类型');
    });

    it(`refuses a category shown in more than ${CATEGORY_MAX_COUNTRIES} countries, or one country twice`, async () => {
      const ten = ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE', 'DK'];
      await ok(create('product_category', { countries: ten }, 'Ten countries', 'ten-countries'));
      const eleven = await create('product_category', { countries: [...ten, 'NO'] }, 'Eleven countries', 'eleven-countries');
      expect(eleven.basic.code).toBe(ErrorCodes.invalidParams);
      expect(eleven.basic.msg).toContain(String(CATEGORY_MAX_COUNTRIES));
      const zh = await t.call(
        contentCalls.itemCreate,
        { type: 'product_category', shared: { countries: [...ten, 'NO'] }, locale: 'en-US', translation: tr('Eleven', 'eleven') },
        owner,
        { locale: 'zh-CN' },
      );
      expect(zh.basic.msg).toContain('国家/地区');
      expect(await code(create('product_category', { countries: ['DE', 'DE'] }, 'Twice', 'twice'))).toBe(ErrorCodes.invalidParams);
    });
  });
});
