/**
 * Resumable content uploads (issue 14 §5): a manual over 20 MB goes in chunks that each start at the
 * bytes received; a broken chunk leaves the offset where it was and the upload resumes from what
 * the session says; a wrong offset, a wrong length, a size over the use's limit, a wrong SHA-256 and
 * an expired session are refused with their codes; another company's session is unknown (1004);
 * the complete gives an unattached upload of the use that a document version can name, and the
 * purge removes expired sessions with their chunks.
 */
import {
  buildBasic,
  CONTENT_UPLOAD_CHUNK_BYTES,
  CONTENT_UPLOAD_CHUNK_PATH,
  CONTENT_UPLOAD_SESSION_TTL_MS,
  contentCalls,
  contentFileCalls,
  ErrorCodes,
  type ContentUploadSession,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentUploadSessions, files } from '../../../src/db/schema';
import { purgeExpiredUploadSessions } from '../../../src/modules/cloud-content';
import { sessionUpload } from '../../../src/modules/cloud-content/uploads.service';
import { chunkKeyOf } from '../../../src/lib/files';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const MB = 1024 * 1024;
/** A PDF of `size` bytes: its signature, then filler. */
const pdf = (size: number, fill = 0x20) => {
  const b = Buffer.alloc(size, fill);
  Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n').copy(b);
  return b;
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(ENGINES)('resumable content uploads (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let dealer: Session;

  const ok = async <T>(p: Promise<{ basic: { code: number; msg: string }; data: T }>): Promise<T> => {
    const r = await p;
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };
  const code = async (p: Promise<{ basic: { code: number } }>) => (await p).basic.code;

  async function putChunk(session: Session, sessionId: number, offset: number, body: Buffer, opts: { signedSize?: number } = {}) {
    const data = { sessionId, offset, size: opts.signedSize ?? body.length, sha256: sha(body) };
    const basic = buildBasic({
      token: session.token,
      signKey: session.signKey,
      path: 'content/upload-session/chunk',
      data,
      now: t.clock.now(),
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${CONTENT_UPLOAD_CHUNK_PATH}?${new URLSearchParams({ sessionId: String(sessionId), offset: String(offset) })}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic), 'x-locale': 'zh-CN' },
    });
    return res.json() as { basic: { code: number; msg: string }; data: ContentUploadSession };
  }
  const start = (session: Session, file: Buffer, name = 'guide.pdf', use: 'manual' | 'video' = 'manual') =>
    t.call(contentFileCalls.uploadSessionCreate, { use, name, size: file.length, sha256: sha(file) }, session);
  /** Sends every chunk from the offset the server has. */
  async function sendRest(session: Session, id: number, file: Buffer) {
    let s = await ok(t.call(contentFileCalls.uploadSessionGet, { id }, session));
    while (s.receivedBytes < s.size) {
      const r = await putChunk(session, id, s.receivedBytes, file.subarray(s.receivedBytes, s.receivedBytes + s.chunkBytes));
      expect(r.basic.code, r.basic.msg).toBe(200);
      s = r.data;
    }
    return s;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    dealer = await t.login('dealer-a@test.local');
    await ok(t.call(contentCalls.siteSave, { name: 'Partner A Vision', slug: 'partner-a', domains: ['www.partner-a.test'] }, owner));
  });
  afterAll(() => t?.close());

  it('resumes after a broken chunk from the offset the server has, and completes into an unattached manual', async () => {
    const file = pdf(4 * CONTENT_UPLOAD_CHUNK_BYTES + MB + 123);
    const s = await ok(start(owner, file));
    expect(s).toMatchObject({ use: 'manual', size: file.length, receivedBytes: 0, chunkBytes: CONTENT_UPLOAD_CHUNK_BYTES });
    expect((await putChunk(owner, s.id, 0, file.subarray(0, CONTENT_UPLOAD_CHUNK_BYTES))).data.receivedBytes).toBe(
      CONTENT_UPLOAD_CHUNK_BYTES,
    );
    // The connection breaks in the middle of the second chunk: only part of it arrives, and it is refused.
    const part = await putChunk(
      owner,
      s.id,
      CONTENT_UPLOAD_CHUNK_BYTES,
      file.subarray(CONTENT_UPLOAD_CHUNK_BYTES, CONTENT_UPLOAD_CHUNK_BYTES + 1000),
    );
    expect(part.basic.code).toBe(ErrorCodes.uploadChunkInvalid);
    // The complete before the end says how much is there.
    const early = await t.call(contentFileCalls.uploadSessionComplete, { id: s.id }, owner);
    expect(early.basic.code).toBe(ErrorCodes.uploadIncomplete);
    // Resume: ask the server, send the rest.
    expect((await ok(t.call(contentFileCalls.uploadSessionGet, { id: s.id }, owner))).receivedBytes).toBe(CONTENT_UPLOAD_CHUNK_BYTES);
    expect((await sendRest(owner, s.id, file)).receivedBytes).toBe(file.length);
    const asset = await ok(t.call(contentFileCalls.uploadSessionComplete, { id: s.id }, owner));
    expect(asset).toMatchObject({ use: 'manual', name: 'guide.pdf', mime: 'application/pdf', size: file.length, sha256: sha(file) });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, asset.fileId));
    expect(row).toMatchObject({ companyId: t.world.companies.partnerA.id, size: file.length, sha256: sha(file), isPublic: false });
    expect(row!.path).toMatch(/^content\/manual\//);
    // The session and its chunks are gone; a second complete finds nothing.
    expect(await t.database.db.select().from(contentUploadSessions).where(eq(contentUploadSessions.id, s.id))).toEqual([]);
    expect(
      await t.services.fileStore.exists(
        chunkKeyOf(sessionUpload({ id: s.id, size: file.length, chunkBytes: CONTENT_UPLOAD_CHUNK_BYTES }), 0),
      ),
    ).toBe(false);
    expect(await code(t.call(contentFileCalls.uploadSessionComplete, { id: s.id }, owner))).toBe(ErrorCodes.notFound);
    // A document version names it.
    const folder = await ok(t.call(contentFileCalls.folderSave, { parentId: null, name: 'Big manuals' }, owner));
    const doc = await ok(t.call(contentFileCalls.documentSave, { folderId: folder.id, title: 'Big guide', publicAccess: true }, owner));
    const v = await ok(
      t.call(contentFileCalls.versionAdd, { documentId: doc.id, fileId: asset.fileId, locale: 'en-US', notes: '' }, owner),
    );
    expect(v.sha256).toBe(sha(file));
  });

  it('refuses a chunk at another offset, naming the bytes received, and one signed for other bytes', async () => {
    const file = pdf(4 * CONTENT_UPLOAD_CHUNK_BYTES + 10);
    const s = await ok(start(owner, file));
    const ahead = await putChunk(
      owner,
      s.id,
      CONTENT_UPLOAD_CHUNK_BYTES,
      file.subarray(CONTENT_UPLOAD_CHUNK_BYTES, 2 * CONTENT_UPLOAD_CHUNK_BYTES),
    );
    expect(ahead.basic.code).toBe(ErrorCodes.contentUploadOffset);
    expect(ahead.basic.msg).toContain('0');
    expect(ahead.basic.msg).toMatch(/[\u4e00-\u9fff]/);
    await ok(putChunk(owner, s.id, 0, file.subarray(0, CONTENT_UPLOAD_CHUNK_BYTES)));
    // The same chunk again (a retry after a lost answer) starts before the received bytes.
    const again = await putChunk(owner, s.id, 0, file.subarray(0, CONTENT_UPLOAD_CHUNK_BYTES));
    expect(again.basic.code).toBe(ErrorCodes.contentUploadOffset);
    expect(again.basic.msg).toContain(String(CONTENT_UPLOAD_CHUNK_BYTES));
    // Bytes other than those signed: the sign does not match.
    const forged = await putChunk(
      owner,
      s.id,
      CONTENT_UPLOAD_CHUNK_BYTES,
      file.subarray(CONTENT_UPLOAD_CHUNK_BYTES, 2 * CONTENT_UPLOAD_CHUNK_BYTES),
      {
        signedSize: 7,
      },
    );
    expect(forged.basic.code).not.toBe(200);
    expect((await ok(t.call(contentFileCalls.uploadSessionGet, { id: s.id }, owner))).receivedBytes).toBe(CONTENT_UPLOAD_CHUNK_BYTES);
  });

  it("refuses sizes over the use's limit, small files, other types, and a file whose bytes differ from its SHA-256", async () => {
    const huge = { use: 'manual' as const, name: 'huge.pdf', size: 501 * MB, sha256: '0'.repeat(64) };
    const over = await t.call(contentFileCalls.uploadSessionCreate, huge, owner);
    expect(over.basic.code).toBe(ErrorCodes.contentFileTooLarge);
    expect(over.basic.msg).toContain('500');
    expect(await code(t.call(contentFileCalls.uploadSessionCreate, { ...huge, use: 'video', name: 'v.mp4', size: 2049 * MB }, owner))).toBe(
      ErrorCodes.contentFileTooLarge,
    );
    expect(await code(t.call(contentFileCalls.uploadSessionCreate, { ...huge, size: 20 * MB }, owner))).toBe(
      ErrorCodes.contentUploadDirect,
    );
    expect(await code(t.call(contentFileCalls.uploadSessionCreate, { ...huge, name: 'x.exe', size: 30 * MB }, owner))).toBe(
      ErrorCodes.contentFileType,
    );
    // Declared with one SHA-256, sent other bytes: refused at the complete, and the session goes.
    const file = pdf(4 * CONTENT_UPLOAD_CHUNK_BYTES + 5);
    const s = await ok(
      t.call(
        contentFileCalls.uploadSessionCreate,
        { use: 'manual', name: 'm.pdf', size: file.length, sha256: sha(pdf(file.length, 0x21)) },
        owner,
      ),
    );
    await sendRest(owner, s.id, file);
    expect(await code(t.call(contentFileCalls.uploadSessionComplete, { id: s.id }, owner))).toBe(ErrorCodes.contentUploadChecksum);
    expect(await code(t.call(contentFileCalls.uploadSessionGet, { id: s.id }, owner))).toBe(ErrorCodes.notFound);
    // A renamed file: not a PDF by content.
    const fake = Buffer.alloc(4 * CONTENT_UPLOAD_CHUNK_BYTES + 5, 0x41);
    const f = await ok(start(owner, fake, 'fake.pdf'));
    await sendRest(owner, f.id, fake);
    expect(await code(t.call(contentFileCalls.uploadSessionComplete, { id: f.id }, owner))).toBe(ErrorCodes.contentFileType);
  });

  it("answers another company's session as unknown (1004) and refuses distributors", async () => {
    const other = t.world.tenant.otherContentUploadSessionId;
    expect(await code(t.call(contentFileCalls.uploadSessionGet, { id: other }, owner))).toBe(ErrorCodes.notFound);
    expect(await code(t.call(contentFileCalls.uploadSessionComplete, { id: other }, owner))).toBe(ErrorCodes.notFound);
    expect((await putChunk(owner, other, 0, pdf(CONTENT_UPLOAD_CHUNK_BYTES))).basic.code).toBe(ErrorCodes.notFound);
    // Partner A's own session is partner B's unknown one.
    const file = pdf(4 * CONTENT_UPLOAD_CHUNK_BYTES + 1);
    const mine = await ok(start(owner, file));
    expect(await code(t.call(contentFileCalls.uploadSessionGet, { id: mine.id }, ownerB))).toBe(ErrorCodes.notFound);
    expect((await putChunk(ownerB, mine.id, 0, file.subarray(0, CONTENT_UPLOAD_CHUNK_BYTES))).basic.code).toBe(ErrorCodes.notFound);
    expect(await code(start(dealer, file))).toBe(ErrorCodes.forbidden);
  });

  it('refuses chunks and the complete once the session has expired, and the purge removes it with its chunks', async () => {
    const file = pdf(4 * CONTENT_UPLOAD_CHUNK_BYTES + 9);
    const s = await ok(start(owner, file));
    await ok(putChunk(owner, s.id, 0, file.subarray(0, CONTENT_UPLOAD_CHUNK_BYTES)));
    const key = chunkKeyOf(sessionUpload({ id: s.id, size: file.length, chunkBytes: CONTENT_UPLOAD_CHUNK_BYTES }), 0);
    expect(await t.services.fileStore.exists(key)).toBe(true);
    expect(s.expiresAt).toBe(t.clock.now() + CONTENT_UPLOAD_SESSION_TTL_MS);
    t.clock.advance(CONTENT_UPLOAD_SESSION_TTL_MS + 1000);
    const fresh = await t.login('owner-a@test.local');
    const late = await putChunk(
      fresh,
      s.id,
      CONTENT_UPLOAD_CHUNK_BYTES,
      file.subarray(CONTENT_UPLOAD_CHUNK_BYTES, 2 * CONTENT_UPLOAD_CHUNK_BYTES),
    );
    expect(late.basic.code).toBe(ErrorCodes.contentUploadExpired);
    expect(await code(t.call(contentFileCalls.uploadSessionComplete, { id: s.id }, fresh))).toBe(ErrorCodes.contentUploadExpired);
    expect(await purgeExpiredUploadSessions(t.database, t.services.fileStore, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.services.fileStore.exists(key)).toBe(false);
    expect(await code(t.call(contentFileCalls.uploadSessionGet, { id: s.id }, fresh))).toBe(ErrorCodes.notFound);
    // Partner B's session (fixtures) has not expired and stays.
    expect(
      await t.database.db
        .select()
        .from(contentUploadSessions)
        .where(eq(contentUploadSessions.id, t.world.tenant.otherContentUploadSessionId)),
    ).toHaveLength(1);
    expect(await purgeExpiredUploadSessions(t.database, t.services.fileStore, t.clock.now())).toBe(0);
  });
});
