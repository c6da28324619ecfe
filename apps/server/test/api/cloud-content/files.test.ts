/**
 * The content site's files (issue 14 §5-§6): each upload use accepts and refuses real images made
 * with sharp here (type by content, size, measured width, exact icon size, GIF only where allowed),
 * metadata is stripped, widths are served on content-addressed URLs cached a year; unattached
 * uploads are purged after 24 h on the test clock (idempotent); the file manual's folder, document
 * and version rules; permissions (missing code, another tenant 1004, distributor); the public list
 * hides signed-in-only documents and the download resumes with Range.
 */
import {
  API_PREFIX,
  buildBasic,
  CONTENT_UPLOAD_PATH,
  contentCalls,
  contentFileCalls,
  ErrorCodes,
  type ContentAsset,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeUnattachedUploads } from '../../../src/modules/cloud-content';
import { runAutoFilesJob } from '../../../src/modules/cloud-content/jobs';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { createUser } from '../../support/fixtures';
import { ENGINES } from '../../support/db';

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp', opts: { exif?: boolean } = {}) => {
  let s = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } });
  if (opts.exif) s = s.withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'GPS 48.85N' } });
  return s.toFormat(format).toBuffer();
};
/** A minimal PDF (its signature is what file-type reads). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'.padEnd(2000, ' '));

describe.each(ENGINES)('content files (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let noCodes: Session;
  let dealer: Session;
  let supplier: Session;
  let reader: Session;

  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const code = async (p: Promise<{ basic: { code: number } }>) => (await p).basic.code;

  async function upload(session: Session, use: string, name: string, body: Buffer, itemType?: string) {
    const data = {
      use,
      ...(itemType ? { itemType } : {}),
      name,
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    };
    const basic = buildBasic({ token: session.token, signKey: session.signKey, path: 'content/upload', data, now: t.clock.now() });
    const q = new URLSearchParams({ use, name, ...(itemType ? { itemType } : {}) });
    const res = await t.app.inject({
      method: 'POST',
      url: `${CONTENT_UPLOAD_PATH}?${q}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic), 'x-locale': 'zh-CN' },
    });
    return res.json() as { basic: { code: number; msg: string }; data: ContentAsset };
  }
  const uploaded = async (...a: Parameters<typeof upload>) => {
    const r = await upload(...a);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    noCodes = await t.login('nocodes-a@test.local');
    dealer = await t.login('dealer-a@test.local');
    supplier = await t.login('supplier@test.local');
    // A reader of partner A: the query code only.
    await createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email: 'reader-a@test.local',
      userType: 'partner',
      codes: ['dealer_cloudresource_qry'],
      userAuthType: 3,
      areaIds: [t.world.areas.eu.id],
    });
    reader = await t.login('reader-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Partner A Vision', slug: 'partner-a', domains: ['www.partner-a.test'] }, owner));
  });
  afterAll(() => t?.close());

  it('accepts each image use by its rule and refuses the rest with its own code, in the caller locale', async () => {
    expect((await uploaded(owner, 'cover', 'c.png', await image(400, 300, 'png'))).width).toBe(400);
    expect((await uploaded(owner, 'cover', 'c.jpg', await image(400, 300, 'jpeg'))).mime).toBe('image/jpeg');
    // GIF: news, solution and video covers and rich-text images only.
    expect((await uploaded(owner, 'cover', 'c.gif', await image(40, 30, 'gif'), 'news')).mime).toBe('image/gif');
    expect((await uploaded(owner, 'richImage', 'r.gif', await image(40, 30, 'gif'))).mime).toBe('image/gif');
    const gifRefused = await upload(owner, 'cover', 'c.gif', await image(40, 30, 'gif'), 'product');
    expect(gifRefused.basic.code).toBe(ErrorCodes.contentGifNotAllowed);
    expect(gifRefused.basic.msg).toContain('GIF');
    expect(gifRefused.basic.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await upload(owner, 'detail', 'd.gif', await image(700, 30, 'gif'))).basic.code).toBe(ErrorCodes.contentGifNotAllowed);
    // Type by content: a WebP named .png is refused.
    expect((await upload(owner, 'cover', 'c.png', await image(40, 30, 'webp'))).basic.code).toBe(ErrorCodes.contentImageType);
    expect((await upload(owner, 'cover', 'c.png', PDF)).basic.code).toBe(ErrorCodes.contentImageType);
    // Size: a cover over 5 MB (random pixels do not compress).
    const noise = await sharp(Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    expect((await upload(owner, 'cover', 'big.png', noise)).basic.code).toBe(ErrorCodes.contentFileTooLarge);
    // Detail images: 600-820 px wide, measured.
    expect((await uploaded(owner, 'detail', 'd.png', await image(600, 200, 'png'))).width).toBe(600);
    expect((await uploaded(owner, 'detail', 'd.jpg', await image(820, 200, 'jpeg'))).width).toBe(820);
    const narrow = await upload(owner, 'detail', 'd.png', await image(599, 200, 'png'));
    expect(narrow.basic.code).toBe(ErrorCodes.contentImageWidth);
    expect(narrow.basic.msg).toContain('599');
    expect((await upload(owner, 'detail', 'd.png', await image(821, 200, 'png'))).basic.code).toBe(ErrorCodes.contentImageWidth);
    // FAQ icon: exactly 18x18.
    expect((await uploaded(owner, 'icon', 'i.png', await image(18, 18, 'png'))).width).toBe(18);
    expect((await upload(owner, 'icon', 'i.png', await image(18, 19, 'png'))).basic.code).toBe(ErrorCodes.contentImageExactSize);
    expect((await upload(owner, 'icon', 'i.png', await image(36, 36, 'png'))).basic.code).toBe(ErrorCodes.contentImageExactSize);
    expect((await uploaded(owner, 'banner', 'b.jpg', await image(1600, 500, 'jpeg'))).width).toBe(1600);
  });

  it('refuses a GIF named as the picture of an item type that may not have one', async () => {
    const gif = await uploaded(owner, 'cover', 'anim.gif', await image(60, 40, 'gif'), 'news');
    const create = (type: string, shared: Record<string, unknown>) =>
      t.call(contentCalls.itemCreate, { type: type as 'news', shared, locale: 'en-US', translation: { title: 'Gif check' } }, owner);
    await ok(create('news', { cover: gif.url }));
    await ok(create('video', { cover: gif.url }));
    expect(await code(create('solution_category', { cover: gif.url }))).toBe(ErrorCodes.contentGifNotAllowed);
    expect(await code(create('banner', { images: [gif.url] }))).toBe(ErrorCodes.contentGifNotAllowed);
  });

  it('accepts manuals and videos by content and refuses a renamed file', async () => {
    const pdf = await uploaded(owner, 'manual', 'guide.pdf', PDF);
    expect(pdf.mime).toBe('application/pdf');
    expect(pdf.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    expect(pdf.url).toBe('');
    const fake = await upload(owner, 'manual', 'guide.docx', PDF);
    expect(fake.basic.code).toBe(ErrorCodes.contentFileType);
    expect((await upload(owner, 'manual', 'guide.exe', PDF)).basic.code).toBe(ErrorCodes.contentFileType);
    expect((await upload(owner, 'video', 'clip.mp4', PDF)).basic.code).toBe(ErrorCodes.contentFileType);
  });

  it('refuses uploads without the manage code and from distributors', async () => {
    expect((await upload(noCodes, 'cover', 'c.png', await image(40, 30, 'png'))).basic.code).toBe(ErrorCodes.forbidden);
    expect((await upload(dealer, 'cover', 'c.png', await image(40, 30, 'png'))).basic.code).toBe(ErrorCodes.forbidden);
  });

  it('strips metadata and serves AVIF, WebP and JPEG widths on content-addressed URLs cached a year', async () => {
    const src = await image(1000, 500, 'jpeg', { exif: true });
    expect(src.includes(Buffer.from('Secret Owner'))).toBe(true);
    const a = await uploaded(owner, 'banner', 'photo.jpg', src);
    expect(a.url).toMatch(/^\/content-assets\/[0-9a-f]{64}-1000\.jpg$/);
    const widths = [...new Set(a.variants.map((v) => v.width))];
    expect(widths).toEqual([320, 640, 1000]);
    expect(new Set(a.variants.map((v) => v.format))).toEqual(new Set(['avif', 'webp', 'jpg']));
    const main = await t.app.inject({ method: 'GET', url: a.url });
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(main.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);
    const meta = await sharp(main.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    for (const v of a.variants.filter((x) => x.width === 320)) {
      const r = await t.app.inject({ method: 'GET', url: v.url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe(v.format === 'jpg' ? 'image/jpeg' : `image/${v.format}`);
      expect((await sharp(r.rawPayload).metadata()).width).toBe(320);
    }
    // The same bytes uploaded again: the same address.
    expect((await uploaded(owner, 'banner', 'again.jpg', src)).url).toBe(a.url);
    expect((await t.app.inject({ method: 'GET', url: '/content-assets/not-a-hash.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/content-assets/${'0'.repeat(64)}-10.jpg` })).statusCode).toBe(404);
  });

  it('purges uploads unattached after 24 h, keeps attached ones, and a second run does nothing', async () => {
    const loose = await uploaded(owner, 'cover', 'loose.png', await image(50, 50, 'png', {}));
    const used = await uploaded(
      owner,
      'cover',
      'used.png',
      await sharp({ create: { width: 51, height: 51, channels: 3, background: 'blue' } })
        .png()
        .toBuffer(),
    );
    // An item names the used one's URL.
    await ok(
      t.call(
        contentCalls.itemCreate,
        { type: 'news', shared: { cover: used.url }, locale: 'en-US', translation: { title: 'Launch news' } },
        owner,
      ),
    );
    const before = t.clock.now();
    expect((await purgeUnattachedUploads(t.database, t.services.fileStore, before + 60_000)).purged).toBe(0);
    const later = before + 24 * 3600_000 + 60_000;
    const first = await purgeUnattachedUploads(t.database, t.services.fileStore, later);
    expect(first.purged).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: loose.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: used.url })).statusCode).toBe(200);
    expect(await purgeUnattachedUploads(t.database, t.services.fileStore, later)).toEqual({ purged: 0, kept: 0 });
  });

  it('keeps folders by the SPEC §5 rules, refuses deleting one in use with the count, and numbers versions', async () => {
    expect(await code(t.call(contentFileCalls.folderSave, { parentId: null, name: 'a/b' }, owner))).toBe(ErrorCodes.invalidParams);
    expect(await code(t.call(contentFileCalls.folderSave, { parentId: null, name: 'x?' }, owner))).toBe(ErrorCodes.invalidParams);
    const root = await ok(t.call(contentFileCalls.folderSave, { parentId: null, name: 'Manuals' }, owner));
    expect(await code(t.call(contentFileCalls.folderSave, { parentId: null, name: 'manuals' }, owner))).toBe(
      ErrorCodes.contentFolderNameTaken,
    );
    const sub = await ok(t.call(contentFileCalls.folderSave, { parentId: root.id, name: 'Cameras' }, owner));
    const doc = await ok(
      t.call(contentFileCalls.documentSave, { folderId: sub.id, title: 'Quick start guide', publicAccess: true }, owner),
    );
    const pdf = await uploaded(owner, 'manual', 'quick-start.pdf', PDF);
    const v1 = await ok(
      t.call(contentFileCalls.versionAdd, { documentId: doc.id, fileId: pdf.fileId, locale: 'en-US', notes: 'First' }, owner),
    );
    expect(v1.n).toBe(1);
    expect(v1.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    // An upload is attached once; an image is no manual.
    expect(
      await code(t.call(contentFileCalls.versionAdd, { documentId: doc.id, fileId: pdf.fileId, locale: 'zh-CN', notes: '' }, owner)),
    ).toBe(ErrorCodes.contentUploadNotUsable);
    const img = await uploaded(owner, 'cover', 'x.png', await image(30, 30, 'png'));
    expect(
      await code(t.call(contentFileCalls.versionAdd, { documentId: doc.id, fileId: img.fileId, locale: 'zh-CN', notes: '' }, owner)),
    ).toBe(ErrorCodes.contentUploadNotUsable);
    const pdf2 = await uploaded(owner, 'manual', 'quick-start-zh.pdf', Buffer.concat([PDF, Buffer.from('zh')]));
    const v2 = await ok(
      t.call(contentFileCalls.versionAdd, { documentId: doc.id, fileId: pdf2.fileId, locale: 'zh-CN', notes: '中文版' }, owner),
    );
    expect(v2.n).toBe(2);
    const versions = await ok(t.call(contentFileCalls.versionList, { documentId: doc.id }, owner));
    expect(versions.map((v) => v.n)).toEqual([2, 1]);
    const inUse = await t.call(contentFileCalls.folderDelete, { id: sub.id }, owner);
    expect(inUse.basic.code).toBe(ErrorCodes.contentFolderInUse);
    expect(inUse.basic.msg).toContain('1');
    expect(await code(t.call(contentFileCalls.folderDelete, { id: root.id }, owner))).toBe(ErrorCodes.contentFolderInUse);
    const folders = await ok(t.call(contentFileCalls.folderList, {}, owner));
    expect(folders.find((f) => f.id === sub.id)?.documentCount).toBe(1);
    const empty = await ok(t.call(contentFileCalls.folderSave, { parentId: null, name: 'Empty' }, owner));
    await ok(t.call(contentFileCalls.folderDelete, { id: empty.id }, owner));
    const list = await ok(t.call(contentFileCalls.documentList, { pageNum: 1, pageSize: 10, searchText: 'quick-start-zh' }, owner));
    expect(list.records.map((d) => d.id)).toEqual([doc.id]);
    expect(list.records[0]!.latest?.locale).toBe('zh-CN');
  });

  it('reads with the query code, refuses other tenants (1004), missing codes (1005), distributors and writes by the supplier', async () => {
    const folders = await ok(t.call(contentFileCalls.folderList, {}, ownerB));
    const folderB = folders[0]!;
    const docsB = await ok(t.call(contentFileCalls.documentList, { pageNum: 1, pageSize: 10 }, ownerB));
    const docB = docsB.records[0]!;
    expect(await code(t.call(contentFileCalls.folderSave, { id: folderB.id, parentId: null, name: 'Mine' }, owner))).toBe(
      ErrorCodes.notFound,
    );
    expect(await code(t.call(contentFileCalls.folderDelete, { id: folderB.id }, owner))).toBe(ErrorCodes.notFound);
    expect(await code(t.call(contentFileCalls.versionList, { documentId: docB.id }, owner))).toBe(ErrorCodes.notFound);
    expect(
      await code(t.call(contentFileCalls.documentSave, { id: docB.id, folderId: folderB.id, title: 'X', publicAccess: true }, owner)),
    ).toBe(ErrorCodes.notFound);
    const pdf = await uploaded(owner, 'manual', 'a.pdf', Buffer.concat([PDF, Buffer.from('tenant')]));
    expect(
      await code(t.call(contentFileCalls.versionAdd, { documentId: docB.id, fileId: pdf.fileId, locale: 'en-US', notes: '' }, owner)),
    ).toBe(ErrorCodes.notFound);
    // Partner B cannot attach partner A's upload.
    expect(
      await code(t.call(contentFileCalls.versionAdd, { documentId: docB.id, fileId: pdf.fileId, locale: 'en-US', notes: '' }, ownerB)),
    ).toBe(ErrorCodes.notFound);
    expect(await code(t.call(contentFileCalls.folderList, {}, noCodes))).toBe(ErrorCodes.forbidden);
    // The query code reads the manual, its versions, and no more.
    const readable = await ok(t.call(contentFileCalls.documentList, { pageNum: 1, pageSize: 10 }, reader));
    expect(readable.total).toBeGreaterThan(0);
    expect((await ok(t.call(contentFileCalls.versionList, { documentId: readable.records[0]!.id }, reader))).length).toBeGreaterThan(0);
    expect(await code(t.call(contentFileCalls.folderSave, { parentId: null, name: 'Reader' }, reader))).toBe(ErrorCodes.forbidden);
    expect((await upload(reader, 'cover', 'c.png', await image(40, 30, 'png'))).basic.code).toBe(ErrorCodes.forbidden);
    expect(await code(t.call(contentFileCalls.folderList, {}, dealer))).toBe(ErrorCodes.forbidden);
    // The supplier reads a partner's manual but does not change it.
    const ownSiteId = (await ok(t.call(contentCalls.siteGet, {}, owner))).site!.id;
    expect((await ok(t.call(contentFileCalls.folderList, { siteId: ownSiteId }, supplier))).length).toBeGreaterThan(0);
    const aFolder = (await ok(t.call(contentFileCalls.folderList, {}, owner)))[0]!;
    expect(await code(t.call(contentFileCalls.folderSave, { id: aFolder.id, parentId: null, name: 'Supplier' }, supplier))).toBe(
      ErrorCodes.forbidden,
    );
  });

  it('lists public documents for the host brand only, never signed-in-only ones, and downloads resume with Range', async () => {
    const folder = await ok(t.call(contentFileCalls.folderSave, { parentId: null, name: 'Firmware notes' }, owner));
    const pub = await ok(t.call(contentFileCalls.documentSave, { folderId: folder.id, title: 'Release notes', publicAccess: true }, owner));
    const priv = await ok(
      t.call(contentFileCalls.documentSave, { folderId: folder.id, title: 'Installer secrets', publicAccess: false }, owner),
    );
    const body = Buffer.concat([PDF, Buffer.from('public-notes')]);
    const f1 = await uploaded(owner, 'manual', 'notes.pdf', body);
    const v = await ok(t.call(contentFileCalls.versionAdd, { documentId: pub.id, fileId: f1.fileId, locale: 'en-US', notes: '' }, owner));
    const f2 = await uploaded(owner, 'manual', 'secret.pdf', Buffer.concat([PDF, Buffer.from('secret')]));
    const vp = await ok(t.call(contentFileCalls.versionAdd, { documentId: priv.id, fileId: f2.fileId, locale: 'en-US', notes: '' }, owner));

    const list = await ok(t.call(contentCalls.publicDocuments, { host: 'www.partner-a.test' }, null));
    expect(list.documents.map((d) => d.title)).toContain('Release notes');
    expect(list.documents.map((d) => d.title)).not.toContain('Installer secrets');
    expect(list.folders.map((f) => f.name)).toContain('Firmware notes');
    const searched = await ok(t.call(contentCalls.publicDocuments, { host: 'www.partner-a.test', searchText: 'secret' }, null));
    expect(searched.documents).toEqual([]);
    // Another brand's host does not list partner A's documents.
    const other = await ok(t.call(contentCalls.publicDocuments, { host: 'unknown.test' }, null));
    expect(other.documents.map((d) => d.id)).not.toContain(pub.id);

    const url = list.documents.find((d) => d.id === pub.id)!.versions[0]!.url;
    expect(url).toContain(`versionId=${v.id}`);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(body)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-${body.length - 1}/${body.length}`);
    expect(part.rawPayload.equals(body.subarray(100))).toBe(true);
    // Signed-in-only: answered as unknown; another host: also.
    const hidden = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/content/public/document/download?host=www.partner-a.test&versionId=${vp.id}`,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.rawPayload.includes(Buffer.from('secret'))).toBe(false);
    const wrongHost = await t.app.inject({ method: 'GET', url: url.replace('www.partner-a.test', 'unknown.test') });
    expect(wrongHost.statusCode).toBe(404);
  });

  /** A released en-US product category. */
  const releasedCategory = async (title: string, slug: string) => {
    const cat = await ok(
      t.call(contentCalls.itemCreate, { type: 'product_category', shared: {}, locale: 'en-US', translation: { title, slug } }, owner),
    );
    await ok(t.call(contentCalls.itemOperate, { id: cat.id, locale: 'en-US', action: 'release' }, owner));
    return cat;
  };
  /** A draft en-US product of `model` in a category. */
  const draftProduct = (model: string, categoryId: number, translation: { title: string; slug: string; summary?: string }) =>
    ok(t.call(contentCalls.itemCreate, { type: 'product', shared: { model, categoryId }, locale: 'en-US', translation }, owner));

  it('files each released product under its category and model with a printable datasheet, once', async () => {
    const cat = await releasedCategory('Bullet cameras', 'bullet');
    const p = await draftProduct('AV-IPC-B4', cat.id, { title: 'Bullet 4MP', slug: 'av-ipc-b4', summary: '<script>alert(1)</script>' });
    await ok(t.call(contentCalls.itemOperate, { id: p.id, locale: 'en-US', action: 'release' }, owner));
    const r1 = await ok(t.call(contentFileCalls.autoFiles, {}, owner));
    expect(r1).toMatchObject({ folders: 2, documents: 1, versions: 1 });
    expect(await ok(t.call(contentFileCalls.autoFiles, {}, owner))).toEqual({ folders: 0, documents: 0, versions: 0 });
    const folders = await ok(t.call(contentFileCalls.folderList, {}, owner));
    const catFolder = folders.find((f) => f.name === 'Bullet cameras' && f.parentId === null)!;
    const modelFolder = folders.find((f) => f.name === 'AV-IPC-B4' && f.parentId === catFolder.id)!;
    expect(modelFolder.auto).toBe(true);
    expect(await code(t.call(contentFileCalls.folderDelete, { id: modelFolder.id }, owner))).toBe(ErrorCodes.contentFolderAuto);
    const list = await ok(t.call(contentCalls.publicDocuments, { host: 'www.partner-a.test', searchText: 'AV-IPC-B4' }, null));
    const sheet = list.documents.find((d) => d.kind === 'datasheet')!;
    const res = await t.app.inject({ method: 'GET', url: sheet.versions[0]!.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('AV-IPC-B4');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('asks for the auto files after a release of a product (a job per site), and the job files it as the releaser', async () => {
    // The queue is pg-boss in the server; here the job is recorded as sent, then run as the worker runs it.
    const sent: Array<{ name: string; data: { siteId: number; by: string }; opts: { singletonKey?: string } }> = [];
    const jobs = t.services.jobs;
    t.services.jobs = () => ({ send: async (name: string, data: never, opts: never) => (sent.push({ name, data, opts }), 'id') }) as never;
    try {
      const cat = await releasedCategory('Dome cameras', 'dome');
      const p = await draftProduct('AV-IPC-D7', cat.id, { title: 'Dome 7', slug: 'av-ipc-d7' });
      // The category's release asked once; the product's save (no release) asked nothing more.
      expect(sent).toHaveLength(1);
      await ok(t.call(contentCalls.itemOperate, { id: p.id, locale: 'en-US', action: 'release' }, owner));
      expect(sent).toHaveLength(2);
      const job = sent[1]!;
      expect(job.name).toBe('content.auto-files');
      expect(job.data).toEqual({ siteId: p.siteId, by: expect.any(String) });
      expect(job.opts.singletonKey).toBe(`site:${p.siteId}`);
      // A refused move asks for nothing (the transaction rolled back, so its after-commit work never runs).
      expect(await code(t.call(contentCalls.itemOperate, { id: p.id, locale: 'en-US', action: 'release' }, owner))).toBe(
        ErrorCodes.contentAlreadyDone,
      );
      expect(sent).toHaveLength(2);

      const first = await runAutoFilesJob(t.database, t.fileStore, job.data, t.clock.now());
      expect(first).toMatchObject({ documents: 1, versions: 1 });
      expect(await runAutoFilesJob(t.database, t.fileStore, job.data, t.clock.now())).toEqual({ folders: 0, documents: 0, versions: 0 });
      const list = await ok(t.call(contentCalls.publicDocuments, { host: 'www.partner-a.test', searchText: 'AV-IPC-D7' }, null));
      const sheet = list.documents.find((d) => d.kind === 'datasheet')!;
      const versions = await ok(t.call(contentFileCalls.versionList, { documentId: sheet.id }, owner));
      expect(versions.map((v) => v.createdByName)).toEqual([job.data.by]);
      // A site that is gone: the job has nothing to do.
      expect(await runAutoFilesJob(t.database, t.fileStore, { siteId: 987654, by: 'x' }, t.clock.now())).toBeNull();
    } finally {
      t.services.jobs = jobs;
    }
  });
});
