import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { LOGO_UPLOAD_MAX_BYTES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../src/db/schema';
import { AppError } from '../../../src/lib/app-error';
import { checkUpload, imageDimensions, LocalFileStore, storeUpload } from '../../../src/lib/files';
import { openDb, type TestDb } from '../helpers/db';
import { makeGif, makeJpeg, makePdf, makePng, makeZip } from '../helpers/images';

const IMAGES = ['png', 'jpg', 'gif'];

async function rejectCode(p: Promise<unknown>): Promise<{ code: number; params?: Record<string, string | number> }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, params: (err as AppError).params };
}

async function makeXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('devices').addRows([
    ['sn', 'mac'],
    ['SN0001', '00:11:22:33:44:55'],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('imageDimensions', () => {
  it('reads PNG, JPEG and GIF headers', () => {
    expect(imageDimensions(makePng(3, 2))).toEqual({ type: 'png', width: 3, height: 2 });
    expect(imageDimensions(makeJpeg(17, 9))).toEqual({ type: 'jpg', width: 17, height: 9 });
    expect(imageDimensions(makeGif(1, 1))).toEqual({ type: 'gif', width: 1, height: 1 });
    expect(imageDimensions(makeGif(320, 200))).toEqual({ type: 'gif', width: 320, height: 200 });
  });

  it('finds the frame after other JPEG segments and gives null for non-images', () => {
    const jpeg = makeJpeg(640, 480);
    // an APP1 segment before the frame, as cameras write EXIF
    const app1 = Buffer.from([0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00]);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(imageDimensions(withExif)).toEqual({ type: 'jpg', width: 640, height: 480 });
    expect(imageDimensions(Buffer.from('not an image at all'))).toBeNull();
    expect(imageDimensions(makePng(1, 1).subarray(0, 10))).toBeNull();
    expect(imageDimensions(jpeg.subarray(0, 30))).toBeNull();
  });
});

describe('checkUpload', () => {
  it('accepts real images under their own extension, jpeg and jpg alike', async () => {
    expect(await checkUpload(makePng(2, 2), { fileName: 'logo.PNG', allowed: IMAGES })).toMatchObject({ ext: 'png', mime: 'image/png' });
    expect(await checkUpload(makeJpeg(8, 8), { fileName: 'photo.jpeg', allowed: IMAGES })).toMatchObject({
      ext: 'jpg',
      mime: 'image/jpeg',
    });
    expect(await checkUpload(makeJpeg(8, 8), { fileName: 'photo.jpg', allowed: ['jpeg'] })).toMatchObject({ ext: 'jpg' });
    expect(await checkUpload(makeGif(), { fileName: 'a.gif', allowed: IMAGES })).toMatchObject({ ext: 'gif', mime: 'image/gif', size: 43 });
  });

  it('rejects content that disagrees with the extension with 1009', async () => {
    expect((await rejectCode(checkUpload(makePng(2, 2), { fileName: 'renamed.jpg', allowed: IMAGES }))).code).toBe(1009);
    expect((await rejectCode(checkUpload(Buffer.from('just some text'), { fileName: 'fake.png', allowed: IMAGES }))).code).toBe(1009);
    expect((await rejectCode(checkUpload(makeZip({ 'a.txt': 'x' }), { fileName: 'list.xlsx', allowed: ['xlsx'] }))).code).toBe(1009);
    expect((await rejectCode(checkUpload(makePng(1, 1), { fileName: 'notes.txt', allowed: ['txt'] }))).code).toBe(1009);
    expect((await rejectCode(checkUpload(Buffer.from([1, 0, 2]), { fileName: 'list.csv', allowed: ['csv'] }))).code).toBe(1009);
  });

  it('rejects extensions that are not allowed with 1011', async () => {
    expect((await rejectCode(checkUpload(makePdf(), { fileName: 'doc.pdf', allowed: IMAGES }))).code).toBe(1011);
    expect((await rejectCode(checkUpload(makePng(1, 1), { fileName: 'noext', allowed: IMAGES }))).code).toBe(1011);
    expect((await rejectCode(checkUpload(makePng(1, 1), { fileName: '.png', allowed: IMAGES }))).code).toBe(1011);
    // a name-only type cannot be verified unless declared opaque binary
    expect((await rejectCode(checkUpload(Buffer.from([1, 2, 3]), { fileName: 'fw.bin', allowed: ['bin'] }))).code).toBe(1011);
  });

  it('rejects a file over the limit with 1010 and a readable maximum', async () => {
    const big = Buffer.concat([makePng(1, 1), Buffer.alloc(LOGO_UPLOAD_MAX_BYTES)]);
    expect(await rejectCode(checkUpload(big, { fileName: 'big.png', allowed: IMAGES, maxBytes: LOGO_UPLOAD_MAX_BYTES }))).toEqual({
      code: 1010,
      params: { max: '2 MB' },
    });
    expect(
      (await rejectCode(checkUpload(Buffer.alloc(600 * 1024), { fileName: 'x.png', allowed: IMAGES, maxBytes: 500 * 1024 }))).params,
    ).toEqual({ max: '500 KB' });
  });

  it('accepts xlsx (a zip with the OOXML parts), pdf, zip, csv and legacy xls', async () => {
    const xlsx = await makeXlsx();
    expect(await checkUpload(xlsx, { fileName: 'devices.xlsx', allowed: ['xlsx', 'xls'] })).toMatchObject({
      ext: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(await checkUpload(xlsx, { fileName: 'devices.zip', allowed: ['zip'] })).toMatchObject({ ext: 'zip' });
    expect(await checkUpload(makePdf(), { fileName: 'manual.pdf', allowed: ['pdf'] })).toMatchObject({ mime: 'application/pdf' });
    expect(await checkUpload(makeZip({ 'readme.txt': 'hi' }), { fileName: 'pkg.zip', allowed: ['zip'] })).toMatchObject({
      mime: 'application/zip',
    });
    expect(await checkUpload(Buffer.from('sn,mac\nSN1,00:11\n'), { fileName: 'list.csv', allowed: ['csv'] })).toMatchObject({ ext: 'csv' });
    const cfb = Buffer.alloc(1024);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(cfb);
    expect(await checkUpload(cfb, { fileName: 'old.xls', allowed: ['xls'] })).toMatchObject({
      ext: 'xls',
      mime: 'application/vnd.ms-excel',
    });
  });

  it('lets opaque firmware through as binary, but not images or documents renamed to .bin', async () => {
    const firmware = Buffer.from([0x27, 0x05, 0x19, 0x56, ...Array(60).fill(0xab)]); // uImage-like header
    expect(await checkUpload(firmware, { fileName: 'IPC_V5.7.bin', allowed: ['bin'], binary: true })).toMatchObject({
      ext: 'bin',
      mime: 'application/octet-stream',
    });
    for (const [bytes, what] of [
      [makePng(1, 1), 'png'],
      [makeJpeg(8, 8), 'jpg'],
      [makePdf(), 'pdf'],
      [await makeXlsx(), 'xlsx'],
    ] as const) {
      const { code } = await rejectCode(checkUpload(bytes, { fileName: `fw-${what}.bin`, allowed: ['bin'], binary: true }));
      expect(code).toBe(1009);
    }
    // a firmware zip is an archive, not a document
    expect(await checkUpload(makeZip({ 'fw.img': 'x' }), { fileName: 'pkg.bin', allowed: ['bin'], binary: true })).toMatchObject({
      ext: 'bin',
    });
  });
});

describe('storeUpload', () => {
  let t: TestDb;
  let dir: string;
  let store: LocalFileStore;
  beforeAll(async () => {
    t = await openDb('pglite');
    dir = await mkdtemp(path.join(tmpdir(), 'portal-upload-'));
    store = new LocalFileStore(dir);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the bytes under purpose/yyyy/mm/uuid.ext and records them', async () => {
    const png = makePng(4, 4);
    await checkUpload(png, { fileName: 'My Logo.PNG', allowed: IMAGES });
    const row = await storeUpload({
      db: t.database.db,
      store,
      companyId: null,
      userId: null,
      buffer: png,
      fileName: 'C:\\Users\\me\\My Logo.PNG',
      purpose: 'logos',
      isPublic: true,
      now: new Date(Date.UTC(2026, 10, 21)),
    });
    expect(row.path).toMatch(/^logos\/2026\/11\/[0-9a-f-]{36}\.png$/);
    expect(row).toMatchObject({ name: 'My Logo.PNG', mime: 'image/png', size: png.length, isPublic: true });
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(await readAll((await store.get(row.path)).stream)).toEqual(png);
    const [again] = await t.database.db.select().from(files).where(eq(files.id, row.id));
    expect(again.path).toBe(row.path);
  });

  it('works inside the caller transaction and removes the object when the row fails', async () => {
    const gif = makeGif();
    const row = await t.database.db.transaction((tx) =>
      storeUpload({ db: tx, store, companyId: null, userId: null, buffer: gif, fileName: 'a.gif', purpose: 'branding/icons' }),
    );
    expect(row.path.startsWith('branding/icons/')).toBe(true);
    expect(row.isPublic).toBe(false);

    // the row cannot be written: the stored object must not be left behind
    const brokenDb = {
      insert: () => ({ values: () => ({ returning: () => Promise.reject(new Error('database down')) }) }),
    } as unknown as typeof t.database.db;
    await expect(
      storeUpload({ db: brokenDb, store, companyId: null, userId: null, buffer: gif, fileName: 'b.gif', purpose: 'orphans' }),
    ).rejects.toThrow('database down');
    const left = await readdir(path.join(dir, 'orphans'), { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile())).toEqual([]);
    await expect(
      storeUpload({ db: t.database.db, store, companyId: null, userId: null, buffer: gif, fileName: 'c.gif', purpose: '../x' }),
    ).rejects.toThrow(/purpose/);
  });
});
