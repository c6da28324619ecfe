/**
 * Firmware packages (issue 4 §2): the record, the resumable chunked upload through the portal's
 * storage with its security token, verification of the md5 and the sync to every DC (run by
 * processPendingPackages, as the upgrade loop does), the owner's actions through
 * firmwarePackageMachine, edits, the list filters and tenancy, the version/country lookups
 * over the caller's devices, and the cleanup of abandoned uploads.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  authCalls,
  buildBasic,
  DAY_MS,
  ErrorCodes,
  PACKAGE_CHUNK_BYTES,
  PACKAGE_UPLOAD_ABANDON_DAYS,
  PACKAGE_VALIDITY_MIN_DAYS,
  STORAGE_PATH_PREFIX,
  STORAGE_TOKEN_TTL_MS,
  upgradeCalls,
  FILE_UPLOAD_PATH,
  type FirmwarePackage,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { files, firmwarePackageChunks, firmwarePackages, firmwarePackageSyncs, operationLogs, releaseTasks } from '../../../src/db/schema';
import { processPendingPackages } from '../../../src/modules/cloud-upgrade/packages.calls';
import { CLAIM_LEASE_MS, deleteAbandonedUploads } from '../../../src/modules/cloud-upgrade/packages.processing';
import { chunkKey } from '../../../src/modules/cloud-upgrade/packages.storage';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { seedDevices } from '../../support/upgrade-fixtures';
import { makePng } from '../../lib/helpers/images';

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(ENGINES)('firmware packages (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let supplier: Session;
  /** Two chunks: a full one and 1 MiB. */
  const big = randomBytes(PACKAGE_CHUNK_BYTES + 1024 * 1024);
  let versionSeq = 0;

  async function relogin() {
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    supplier = await t.login('supplier@test.local');
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await relogin();
  });
  afterAll(() => t?.close());

  const fields = (over: Record<string, unknown> = {}) => ({
    versionName: `V2.${++versionSeq}.0`,
    productType: 'IPC' as const,
    models: ['IPC-200'],
    compatibleVersions: ['V1.0.0'],
    validityDays: 30,
    isTest: false,
    descriptions: { 'en-US': 'Fixes and improvements', 'zh-CN': '修复与改进' },
    signSheetFileId: null,
    ...over,
  });

  async function create(content: Buffer, over: Record<string, unknown> = {}, session = owner): Promise<FirmwarePackage> {
    const r = await t.call(
      upgradeCalls.packageCreate,
      { ...fields(over), fileName: 'fw.bin', size: content.length, md5: md5(content), ...over } as never,
      session,
    );
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  }

  async function creds(pkgId: number, action: 'upload' | 'download' = 'upload', session = owner) {
    const r = await t.call(upgradeCalls.storageInfo, { action, pkgId }, session);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  }

  /** The path of an object under the storage URL (the tests talk to the app directly). */
  const objectPath = (objectName: string) => `${STORAGE_PATH_PREFIX}/${objectName}`;

  async function putChunk(objectName: string, token: string, index: number | string, body: Buffer, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${objectPath(objectName)}/chunks/${index}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', 'x-security-token': token, ...headers },
    });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
  }

  async function uploadStatus(objectName: string, token: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${objectPath(objectName)}/status`,
      headers: { 'x-security-token': token, ...headers },
    });
    return res.json() as {
      code: number;
      msg: string;
      data: { size: number; chunkBytes: number; received: number[]; uploadedBytes: number } | null;
    };
  }

  const chunkOf = (content: Buffer, i: number) => content.subarray(i * PACKAGE_CHUNK_BYTES, (i + 1) * PACKAGE_CHUNK_BYTES);

  async function uploadAll(pkg: FirmwarePackage, content: Buffer) {
    const c = await creds(pkg.pkgId);
    for (let i = 0; i * PACKAGE_CHUNK_BYTES < content.length; i++) {
      const r = await putChunk(c.storageInfo.objectName, c.storageInfo.securityToken, i, chunkOf(content, i));
      expect(r.code, r.msg).toBe(200);
    }
  }

  const process = () => processPendingPackages(t.database, t.services, t.clock.now());
  const get = async (pkgId: number, session = owner) => (await t.call(upgradeCalls.packageGet, { pkgId }, session)).data;
  const operate = (pkgId: number, action: 'abandon' | 'restore' | 'delete' | 'retrySync' | 'restartUpload', session = owner) =>
    t.call(upgradeCalls.packageOperate, { pkgId, action }, session);

  /** A small package uploaded, verified and synced. */
  async function syncedPackage(over: Record<string, unknown> = {}) {
    const content = randomBytes(4096);
    const pkg = await create(content, over);
    await uploadAll(pkg, content);
    expect((await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner)).basic.code).toBe(200);
    await process();
    const got = await get(pkg.pkgId);
    expect(got.status).toBe('synced');
    return got;
  }

  it('answers the limits of the upgrade screens', async () => {
    const r = await t.call(upgradeCalls.appConfig, {}, owner);
    expect(r.data).toMatchObject({ chunkBytes: PACKAGE_CHUNK_BYTES, validityMinDays: PACKAGE_VALIDITY_MIN_DAYS });
    expect(r.data.canary.normal!.shares).toEqual([0.1, 0.3, 0.6]);
  });

  it('validates a new package: validity of at least 7 days, an en-US description, a version not yet used', async () => {
    const content = Buffer.from('firmware');
    const base = { fileName: 'fw.bin', size: content.length, md5: md5(content) };
    const short = await t.call(upgradeCalls.packageCreate, { ...fields({ validityDays: PACKAGE_VALIDITY_MIN_DAYS - 1 }), ...base }, owner);
    expect(short.basic.code).toBe(ErrorCodes.invalidParams);
    const noEnglish = await t.call(
      upgradeCalls.packageCreate,
      { ...fields({ descriptions: { 'zh-CN': '说明', 'en-US': ' ' } }), ...base },
      owner,
    );
    expect(noEnglish.basic.code).toBe(ErrorCodes.invalidParams);
    const badMd5 = await t.call(upgradeCalls.packageCreate, { ...fields(), ...base, md5: 'xyz' }, owner);
    expect(badMd5.basic.code).toBe(ErrorCodes.invalidParams);

    const first = await create(content, { versionName: 'V9.9.9' });
    expect(first).toMatchObject({
      status: 'upload_incomplete',
      uploadedBytes: 0,
      validUntil: null,
      sha256: null,
      companyName: 'Partner A',
    });
    const again = await t.call(upgradeCalls.packageCreate, { ...fields({ versionName: 'V9.9.9' }), ...base }, owner);
    expect(again.basic.code).toBe(ErrorCodes.versionExists);
    expect(again.basic.msg).toContain('V9.9.9');
    // The same version for another product type, or by another brand, is a different package.
    await create(content, { versionName: 'V9.9.9', productType: 'NVR', models: ['NVR-8'] });
    await create(content, { versionName: 'V9.9.9' }, ownerB);
    // Once deleted, the version is free again.
    expect((await operate(first.pkgId, 'delete')).data.status).toBe('deleted');
    await create(content, { versionName: 'V9.9.9' });
  });

  describe('resumable upload, verification and sync', () => {
    let pkg: FirmwarePackage;
    let objectName: string;
    let token: string;

    it('hands out storage credentials for the package object', async () => {
      pkg = await create(big, { versionName: 'V3.0.0', fileName: 'IPC_V3.0.0.bin' });
      const c = await creds(pkg.pkgId);
      expect(c.storageType).toBe('portal');
      expect(c.tokenTimeout).toBe(t.clock.now() + STORAGE_TOKEN_TTL_MS);
      expect(c.storageInfo).toMatchObject({
        storageUrl: `${t.services.config.publicUrl}${STORAGE_PATH_PREFIX}`,
        objectName: `uploads/firmware/${pkg.pkgId}`,
        accessKeyId: `portal-${t.world.companies.partnerA.id}`,
        accessKeySecret: '',
        bucketName: 'firmware',
        protocol: 'http',
      });
      objectName = c.storageInfo.objectName;
      token = c.storageInfo.securityToken;
      expect(token.length).toBeGreaterThan(40);
    });

    it('refuses a chunk of the wrong length or index, and a body that is not octet-stream', async () => {
      const short = await putChunk(objectName, token, 0, Buffer.alloc(100));
      expect(short.code).toBe(ErrorCodes.uploadChunkInvalid);
      expect(short.msg).toContain('expected');
      const lastTooLong = await putChunk(objectName, token, 1, Buffer.alloc(1024 * 1024 + 1));
      expect(lastTooLong.code).toBe(ErrorCodes.uploadChunkInvalid);
      const overChunk = await putChunk(objectName, token, 0, Buffer.alloc(PACKAGE_CHUNK_BYTES + 1));
      expect(overChunk.code).toBe(ErrorCodes.uploadChunkInvalid);
      expect((await putChunk(objectName, token, 2, Buffer.alloc(10))).code).toBe(ErrorCodes.uploadChunkInvalid);
      expect((await putChunk(objectName, token, -1, Buffer.alloc(10))).code).toBe(ErrorCodes.uploadChunkInvalid);
      expect((await putChunk(objectName, token, 'x', Buffer.alloc(10))).code).toBe(ErrorCodes.uploadChunkInvalid);
      const text = await putChunk(objectName, token, 1, Buffer.from('abc'), { 'content-type': 'text/plain' });
      expect(text.code).toBe(ErrorCodes.invalidParams);
      expect(await t.database.db.select().from(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkg.pkgId))).toHaveLength(0);
    });

    it('refuses a missing, forged or foreign token (24009), in the language asked for, without a stack', async () => {
      expect((await putChunk(objectName, '', 1, chunkOf(big, 1))).code).toBe(ErrorCodes.storageTokenInvalid);
      const forged = token.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`);
      const r = await putChunk(objectName, forged, 1, chunkOf(big, 1));
      expect(r).toMatchObject({ code: ErrorCodes.storageTokenInvalid, data: null });
      expect(r.msg).toBe('The upload credential is invalid or has expired.');
      expect(JSON.stringify(r)).not.toMatch(/at .*\.ts/);
      const zh = await uploadStatus(objectName, 'nonsense', { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(zh).toMatchObject({ code: ErrorCodes.storageTokenInvalid, msg: '上传凭证无效或已过期。' });
      // Another package's token does not open this object.
      const other = await create(Buffer.from('other'));
      const otherToken = (await creds(other.pkgId)).storageInfo.securityToken;
      expect((await putChunk(objectName, otherToken, 1, chunkOf(big, 1))).code).toBe(ErrorCodes.storageTokenInvalid);
      // Nor does a token naming this package's object under another package id.
      expect((await putChunk(`uploads/firmware/${other.pkgId}`, token, 0, Buffer.from('other'))).code).toBe(ErrorCodes.storageTokenInvalid);
    });

    it('resumes: the status names the chunks received, complete refuses until all are there', async () => {
      const second = await putChunk(objectName, token, 1, chunkOf(big, 1));
      expect(second).toMatchObject({ code: 200, data: { index: 1, size: 1024 * 1024, md5: md5(chunkOf(big, 1)) } });
      // (the upload breaks off here; the uploader asks what is there)
      const st = await uploadStatus(objectName, token);
      expect(st).toMatchObject({
        code: 200,
        data: { size: big.length, chunkBytes: PACKAGE_CHUNK_BYTES, received: [1], uploadedBytes: 1024 * 1024 },
      });
      expect((await get(pkg.pkgId)).uploadedBytes).toBe(1024 * 1024);

      const early = await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner);
      expect(early.basic.code).toBe(ErrorCodes.uploadIncomplete);
      expect(early.basic.params).toEqual({ received: 1024 * 1024, size: big.length });

      // A damaged first attempt at chunk 0, then the right bytes: the chunk sent again replaces it.
      const damaged = Buffer.from(chunkOf(big, 0));
      damaged[0] ^= 0xff;
      expect((await putChunk(objectName, token, 0, damaged)).code).toBe(200);
      expect((await putChunk(objectName, token, 0, chunkOf(big, 0))).code).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(firmwarePackageChunks)
        .where(and(eq(firmwarePackageChunks.pkgId, pkg.pkgId), eq(firmwarePackageChunks.idx, 0)));
      expect(row!.md5).toBe(md5(chunkOf(big, 0)));
      expect((await uploadStatus(objectName, token)).data).toMatchObject({ received: [0, 1], uploadedBytes: big.length });
    });

    it('completes into verifying, then verifies, stores md5 and sha256 and syncs to every DC', async () => {
      const done = await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner);
      expect(done.basic.code, done.basic.msg).toBe(200);
      expect(done.data).toMatchObject({ status: 'verifying', uploadedBytes: big.length });
      // No more chunks once complete.
      expect((await putChunk(objectName, token, 1, chunkOf(big, 1))).code).toBe(ErrorCodes.illegalTransition);

      await process();
      const synced = await get(pkg.pkgId);
      expect(synced).toMatchObject({ status: 'synced', statusReason: null, sha256: sha256(big), md5: md5(big), uploadedBytes: big.length });
      expect(synced.validUntil).toBe(t.clock.now() + 30 * DAY_MS);
      const { eu, us } = t.world.areas;
      expect(synced.sync).toEqual([
        { areaId: eu.id, areaName: 'Europe', state: 'synced', at: new Date(t.clock.now()).toISOString() },
        { areaId: us.id, areaName: 'Americas', state: 'synced', at: new Date(t.clock.now()).toISOString() },
      ]);

      const [stored] = await t.database.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, pkg.pkgId));
      expect(stored!.computedMd5).toBe(md5(big));
      const assembled = await t.fileStore.get(stored!.objectKey);
      const bytes: Buffer[] = [];
      for await (const b of assembled.stream as AsyncIterable<Buffer>) bytes.push(b);
      expect(Buffer.concat(bytes).equals(big)).toBe(true);
      const copies = await t.database.db.select().from(firmwarePackageSyncs).where(eq(firmwarePackageSyncs.pkgId, pkg.pkgId));
      for (const c of copies) expect(await t.fileStore.head(c.objectKey!)).toMatchObject({ size: big.length });
      // The chunks are gone, from the table and the store.
      expect(await t.database.db.select().from(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkg.pkgId))).toHaveLength(0);
      expect(await t.fileStore.exists(`uploads/firmware/${pkg.pkgId}/0`)).toBe(false);
      // The status still answers (everything received) for an uploader that resumes late.
      expect((await uploadStatus(objectName, token)).data).toMatchObject({ received: [0, 1], uploadedBytes: big.length });
      const logs = await t.database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.action, upgradeCalls.packageComplete.path), eq(operationLogs.targetId, String(pkg.pkgId))));
      expect(logs).toHaveLength(1);
    });

    it('reads the assembled package with read credentials, by range', async () => {
      const c = await creds(pkg.pkgId, 'download');
      const res = await t.app.inject({
        method: 'GET',
        url: objectPath(c.storageInfo.objectName),
        headers: { 'x-security-token': c.storageInfo.securityToken, range: 'bytes=100-199' },
      });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.equals(big.subarray(100, 200))).toBe(true);
      // An upload token does not read.
      const wrong = await t.app.inject({
        method: 'GET',
        url: objectPath(c.storageInfo.objectName),
        headers: { 'x-security-token': token },
      });
      expect(wrong.json()).toMatchObject({ code: ErrorCodes.storageTokenInvalid });
      // No upload credentials for a package already uploaded.
      expect((await t.call(upgradeCalls.storageInfo, { action: 'upload', pkgId: pkg.pkgId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
    });

    it('refuses a token after its expiry', async () => {
      const content = Buffer.from('expiring');
      const p = await create(content);
      const c = await creds(p.pkgId);
      t.clock.advance(STORAGE_TOKEN_TTL_MS + 1000);
      try {
        expect((await putChunk(c.storageInfo.objectName, c.storageInfo.securityToken, 0, content)).code).toBe(
          ErrorCodes.storageTokenInvalid,
        );
        expect((await uploadStatus(c.storageInfo.objectName, c.storageInfo.securityToken)).code).toBe(ErrorCodes.storageTokenInvalid);
      } finally {
        await relogin();
      }
      const fresh = await creds(p.pkgId);
      expect((await putChunk(fresh.storageInfo.objectName, fresh.storageInfo.securityToken, 0, content)).code).toBe(200);
    });
  });

  describe('verification failure and restart', () => {
    const intended = randomBytes(3000);
    const wrongFile = randomBytes(3000);
    let pkg: FirmwarePackage;

    it('fails verification when the md5 differs, naming the computed md5, and removes the assembled file', async () => {
      pkg = await create(intended, { versionName: 'V4.0.0' });
      await uploadAll(pkg, wrongFile);
      expect((await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner)).data.status).toBe('verifying');
      await process();
      const failed = await get(pkg.pkgId);
      expect(failed.status).toBe('verification_failed');
      expect(failed.statusReason).toBe(`The MD5 of the uploaded file (${md5(wrongFile)}) does not match the MD5 entered.`);
      const zh = await t.call(upgradeCalls.packageGet, { pkgId: pkg.pkgId }, owner, { locale: 'zh-CN' });
      expect(zh.data.statusReason).toContain(md5(wrongFile));
      expect(zh.data.statusReason).toContain('不一致');
      const [row] = await t.database.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, pkg.pkgId));
      expect(row!.computedMd5).toBe(md5(wrongFile));
      expect(await t.fileStore.exists(row!.objectKey)).toBe(false);
      expect(failed.sync).toEqual([]);
    });

    it('restarts the upload from nothing, and then verifies the right file', async () => {
      expect((await operate(pkg.pkgId, 'retrySync')).basic.code).toBe(ErrorCodes.illegalTransition);
      const restarted = await operate(pkg.pkgId, 'restartUpload');
      expect(restarted.data).toMatchObject({ status: 'upload_incomplete', statusReason: null, uploadedBytes: 0 });
      const c = await creds(pkg.pkgId);
      expect((await uploadStatus(c.storageInfo.objectName, c.storageInfo.securityToken)).data).toMatchObject({
        received: [],
        uploadedBytes: 0,
      });
      await uploadAll(pkg, intended);
      await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner);
      await process();
      expect(await get(pkg.pkgId)).toMatchObject({ status: 'synced', sha256: sha256(intended) });
    });
  });

  it('records a DC that cannot take the copy as sync_failed with the reason, and syncs again on retrySync', async () => {
    const content = randomBytes(2048);
    const pkg = await create(content, { versionName: 'V5.0.0' });
    await uploadAll(pkg, content);
    const store = t.services.fileStore;
    const realPut = store.put.bind(store);
    const usPrefix = `firmware/dc/${t.world.areas.us.id}/`;
    const spy = vi.spyOn(store, 'put').mockImplementation(async (key, body, opts) => {
      if (key.startsWith(usPrefix)) throw new Error('DC unreachable');
      return realPut(key, body, opts);
    });
    try {
      await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner);
      await process();
    } finally {
      spy.mockRestore();
    }
    const failed = await get(pkg.pkgId);
    expect(failed.status).toBe('sync_failed');
    expect(failed.statusReason).toBe('Americas: DC unreachable');
    expect(failed.validUntil).toBeNull();
    expect(failed.sync.map((s) => [s.areaName, s.state])).toEqual([
      ['Europe', 'synced'],
      ['Americas', 'failed'],
    ]);

    const retried = await operate(pkg.pkgId, 'retrySync');
    expect(retried.data).toMatchObject({ status: 'syncing', statusReason: null });
    await process();
    const synced = await get(pkg.pkgId);
    expect(synced.status).toBe('synced');
    expect(synced.sync.every((s) => s.state === 'synced')).toBe(true);
  });

  it("leaves a package another worker has claimed, and takes it over once the claim's lease has run out", async () => {
    const content = randomBytes(1024);
    const pkg = await create(content, { versionName: 'V5.5.0' });
    await uploadAll(pkg, content);
    // As if another instance had completed it and were verifying it right now.
    const claim = JSON.stringify({ claim: 'other-instance', at: t.clock.now() });
    await t.database.db
      .update(firmwarePackages)
      .set({ status: 'verifying', statusReason: claim, updatedAt: new Date(t.clock.now()) })
      .where(eq(firmwarePackages.id, pkg.pkgId));
    await process();
    expect(await get(pkg.pkgId)).toMatchObject({ status: 'verifying', statusReason: null });
    t.clock.advance(CLAIM_LEASE_MS + 1000);
    await relogin();
    await process();
    expect((await get(pkg.pkgId)).status).toBe('synced');
  });

  describe('operations', () => {
    let pkg: FirmwarePackage;

    it('abandons and restores a synced package, and refuses what the machine does not allow (1017)', async () => {
      pkg = await syncedPackage({ versionName: 'V6.0.0' });
      expect((await operate(pkg.pkgId, 'restore')).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await operate(pkg.pkgId, 'retrySync')).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await operate(pkg.pkgId, 'restartUpload')).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await t.call(upgradeCalls.packageComplete, { pkgId: pkg.pkgId }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await operate(pkg.pkgId, 'abandon')).data.status).toBe('abandoned');
      expect((await operate(pkg.pkgId, 'abandon')).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await operate(pkg.pkgId, 'restore')).data.status).toBe('synced');
      const logs = await t.database.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.action, `${upgradeCalls.packageOperate.path}/abandon`));
      expect(logs.some((l) => l.targetId === String(pkg.pkgId))).toBe(true);
    });

    it('refuses abandon and delete while a release task on the package is not finished (24002)', async () => {
      const [task] = await t.database.db
        .insert(releaseTasks)
        .values({
          pkgId: pkg.pkgId,
          companyId: pkg.companyId,
          companyPath: t.world.companies.partnerA.path,
          releaseType: 'full',
          areaIds: [t.world.areas.eu.id],
          target: {},
          startAt: new Date(Date.UTC(2031, 0, 1)),
          endAt: new Date(Date.UTC(2031, 1, 1)),
          gates: {},
          status: 'paused',
          createdByName: 'owner-a',
        })
        .returning();
      expect((await operate(pkg.pkgId, 'abandon')).basic.code).toBe(ErrorCodes.packageInUse);
      expect((await operate(pkg.pkgId, 'delete')).basic.code).toBe(ErrorCodes.packageInUse);
      expect((await get(pkg.pkgId)).status).toBe('synced');
      await t.database.db.update(releaseTasks).set({ status: 'ended' }).where(eq(releaseTasks.id, task!.id));
      expect((await operate(pkg.pkgId, 'abandon')).data.status).toBe('abandoned');
    });

    it('deletes a package with its stored objects; deleted packages are listed only when asked for', async () => {
      const [row] = await t.database.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, pkg.pkgId));
      const copies = await t.database.db.select().from(firmwarePackageSyncs).where(eq(firmwarePackageSyncs.pkgId, pkg.pkgId));
      expect(copies).toHaveLength(2);
      const deleted = await operate(pkg.pkgId, 'delete');
      expect(deleted.data.status).toBe('deleted');
      expect(await t.fileStore.exists(row!.objectKey)).toBe(false);
      for (const c of copies) expect(await t.fileStore.exists(c.objectKey!)).toBe(false);
      expect((await operate(pkg.pkgId, 'restore')).basic.code).toBe(ErrorCodes.illegalTransition);
      const listed = await t.call(upgradeCalls.packageList, { pageSize: 100 }, owner);
      expect(listed.data.records.map((p) => p.pkgId)).not.toContain(pkg.pkgId);
      const asked = await t.call(upgradeCalls.packageList, { pageSize: 100, status: 'deleted' }, owner);
      expect(asked.data.records.map((p) => p.pkgId)).toContain(pkg.pkgId);
      // An upload that never finished can be deleted too.
      const half = await create(Buffer.from('half'));
      expect((await operate(half.pkgId, 'delete')).data.status).toBe('deleted');
    });
  });

  describe('edits', () => {
    let pkg: FirmwarePackage;
    const edit = (over: Record<string, unknown> = {}) => ({
      pkgId: pkg.pkgId,
      compatibleVersions: ['V1.0.0', 'V1.1.0'],
      validityDays: 60,
      isTest: true,
      descriptions: { 'en-US': 'Better night vision', 'zh-CN': '夜视改进' },
      signSheetFileId: null,
      ...over,
    });

    it('changes the descriptive fields and moves the validity end with the validity days', async () => {
      pkg = await syncedPackage({ versionName: 'V7.0.0' });
      const r = await t.call(upgradeCalls.packageUpdate, edit(), owner);
      expect(r.basic.code, r.basic.msg).toBe(200);
      expect(r.data).toMatchObject({
        compatibleVersions: ['V1.0.0', 'V1.1.0'],
        validityDays: 60,
        isTest: true,
        descriptions: { 'en-US': 'Better night vision' },
      });
      expect(r.data.validUntil).toBe(pkg.validUntil! + 30 * DAY_MS);
      const note = await t.call(upgradeCalls.versionNote, { pkgId: pkg.pkgId }, owner);
      expect(note.data).toEqual({ versionName: 'V7.0.0', descriptions: { 'en-US': 'Better night vision', 'zh-CN': '夜视改进' } });
    });

    it('refuses a validity under 7 days and a missing en-US description (1001)', async () => {
      expect((await t.call(upgradeCalls.packageUpdate, edit({ validityDays: 6 }), owner)).basic.code).toBe(ErrorCodes.invalidParams);
      expect((await t.call(upgradeCalls.packageUpdate, edit({ descriptions: { 'zh-CN': '说明' } }), owner)).basic.code).toBe(
        ErrorCodes.invalidParams,
      );
      expect((await t.call(upgradeCalls.packageUpdate, edit({ compatibleVersions: [] }), owner)).basic.code).toBe(ErrorCodes.invalidParams);
    });

    it("takes a signing sheet image of the caller's company only, and answers a signed link to it", async () => {
      const foreign = await t.call(upgradeCalls.packageUpdate, edit({ signSheetFileId: t.world.files.fileB.id }), owner);
      expect(foreign.basic.code).toBe(ErrorCodes.notFound);
      const png = makePng(20, 30);
      const data = { purpose: 'signSheet', name: 'sheet.png', size: png.length, sha256: sha256(png) };
      const basic = buildBasic({ token: owner.token, signKey: owner.signKey, path: FILE_UPLOAD_PATH, data, now: t.clock.now() });
      const up = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=signSheet&name=sheet.png`,
        payload: png,
        headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
      });
      expect(up.json().basic.code, up.body).toBe(200);
      const sheet = { id: up.json().data.fileId as number };
      const r = await t.call(upgradeCalls.packageUpdate, edit({ signSheetFileId: sheet.id }), owner);
      expect(r.data.signSheetFileId).toBe(sheet.id);
      const [f] = await t.database.db.select().from(files).where(eq(files.id, sheet.id));
      expect(r.data.signSheetUrl).toContain(`/file/get?path=${encodeURIComponent(f!.path)}&sign=`);
      const link = await t.app.inject({ method: 'GET', url: r.data.signSheetUrl! });
      expect(link.statusCode).toBe(200);
      expect(link.rawPayload.equals(png)).toBe(true);
    });
  });

  describe('list and tenancy', () => {
    it('filters by product type, search text (version or file name) and status, and pages', async () => {
      const nvr = await create(Buffer.from('nvr'), {
        versionName: 'NVR-8.1.0',
        productType: 'NVR',
        models: ['NVR-8'],
        fileName: 'Recorder_Main.BIN',
      });
      const all = await t.call(upgradeCalls.packageList, { pageSize: 100 }, owner);
      expect(all.data.total).toBe(all.data.records.length);
      expect(all.data.records.every((p) => p.status !== 'deleted' && p.companyId === t.world.companies.partnerA.id)).toBe(true);

      const byType = await t.call(upgradeCalls.packageList, { productType: 'NVR', pageSize: 100 }, owner);
      expect(byType.data.records.length).toBeGreaterThan(0);
      expect(byType.data.records.every((p) => p.productType === 'NVR')).toBe(true);

      const byVersion = await t.call(upgradeCalls.packageList, { searchText: 'nvr-8.1' }, owner);
      expect(byVersion.data.records.map((p) => p.pkgId)).toEqual([nvr.pkgId]);
      const byFile = await t.call(upgradeCalls.packageList, { searchText: 'recorder_m' }, owner);
      expect(byFile.data.records.map((p) => p.pkgId)).toEqual([nvr.pkgId]);
      const likeChars = await t.call(upgradeCalls.packageList, { searchText: '%' }, owner);
      expect(likeChars.data.total).toBe(0);

      const synced = await t.call(upgradeCalls.packageList, { status: 'synced', pageSize: 100 }, owner);
      expect(synced.data.records.length).toBeGreaterThan(0);
      expect(synced.data.records.every((p) => p.status === 'synced')).toBe(true);

      const page2 = await t.call(upgradeCalls.packageList, { pageNum: 2, pageSize: 2 }, owner);
      expect(page2.data).toMatchObject({ pageNum: 2, pageSize: 2, total: all.data.total });
      expect(page2.data.records.map((p) => p.pkgId)).toEqual(all.data.records.slice(2, 4).map((p) => p.pkgId));
    });

    it("never shows a partner another brand's package; the supplier sees all", async () => {
      const mine = await create(Buffer.from('mine'), { versionName: 'A-ONLY-1' });
      const listB = await t.call(upgradeCalls.packageList, { pageSize: 100 }, ownerB);
      expect(listB.data.records.length).toBeGreaterThan(0);
      expect(listB.data.records.every((p) => p.companyId === t.world.companies.partnerB.id)).toBe(true);
      expect((await t.call(upgradeCalls.packageList, { searchText: 'A-ONLY' }, ownerB)).data.total).toBe(0);
      expect((await t.call(upgradeCalls.packageGet, { pkgId: mine.pkgId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(upgradeCalls.storageInfo, { action: 'upload', pkgId: mine.pkgId }, ownerB)).basic.code).toBe(
        ErrorCodes.notFound,
      );
      expect((await t.call(upgradeCalls.packageOperate, { pkgId: mine.pkgId, action: 'delete' }, ownerB)).basic.code).toBe(
        ErrorCodes.notFound,
      );

      const all = await t.call(upgradeCalls.packageList, { pageSize: 100 }, supplier);
      const owners = new Set(all.data.records.map((p) => p.companyId));
      expect(owners.has(t.world.companies.partnerA.id)).toBe(true);
      expect(owners.has(t.world.companies.partnerB.id)).toBe(true);
      expect((await t.call(upgradeCalls.packageGet, { pkgId: mine.pkgId }, supplier)).data.companyName).toBe('Partner A');
    });
  });

  describe("versions and countries of the caller's devices", () => {
    beforeAll(async () => {
      const { partnerA, partnerB } = t.world.companies;
      const { eu, us } = t.world.areas;
      const a = { companyId: partnerA.id, companyPath: partnerA.path };
      await seedDevices(t.database, {
        at: t.clock.now(),
        ...a,
        count: 3,
        areaId: eu.id,
        model: 'IPC-200',
        firmwareVersion: 'V1.0.0',
        country: ['DE', 'FR'],
        snPrefix: 'VA1-',
        macOui: 'AA0001',
      });
      await seedDevices(t.database, {
        at: t.clock.now(),
        ...a,
        count: 2,
        areaId: eu.id,
        model: 'IPC-300',
        firmwareVersion: 'V1.1.0',
        country: 'DE',
        snPrefix: 'VA2-',
        macOui: 'AA0002',
      });
      await seedDevices(t.database, {
        at: t.clock.now(),
        ...a,
        count: 1,
        areaId: eu.id,
        model: 'NVR-8',
        productType: 'NVR',
        firmwareVersion: 'N1.0',
        country: 'FR',
        snPrefix: 'VA3-',
        macOui: 'AA0003',
      });
      await seedDevices(t.database, {
        at: t.clock.now(),
        ...a,
        count: 4,
        areaId: us.id,
        model: 'IPC-200',
        firmwareVersion: 'V0.9.0',
        country: 'US',
        snPrefix: 'VA4-',
        macOui: 'AA0004',
      });
      await seedDevices(t.database, {
        at: t.clock.now(),
        companyId: partnerB.id,
        companyPath: partnerB.path,
        count: 5,
        areaId: eu.id,
        model: 'IPC-200',
        firmwareVersion: 'V7.7.7',
        country: 'DE',
        snPrefix: 'VB1-',
        macOui: 'BB0001',
      });
    });

    it('lists compatible versions of a product type and models, in the current area', async () => {
      const all = await t.call(upgradeCalls.compatibleVersions, { productType: 'IPC' }, owner);
      expect(all.data).toEqual([
        { version: 'V1.0.0', devices: 3 },
        { version: 'V1.1.0', devices: 2 },
      ]);
      const ofModel = await t.call(upgradeCalls.compatibleVersions, { productType: 'IPC', models: ['IPC-300'] }, owner);
      expect(ofModel.data).toEqual([{ version: 'V1.1.0', devices: 2 }]);
      const nvr = await t.call(upgradeCalls.compatibleVersions, { productType: 'NVR' }, owner);
      expect(nvr.data).toEqual([{ version: 'N1.0', devices: 1 }]);
    });

    it('lists models with their versions, and countries of regions; the RDC sees every area', async () => {
      const main = await t.call(upgradeCalls.mainVersions, {}, owner);
      expect(main.data).toEqual([
        { model: 'IPC-200', productType: 'IPC', version: 'V1.0.0', devices: 3 },
        { model: 'IPC-300', productType: 'IPC', version: 'V1.1.0', devices: 2 },
        { model: 'NVR-8', productType: 'NVR', version: 'N1.0', devices: 1 },
      ]);
      expect((await t.call(upgradeCalls.mainVersions, { productType: 'NVR' }, owner)).data).toHaveLength(1);
      const countries = await t.call(upgradeCalls.countryCodes, { areaIds: [t.world.areas.eu.id] }, owner);
      expect(countries.data).toEqual([
        { code: 'DE', devices: 4 },
        { code: 'FR', devices: 2 },
      ]);

      const switched = await t.call(authCalls.switchArea, { areaId: t.world.areas.rdc.id }, owner);
      expect(switched.basic.code, switched.basic.msg).toBe(200);
      const everywhere = await t.call(upgradeCalls.countryCodes, {}, owner);
      expect(everywhere.data).toEqual([
        { code: 'DE', devices: 4 },
        { code: 'US', devices: 4 },
        { code: 'FR', devices: 2 },
      ]);
      const inUs = await t.call(upgradeCalls.countryCodes, { areaIds: [t.world.areas.us.id] }, owner);
      expect(inUs.data).toEqual([{ code: 'US', devices: 4 }]);
      expect((await t.call(upgradeCalls.compatibleVersions, { productType: 'IPC', models: ['IPC-200'] }, owner)).data).toEqual([
        { version: 'V0.9.0', devices: 4 },
        { version: 'V1.0.0', devices: 3 },
      ]);
    });
  });

  // Last in the file: it moves the clock on by weeks, which would clean up the uploads above too.
  describe('abandoned uploads', () => {
    const chunksOf = (pkgId: number) => t.database.db.select().from(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkgId));
    const sendChunk1 = async (pkgId: number) => {
      const c = await creds(pkgId);
      expect((await putChunk(c.storageInfo.objectName, c.storageInfo.securityToken, 1, chunkOf(big, 1))).code).toBe(200);
    };
    let stale: FirmwarePackage;
    let resumed: FirmwarePackage;
    let fresh: FirmwarePackage;

    it(`deletes an upload with no chunk for ${PACKAGE_UPLOAD_ABANDON_DAYS} days, with its chunks and the reason; a fresh or recently resumed one survives`, async () => {
      await relogin();
      // Day 0: one upload receives a chunk and then nothing more; another stops before any chunk.
      stale = await create(big, { versionName: 'V8.0.0' });
      await sendChunk1(stale.pkgId);
      resumed = await create(big, { versionName: 'V8.1.0' });
      const synced = await syncedPackage({ versionName: 'V8.2.0' });
      expect(await t.fileStore.exists(chunkKey(stale.pkgId, 1))).toBe(true);

      // Day 6: the second one resumes with a chunk; a new upload starts.
      t.clock.advance((PACKAGE_UPLOAD_ABANDON_DAYS - 1) * DAY_MS);
      await relogin();
      await sendChunk1(resumed.pkgId);
      fresh = await create(Buffer.from('fresh'), { versionName: 'V8.3.0' });
      await process();
      expect((await get(stale.pkgId)).status).toBe('upload_incomplete');

      // Day 7 and a second: only the first has had no chunk for 7 days.
      t.clock.advance(DAY_MS + 1000);
      await relogin();
      await process();
      const gone = await get(stale.pkgId);
      expect(gone).toMatchObject({
        status: 'deleted',
        uploadedBytes: 0,
        statusReason: `Deleted: no part of the upload arrived for ${PACKAGE_UPLOAD_ABANDON_DAYS} days.`,
      });
      const zh = await t.call(upgradeCalls.packageGet, { pkgId: stale.pkgId }, owner, { locale: 'zh-CN' });
      expect(zh.data.statusReason).toBe(`已删除：连续${PACKAGE_UPLOAD_ABANDON_DAYS}天未收到上传的分片。`);
      expect(gone.updatedAt).toBe(new Date(t.clock.now()).toISOString());
      expect(await chunksOf(stale.pkgId)).toHaveLength(0);
      expect(await t.fileStore.exists(chunkKey(stale.pkgId, 1))).toBe(false);
      // No credentials for it any more, and its version is free again.
      expect((await t.call(upgradeCalls.storageInfo, { action: 'upload', pkgId: stale.pkgId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      await create(Buffer.from('again'), { versionName: 'V8.0.0' });

      expect(await get(resumed.pkgId)).toMatchObject({ status: 'upload_incomplete', uploadedBytes: 1024 * 1024 });
      expect(await t.fileStore.exists(chunkKey(resumed.pkgId, 1))).toBe(true);
      expect((await get(fresh.pkgId)).status).toBe('upload_incomplete');
      expect((await get(synced.pkgId)).status).toBe('synced');
    });

    it('is done once when two instances clean up at the same time', async () => {
      // Day 13 and a second: the resumed upload has been silent for 7 days since its chunk, the fresh one since day 6.
      t.clock.advance((PACKAGE_UPLOAD_ABANDON_DAYS - 1) * DAY_MS);
      const now = t.clock.now();
      const [a, b] = await Promise.all([
        deleteAbandonedUploads(t.database, t.services.fileStore, now),
        deleteAbandonedUploads(t.database, t.services.fileStore, now),
      ]);
      const both = [...a, ...b];
      expect(both.filter((id) => id === resumed.pkgId)).toHaveLength(1);
      expect(both.filter((id) => id === fresh.pkgId)).toHaveLength(1);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      expect(await deleteAbandonedUploads(t.database, t.services.fileStore, now)).toEqual([]);

      const rows = await t.database.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, resumed.pkgId));
      expect(rows[0]).toMatchObject({ status: 'deleted', updatedAt: new Date(now) });
      expect(await chunksOf(resumed.pkgId)).toHaveLength(0);
      expect(await t.fileStore.exists(chunkKey(resumed.pkgId, 1))).toBe(false);
    });
  });
});
