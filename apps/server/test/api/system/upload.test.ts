import { API_PREFIX, buildBasic, ErrorCodes, FILE_UPLOAD_PATH, LOGO_UPLOAD_MAX_BYTES } from '@portal/contract';
import { deflateSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, operationLogs } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

/** A real 2x2 PNG. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(ENGINES)('uploads (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let noCodes: Session;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    noCodes = await t.login('nocodes-a@test.local');
  });
  afterAll(() => t?.close());

  async function upload(session: Session, purpose: string, name: string, body: Buffer, opts: { signBody?: Buffer } = {}) {
    const signed = opts.signBody ?? body;
    const data = { purpose, name, size: signed.length, sha256: createHash('sha256').update(signed).digest('hex') };
    const basic = buildBasic({ token: session.token, signKey: session.signKey, path: FILE_UPLOAD_PATH, data, now: t.clock.now() });
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=${purpose}&name=${encodeURIComponent(name)}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
    });
    return res.json();
  }

  it('stores a logo checked by content, records it and logs the upload', async () => {
    const r = await upload(owner, 'logo', 'brand.png', png());
    expect(r.basic.code).toBe(200);
    expect(r.data.mime).toBe('image/png');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, r.data.fileId));
    expect(row.companyId).toBe(t.world.companies.partnerA.id);
    expect(await t.fileStore.exists(row.path)).toBe(true);
    const logs = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, FILE_UPLOAD_PATH));
    expect(logs).toHaveLength(1);
  });

  it('refuses content that does not match the extension', async () => {
    expect((await upload(owner, 'logo', 'brand.jpg', png())).basic.code).toBe(ErrorCodes.fileTypeMismatch);
    expect((await upload(owner, 'logo', 'notes.png', Buffer.from('just some text'))).basic.code).toBe(ErrorCodes.fileTypeMismatch);
  });

  it('refuses a type the purpose does not allow, and a file over the limit', async () => {
    expect((await upload(owner, 'logo', 'sheet.xlsx', Buffer.from('PK\u0003\u0004'))).basic.code).toBe(ErrorCodes.fileTypeNotAllowed);
    const big = Buffer.concat([png(), Buffer.alloc(LOGO_UPLOAD_MAX_BYTES)]);
    expect((await upload(owner, 'logo', 'big.png', big)).basic.code).toBe(ErrorCodes.fileTooLarge);
  });

  it('refuses a body swapped after signing, and a caller without the code', async () => {
    expect((await upload(owner, 'logo', 'brand.png', png(), { signBody: Buffer.from('other') })).basic.code).toBe(ErrorCodes.badSign);
    expect((await upload(noCodes, 'logo', 'brand.png', png())).basic.code).toBe(ErrorCodes.forbidden);
    expect((await upload(owner, 'nonsense', 'brand.png', png())).basic.code).toBe(ErrorCodes.forbidden);
  });
});
