/**
 * The products workbook (issue 14 §3): export (signed link, streamed xlsx, a column per parameter
 * with localized headers and option labels), import in the same layout (round trip unchanged,
 * creates drafts and new revisions, every row or none with the bad rows returned), the limits
 * (5,000 rows, not an xlsx, no model column) and the permissions (missing code, distributor,
 * another tenant's category or file, an expired link).
 */
import { contentCalls, ErrorCodes, errorMessage, type ContentItem } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItems, contentRevisions, files } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const tr = (title: string, over: Record<string, unknown> = {}) => ({
  title,
  slug: '',
  summary: '',
  body: { type: 'doc' as const, content: [] },
  ...over,
});

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Products');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(ENGINES)('products xlsx (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let noCodes: Session;
  let dealer: Session;
  let camerasId: number;
  let recordersId: number;
  const ids: Record<string, number> = {};

  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const upload = async (session: Session, name: string, body: Buffer) => (await t.upload(session, 'import', name, body)).fileId;

  async function exportSheet(session: Session, data: { categoryId?: number } = {}, locale = 'en-US') {
    const { url, rows } = await ok(t.call(contentCalls.productExport, data, session, { locale }));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    return { rows, body: res.rawPayload, sheet: await readXlsx(res.rawPayload) };
  }

  const importFile = (session: Session, fileId: number, locale = 'en-US') =>
    t.call(contentCalls.productImport, { fileId }, session, { locale });

  const productsOfA = async () =>
    (await t.database.db.select().from(contentItems).where(eq(contentItems.type, 'product'))).filter((p) => p.siteId !== undefined);
  const snapshot = async () =>
    JSON.stringify(
      (await productsOfA()).map((p) => [p.id, p.model, p.version, p.shared, p.params]).sort((a, b) => (a[0] as number) - (b[0] as number)),
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    noCodes = await t.login('nocodes-a@test.local');
    dealer = await t.login('dealer-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Partner A Vision', slug: 'partner-a-sheet', domains: [] }, owner));
    const param = (d: Record<string, unknown>) => ok(t.call(contentCalls.paramSave, d as never, owner));
    await param({ key: 'resolution_mp', names: { 'en-US': 'Resolution', 'zh-CN': '分辨率' }, type: 'number', unit: 'MP' });
    await param({ key: 'night_vision', names: { 'en-US': 'Night vision', 'zh-CN': '夜视' }, type: 'boolean' });
    await param({
      key: 'lens',
      names: { 'en-US': 'Lens', 'zh-CN': '镜头' },
      type: 'enum',
      options: [
        { value: 'f28', labels: { 'en-US': '2.8 mm', 'zh-CN': '2.8毫米' } },
        { value: 'f40', labels: { 'en-US': '4 mm', 'zh-CN': '4毫米' } },
      ],
    });
    await param({
      key: 'features',
      names: { 'en-US': 'Features', 'zh-CN': '功能' },
      type: 'multi_enum',
      options: [
        { value: 'wdr', labels: { 'en-US': 'WDR', 'zh-CN': '宽动态' } },
        { value: 'poe', labels: { 'en-US': 'PoE', 'zh-CN': '以太网供电' } },
        { value: 'ai', labels: { 'en-US': 'AI detection', 'zh-CN': '智能侦测' } },
      ],
    });
    await param({ key: 'housing', names: { 'en-US': 'Housing', 'zh-CN': '外壳' }, type: 'text' });
    const cat = async (en: string, zh: string) => {
      const c = await ok(
        t.call(contentCalls.itemCreate, { type: 'product_category', shared: {}, locale: 'en-US', translation: tr(en) }, owner),
      );
      await ok(t.call(contentCalls.itemSave, { id: c.id, version: c.version, locale: 'zh-CN', translation: tr(zh) }, owner));
      return c.id;
    };
    camerasId = await cat('Cameras', '摄像机');
    recordersId = await cat('Recorders', '录像机');
    const product = async (model: string, shared: Record<string, unknown>, en: string, zh?: string): Promise<ContentItem> => {
      const p = await ok(
        t.call(contentCalls.itemCreate, { type: 'product', shared: { model, ...shared }, locale: 'en-US', translation: tr(en) }, owner),
      );
      ids[model] = p.id;
      if (!zh) return p;
      return ok(t.call(contentCalls.itemSave, { id: p.id, version: p.version, locale: 'zh-CN', translation: tr(zh) }, owner));
    };
    await product(
      'AV-IPC-B4',
      {
        categoryId: camerasId,
        params: { resolution_mp: 4, night_vision: true, lens: 'f28', features: ['wdr', 'poe'], housing: 'Metal; IP67' },
      },
      'Bullet Camera 4MP',
      '4MP 枪型摄像机',
    );
    await product('AV-IPC-D2', { categoryId: camerasId, params: { resolution_mp: 2.5, night_vision: false, lens: 'f40' } }, 'Dome Camera');
    await product(
      'AV-NVR-8',
      { categoryId: recordersId, discontinued: true, successorId: ids['AV-IPC-B4'], params: { features: ['ai'] } },
      'NVR 8 channels',
      '8路录像机',
    );
  });
  afterAll(async () => t?.close());

  it('exports every product with a column per parameter: localized headers, units, labels, multi-values joined', async () => {
    const { rows, sheet } = await exportSheet(owner);
    expect(rows).toBe(3);
    expect(sheet[0]).toEqual([
      'Model',
      'Name (en-US)',
      'Name (zh-CN)',
      'Category',
      'Discontinued',
      'Successor model',
      'Resolution (MP)',
      'Night vision',
      'Lens',
      'Features',
      'Housing',
    ]);
    expect(sheet[1]).toEqual([
      'AV-IPC-B4',
      'Bullet Camera 4MP',
      '4MP 枪型摄像机',
      'Cameras',
      'No',
      undefined,
      4,
      'Yes',
      '2.8 mm',
      'WDR; PoE',
      'Metal; IP67',
    ]);
    expect(sheet[3]!.slice(0, 10)).toEqual([
      'AV-NVR-8',
      'NVR 8 channels',
      '8路录像机',
      'Recorders',
      'Yes',
      'AV-IPC-B4',
      undefined,
      undefined,
      undefined,
      'AI detection',
    ]);

    const zh = await exportSheet(owner, { categoryId: camerasId }, 'zh-CN');
    expect(zh.rows).toBe(2);
    expect(zh.sheet[0]).toEqual([
      '型号',
      '名称 (en-US)',
      '名称 (zh-CN)',
      '分类',
      '已停产',
      '替代型号',
      '分辨率 (MP)',
      '夜视',
      '镜头',
      '功能',
      '外壳',
    ]);
    expect(zh.sheet[1]).toEqual([
      'AV-IPC-B4',
      'Bullet Camera 4MP',
      '4MP 枪型摄像机',
      '摄像机',
      '否',
      undefined,
      4,
      '是',
      '2.8毫米',
      '宽动态; 以太网供电',
      'Metal; IP67',
    ]);
    expect(zh.sheet).toHaveLength(3);
  });

  it('imports its own export unchanged, in either locale', async () => {
    const before = await snapshot();
    for (const locale of ['en-US', 'zh-CN']) {
      const { body } = await exportSheet(owner, {}, locale);
      const r = await ok(importFile(owner, await upload(owner, `products-${locale}.xlsx`, body), locale));
      expect(r).toEqual({ total: 3, applied: true, created: 0, updated: 0, unchanged: 3, errors: [] });
    }
    expect(await snapshot()).toBe(before);
  });

  it('creates new products as drafts and updates others as new revisions, values parsed by type', async () => {
    const file = await xlsx([
      ['Model', 'Name (en-US)', '名称 (zh-CN)', 'Category', 'Discontinued', 'Resolution', 'night vision', 'lens', 'Features', 'Housing'],
      ['AV-IPC-T8', 'Turret 8MP', '8MP 半球', '摄像机', 'no', '8 MP', '是', '4毫米', 'WDR；ai detection', 'Plastic'],
      ['av-ipc-d2', '', '', 'Cameras', 'false', 3, 'TRUE', 'f28', '', ''],
    ]);
    const r = await ok(importFile(owner, await upload(owner, 'new.xlsx', file)));
    expect(r).toEqual({ total: 2, applied: true, created: 1, updated: 1, unchanged: 0, errors: [] });

    const items = await ok(t.call(contentCalls.itemList, { type: 'product', searchText: 'AV-IPC-T8', pageNum: 1, pageSize: 10 }, owner));
    const created = items.records[0]!;
    expect(created.shared).toMatchObject({
      model: 'AV-IPC-T8',
      categoryId: camerasId,
      discontinued: false,
      params: { resolution_mp: 8, night_vision: true, lens: 'f40', features: ['wdr', 'ai'], housing: 'Plastic' },
    });
    expect(created.translations.map((x) => [x.locale, x.title, x.state])).toEqual([
      ['en-US', 'Turret 8MP', 'draft'],
      ['zh-CN', '8MP 半球', 'draft'],
    ]);

    const d2 = await ok(t.call(contentCalls.itemGet, { id: ids['AV-IPC-D2']! }, owner));
    // The empty Features and Housing cells mean no value; the title is kept when its cell is empty.
    expect(d2.shared.params).toEqual({ resolution_mp: 3, night_vision: true, lens: 'f28' });
    expect(d2.translations[0]!.title).toBe('Dome Camera');
    const revs = await t.database.db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.itemId, ids['AV-IPC-D2']!), eq(contentRevisions.locale, 'en-US')));
    expect(revs).toHaveLength(2);
  });

  it('takes a successor the same file creates further down', async () => {
    const file = await xlsx([
      ['Model', 'Name (en-US)', 'Discontinued', 'Successor model'],
      ['AV-IPC-D2', '', 'yes', 'AV-IPC-D3'],
      ['AV-OLD-1', 'Old camera', 'yes', 'av-ipc-d3'],
      ['AV-IPC-D3', 'Dome Camera 3', 'no', ''],
    ]);
    const r = await ok(importFile(owner, await upload(owner, 'successors.xlsx', file)));
    expect(r).toMatchObject({ applied: true, created: 2, updated: 1, unchanged: 0 });
    const list = await ok(t.call(contentCalls.itemList, { type: 'product', searchText: 'AV-IPC-D3', pageNum: 1, pageSize: 10 }, owner));
    const d3 = list.records[0]!.id;
    expect((await ok(t.call(contentCalls.itemGet, { id: ids['AV-IPC-D2']! }, owner))).shared).toMatchObject({
      discontinued: true,
      successorId: d3,
    });
    const old = await ok(t.call(contentCalls.itemList, { type: 'product', searchText: 'AV-OLD-1', pageNum: 1, pageSize: 10 }, owner));
    expect(old.records[0]!.shared).toMatchObject({ discontinued: true, successorId: d3 });
  });

  it('applies nothing when a row is bad, and answers every bad cell with its row, column and reason', async () => {
    const before = await snapshot();
    const file = await xlsx([
      [
        'Model',
        'Name (en-US)',
        'Category',
        'Discontinued',
        'Successor model',
        'Resolution (MP)',
        'Night vision',
        'Lens',
        'Features',
        'Colour',
      ],
      ['AV-NEW-1', 'Fine new product', 'Cameras', 'no', '', '4', 'yes', '2.8 mm', 'WDR', ''],
      ['', 'No model', '', '', '', '', '', '', '', ''],
      ['AV-NEW-2', '', 'Speakers', 'maybe', 'AV-NONE', 'four', 'perhaps', '6 mm', 'WDR; Zoom', ''],
      ['AV-NEW-1', 'Again <script>', '', '', '', '', '', '', '', ''],
      ['AV-IPC-B4', '', '', '', 'AV-IPC-B4', '', '', '', '', ''],
    ]);
    const fileId = await upload(owner, 'bad.xlsx', file);
    const r = await ok(importFile(owner, fileId));
    expect(r.applied).toBe(false);
    expect(r).toMatchObject({ total: 5, created: 0, updated: 0, unchanged: 0 });
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([
      [1, 'Colour'],
      [3, 'Model'],
      [4, 'Category'],
      [4, 'Discontinued'],
      [4, 'Resolution (MP)'],
      [4, 'Night vision'],
      [4, 'Lens'],
      [4, 'Features'],
      [4, 'Name (en-US)'],
      [4, 'Successor model'],
      [5, 'Model'],
      [5, 'Name (en-US)'],
      [6, 'Successor model'],
    ]);
    expect(r.errors.find((e) => e.row === 4 && e.column === 'Category')!.reason).toBe(
      'There is no product category "Speakers" on this site.',
    );
    expect(r.errors.find((e) => e.row === 5 && e.column === 'Model')!.reason).toContain('row 2');
    expect(r.errors.find((e) => e.row === 4 && e.column === 'Features')!.reason).toContain('"Zoom"');
    expect(await snapshot()).toBe(before);

    const zh = await ok(importFile(owner, fileId, 'zh-CN'));
    expect(zh.errors.find((e) => e.row === 4 && e.column === 'Category')!.reason).toBe('本站没有产品分类“Speakers”。');
    expect(zh.errors.find((e) => e.row === 4 && e.column === 'Resolution (MP)')!.reason).toBe('“four”不是数字。');
  });

  it('refuses more than 5,000 rows, a file without the model column and a file that is not an xlsx, in both locales', async () => {
    const before = await snapshot();
    const rows: unknown[][] = [['Model', 'Name (en-US)']];
    for (let i = 0; i < 5001; i++) rows.push([`OVER-${i}`, `Over ${i}`]);
    const over = await importFile(owner, await upload(owner, 'over.xlsx', await xlsx(rows)));
    expect(over.basic).toMatchObject({ code: ErrorCodes.importTooManyRows, params: { max: 5000 } });

    const noModel = await upload(owner, 'nomodel.xlsx', await xlsx([['Name (en-US)'], ['Camera']]));
    const missing = await importFile(owner, noModel);
    expect(missing.basic).toMatchObject({ code: ErrorCodes.importMissingColumns, msg: 'The file lacks the required columns: Model.' });
    const missingZh = await importFile(owner, noModel, 'zh-CN');
    expect(missingZh.basic.msg).toBe(errorMessage(ErrorCodes.importMissingColumns, 'zh-CN', { columns: '型号' }));

    const [fake] = await t.database.db
      .insert(files)
      .values({
        companyId: t.world.companies.partnerA.id,
        path: 'import/test/products-fake.xlsx',
        name: 'products-fake.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: 9,
        sha256: 'x',
      })
      .returning();
    await t.fileStore.put(fake!.path, Buffer.from('not a zip'));
    const wrong = await importFile(owner, fake!.id, 'zh-CN');
    expect(wrong.basic.code).toBe(ErrorCodes.importUnreadable);
    expect(wrong.basic.msg).toBe(errorMessage(ErrorCodes.importUnreadable, 'zh-CN'));
    const [xls] = await t.database.db
      .insert(files)
      .values({
        companyId: t.world.companies.partnerA.id,
        path: 'import/test/p.xls',
        name: 'p.xls',
        mime: 'application/vnd.ms-excel',
        size: 4,
        sha256: 'x',
      })
      .returning();
    await t.fileStore.put(xls!.path, Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    expect((await importFile(owner, xls!.id)).basic.code).toBe(ErrorCodes.importUnreadable);
    expect(await snapshot()).toBe(before);
  });

  it('needs the codes, the own site and its own ids; the link is signed and short-lived', async () => {
    const file = await xlsx([
      ['Model', 'Name (en-US)'],
      ['AV-X', 'X'],
    ]);
    const fileId = await upload(owner, 'perm.xlsx', file);
    // Missing code: read and write refused.
    expect((await t.call(contentCalls.productExport, {}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(contentCalls.productImport, { fileId }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    // A distributor has neither code: its brand's catalogue is productSet only.
    expect((await t.call(contentCalls.productExport, {}, dealer)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(contentCalls.productImport, { fileId }, dealer)).basic.code).toBe(ErrorCodes.forbidden);
    // Another tenant: A's category and A's file are 1004 to partner B, B's file to A.
    expect((await t.call(contentCalls.productExport, { categoryId: camerasId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(contentCalls.productImport, { fileId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(contentCalls.productImport, { fileId: t.world.tenant.otherFileId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    // B's own export holds none of A's products.
    const bSheet = await ok(t.call(contentCalls.productExport, {}, ownerB));
    const bBody = await readXlsx((await t.app.inject({ method: 'GET', url: bSheet.url })).rawPayload);
    expect(bBody.flat()).not.toContain('AV-IPC-B4');

    const { url } = await ok(t.call(contentCalls.productExport, {}, owner));
    const tampered = await t.app.inject({ method: 'GET', url: url.replace(/site=\d+/, `site=${t.world.tenant.otherContentSiteId}`) });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
    t.clock.advance(301_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
  });
});
