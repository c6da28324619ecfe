/**
 * The device-facing update service: registration with the brand's provisioning key, device keys,
 * polling with nothing to do (jittered interval) and with a task, the signed download with HTTP
 * Range, tampered and expired links, and the reports (success only with the package's version).
 */
import {
  DEVICE_API_PREFIX,
  ErrorCodes,
  POLL_INTERVAL_BUSY_SECONDS,
  POLL_INTERVAL_SECONDS,
  upgradeCalls,
  type DevicePollResult,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceProvisioningKeys, devices } from '../../../src/db/schema';
import { flushDeviceLastSeen } from '../../../src/modules/cloud-upgrade/device-api.last-seen';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createSyncedPackage } from '../../support/upgrade-fixtures';
import { authOf, deviceCall, fullTask, keyedDevices, poll, report, type SimDevice } from '../../support/upgrade-release';

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const PROVISIONING_KEY = 'brand-a-provisioning-key-0123456789';

describe.each(ENGINES)('device update service (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  const A = () => t.world.companies.partnerA;
  const EU = () => t.world.areas.eu.id;

  const register = (body: Record<string, unknown>) =>
    deviceCall<{ deviceId: number; deviceKey: string; pollIntervalSeconds: number }>(t, 'register', body);
  const registration = (over: Record<string, unknown> = {}) => ({
    provisioningKey: PROVISIONING_KEY,
    sn: 'reg-0001',
    mac: 'AA:BB:CC:00:00:01',
    model: 'IPC-REG',
    productType: 'IPC',
    firmwareVersion: 'V1.0.0',
    country: 'de',
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    await t.database.db
      .insert(deviceProvisioningKeys)
      .values({ companyId: A().id, key: PROVISIONING_KEY, keyHash: sha256(PROVISIONING_KEY) });
  });
  afterAll(() => t?.close());

  describe('register', () => {
    it('creates the device in the key’s brand with a fresh key, answered once', async () => {
      const r = await register(registration());
      expect(r.status).toBe(200);
      expect(r.code, r.msg).toBe(200);
      expect(r.data.pollIntervalSeconds).toBe(POLL_INTERVAL_SECONDS);
      const [d] = await t.database.db.select().from(devices).where(eq(devices.id, r.data.deviceId));
      expect(d).toMatchObject({
        sn: 'REG-0001',
        mac: 'AABBCC000001',
        companyId: A().id,
        companyPath: A().path,
        country: 'DE',
        areaId: EU(),
        model: 'IPC-REG',
      });
      expect(d!.keyHash).toBe(sha256(r.data.deviceKey));
      expect(JSON.stringify(d)).not.toContain(r.data.deviceKey);
      expect((await poll(t, { id: d!.id, sn: 'REG-0001', key: r.data.deviceKey, model: 'IPC-REG', version: 'V1.0.0' })).code).toBe(200);
    });

    it('registering again updates the device only with its own key, which it keeps (24022 otherwise)', async () => {
      const first = await register(registration({ sn: 'REG-0002', mac: 'AA:BB:CC:00:00:02' }));
      // The brand's provisioning key alone cannot re-key a registered device.
      const rekey = await register(registration({ sn: 'reg-0002', mac: 'aabbcc000002', firmwareVersion: 'V1.1.0', country: 'US' }));
      expect(rekey).toMatchObject({ code: ErrorCodes.deviceAlreadyRegistered, data: null });
      expect((await register(registration({ sn: 'reg-0002', mac: 'aabbcc000002', deviceKey: 'not-its-key' }))).code).toBe(
        ErrorCodes.deviceAlreadyRegistered,
      );
      const again = await register(
        registration({ sn: 'reg-0002', mac: 'aabbcc000002', firmwareVersion: 'V1.1.0', country: 'US', deviceKey: first.data.deviceKey }),
      );
      expect(again.code, again.msg).toBe(200);
      expect(again.data).toMatchObject({ deviceId: first.data.deviceId, deviceKey: first.data.deviceKey });
      const [d] = await t.database.db.select().from(devices).where(eq(devices.id, first.data.deviceId));
      expect(d).toMatchObject({
        firmwareVersion: 'V1.1.0',
        country: 'US',
        areaId: t.world.areas.us.id,
        keyHash: sha256(first.data.deviceKey),
      });
      expect((await poll(t, { id: d!.id, sn: 'REG-0002', key: first.data.deviceKey, model: 'IPC-REG', version: 'V1.1.0' })).code).toBe(200);
    });

    it('refuses a wrong provisioning key (24015), another brand’s device (24022) and bad input (1001)', async () => {
      expect(await register(registration({ provisioningKey: 'wrong-key-wrong-key-wrong' }))).toMatchObject({
        status: 401,
        code: ErrorCodes.provisioningKeyInvalid,
        data: null,
      });
      expect((await register(registration({ sn: 'WORLDB000001', mac: 'B0B0B0000001' }))).code).toBe(ErrorCodes.deviceAlreadyRegistered);
      expect(await register(registration({ mac: 'not-a-mac' }))).toMatchObject({ status: 400, code: ErrorCodes.invalidParams });
      expect((await register(registration({ sn: 'bad sn!' }))).code).toBe(ErrorCodes.invalidParams);
      expect((await register({ provisioningKey: PROVISIONING_KEY })).code).toBe(ErrorCodes.invalidParams);
      // An SN of one device with the MAC of another.
      expect((await register(registration({ sn: 'REG-0001', mac: 'AA:BB:CC:00:00:02' }))).code).toBe(ErrorCodes.deviceAlreadyRegistered);
      const res = await t.app.inject({
        method: 'POST',
        url: `${DEVICE_API_PREFIX}/register`,
        payload: '{oops',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json()).toMatchObject({ code: ErrorCodes.malformedJson, data: null });
      const text = await t.app.inject({
        method: 'POST',
        url: `${DEVICE_API_PREFIX}/poll`,
        payload: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toMatchObject({ code: ErrorCodes.invalidParams, data: null });
    });
  });

  describe('poll, download and report', () => {
    let fleet: SimDevice[];
    let pkg: Awaited<ReturnType<typeof createSyncedPackage>>;
    let taskId: number;

    beforeAll(async () => {
      fleet = await keyedDevices(t, {
        companyId: A().id,
        companyPath: A().path,
        count: 6,
        areaId: EU(),
        model: 'IPC-DL',
        snPrefix: 'DL',
        macOui: 'D1D2D3',
      });
      const content = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
      pkg = await createSyncedPackage(t.database, t.fileStore, {
        companyId: A().id,
        companyPath: A().path,
        versionName: 'V3.0.0',
        models: ['IPC-DL'],
        compatibleVersions: ['V1.0.0'],
        content,
        syncedAt: new Date(t.clock.now()),
      });
    });

    it('refuses a missing, malformed or wrong device key (24014)', async () => {
      const d = fleet[0]!;
      expect(await deviceCall(t, 'poll', { model: d.model, firmwareVersion: d.version })).toMatchObject({
        status: 401,
        code: ErrorCodes.deviceKeyInvalid,
      });
      expect((await deviceCall(t, 'poll', { model: d.model, firmwareVersion: d.version }, `Bearer ${d.sn}:${d.key}`)).code).toBe(
        ErrorCodes.deviceKeyInvalid,
      );
      expect(
        (await deviceCall(t, 'poll', { model: d.model, firmwareVersion: d.version }, authOf({ sn: d.sn, key: `${d.key}x` }))).code,
      ).toBe(ErrorCodes.deviceKeyInvalid);
      expect(
        (await deviceCall(t, 'poll', { model: d.model, firmwareVersion: d.version }, authOf({ sn: 'NO-SUCH-SN', key: d.key }))).code,
      ).toBe(ErrorCodes.deviceKeyInvalid);
      expect((await deviceCall(t, 'report', { taskId: 1, status: 'downloading' }, authOf({ sn: d.sn, key: 'x' }))).code).toBe(
        ErrorCodes.deviceKeyInvalid,
      );
      expect((await deviceCall(t, 'poll', {}, authOf(d))).code).toBe(ErrorCodes.invalidParams);
    });

    it('answers nothing to do with the poll interval ± jitter, and notes when the device was seen', async () => {
      const intervals = new Set<number>();
      for (let i = 0; i < 25; i++) {
        const r = await poll(t, fleet[0]!);
        expect(r.data.action).toBe('none');
        intervals.add(r.data.nextPollSeconds);
      }
      for (const s of intervals) {
        expect(s).toBeGreaterThanOrEqual(POLL_INTERVAL_SECONDS * 0.8);
        expect(s).toBeLessThanOrEqual(POLL_INTERVAL_SECONDS * 1.2);
      }
      expect(intervals.size).toBeGreaterThan(1);
      await flushDeviceLastSeen();
      const [d] = await t.database.db.select().from(devices).where(eq(devices.id, fleet[0]!.id));
      expect(d!.lastSeenAt?.getTime()).toBe(t.clock.now());
    });

    it('hands a device of a running task the package and a signed URL, once notified', async () => {
      const r = await t.call(upgradeCalls.taskBatchSubmit, { tasks: [fullTask(pkg.id, [EU()], t.clock.now())] }, owner);
      expect(r.basic.code, r.basic.msg).toBe(200);
      taskId = r.data.taskIds[0]!;
      const p = await poll(t, fleet[0]!);
      expect(p.code).toBe(200);
      const data = p.data as Extract<DevicePollResult, { action: 'upgrade' }>;
      expect(data).toMatchObject({
        action: 'upgrade',
        taskId,
        nextPollSeconds: POLL_INTERVAL_BUSY_SECONDS,
        package: {
          pkgId: pkg.id,
          version: 'V3.0.0',
          size: 100_000,
          md5: pkg.md5,
          sha256: pkg.sha256,
          descriptions: { 'en-US': 'Firmware V3.0.0', 'zh-CN': '固件 V3.0.0' },
        },
      });
      expect(data.package.url.startsWith(`${t.services.config.publicUrl}${DEVICE_API_PREFIX}/download?`)).toBe(true);
      expect(data.package.urlExpiresAt).toBe(t.clock.now() + 300_000);
      const counts = await t.call(upgradeCalls.taskCounts, { taskId }, owner);
      expect(counts.data).toMatchObject({ notified: 1, toUpgrade: 5 });
      // Asking again hands the same task (a new link), without counting the device twice.
      expect((await poll(t, fleet[0]!)).data).toMatchObject({ action: 'upgrade', taskId });
      expect((await t.call(upgradeCalls.taskCounts, { taskId }, owner)).data.notified).toBe(1);
    });

    async function linkOf(d: SimDevice) {
      const p = await poll(t, d);
      const data = p.data as Extract<DevicePollResult, { action: 'upgrade' }>;
      return new URL(data.package.url);
    }
    const get = (u: URL | string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: typeof u === 'string' ? u : `${u.pathname}${u.search}`, headers });

    it('serves the download, resumed with Range (206, Content-Range)', async () => {
      const u = await linkOf(fleet[1]!);
      const whole = await get(u);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(pkg.content)).toBe(true);
      // Firmware is never compressed on the fly (issue 16), whatever the client accepts.
      const rest = await get(u, { range: 'bytes=40000-', 'accept-encoding': 'br, gzip' });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-encoding']).toBeUndefined();
      expect(rest.headers['content-length']).toBe('60000');
      expect(rest.headers['content-range']).toBe('bytes 40000-99999/100000');
      expect(rest.rawPayload.equals(pkg.content.subarray(40000))).toBe(true);
      const beyond = await get(u, { range: 'bytes=200000-' });
      expect(beyond.statusCode).toBe(416);
    });

    it('refuses a tampered or expired link (1013)', async () => {
      const u = await linkOf(fleet[1]!);
      const other = new URL(u);
      other.searchParams.set('dev', String(fleet[2]!.id));
      expect((await get(other)).json()).toMatchObject({ code: ErrorCodes.fileLinkInvalid, data: null });
      expect((await get(other)).statusCode).toBe(403);
      const badSig = new URL(u);
      badSig.searchParams.set('signature', '0'.repeat(64));
      expect((await get(badSig)).statusCode).toBe(403);
      const noSig = new URL(u);
      noSig.searchParams.delete('signature');
      expect((await get(noSig)).statusCode).toBe(403);
      t.clock.advance(301_000);
      try {
        const expired = await get(u);
        expect(expired.statusCode).toBe(403);
        expect(expired.json().code).toBe(ErrorCodes.fileLinkInvalid);
      } finally {
        owner = await t.login('owner-a@test.local');
      }
    });

    it('takes progress reports and counts success only with the package’s version', async () => {
      const [, d1, d2, d3] = fleet;
      await poll(t, d2!);
      await poll(t, d3!);
      expect((await report(t, d1!, { taskId, status: 'downloading', progress: 30 })).data).toEqual({ state: 'downloading' });
      expect((await report(t, d1!, { taskId, status: 'installing' })).data).toEqual({ state: 'installing' });
      expect((await t.call(upgradeCalls.taskCounts, { taskId }, owner)).data.upgrading).toBe(1);
      // Rebooted into the old version: not a success.
      const wrong = await report(t, d1!, { taskId, status: 'success', firmwareVersion: 'V1.0.0' });
      expect(wrong.data).toEqual({ state: 'failed' });
      const ok = await report(t, d2!, { taskId, status: 'success', firmwareVersion: 'V3.0.0' });
      expect(ok.data).toEqual({ state: 'success' });
      expect((await report(t, d2!, { taskId, status: 'success', firmwareVersion: 'V3.0.0' })).data).toEqual({ state: 'success' });
      const failed = await report(t, d3!, { taskId, status: 'failed', errorCode: 'MD5_MISMATCH' });
      expect(failed.data).toEqual({ state: 'failed' });
      const devs = await t.call(upgradeCalls.taskDevices, { taskId, pageSize: 20 }, owner);
      const bySn = new Map(devs.data.records.map((r) => [r.sn, r]));
      expect(bySn.get(d1!.sn)).toMatchObject({ state: 'failed', errorCode: 'VERSION_MISMATCH', reportedVersion: 'V1.0.0' });
      expect(bySn.get(d2!.sn)).toMatchObject({ state: 'success', errorCode: null, reportedVersion: 'V3.0.0' });
      expect(bySn.get(d3!.sn)).toMatchObject({ state: 'failed', errorCode: 'MD5_MISMATCH' });
      const [row] = await t.database.db.select().from(devices).where(eq(devices.id, d2!.id));
      expect(row!.firmwareVersion).toBe('V3.0.0');
      expect((await t.call(upgradeCalls.taskCounts, { taskId }, owner)).data).toMatchObject({ success: 1, failed: 2, upgrading: 0 });
      // Done: the device has nothing more to do.
      expect((await poll(t, { ...d2!, version: 'V3.0.0' })).data.action).toBe('none');
    });

    it('refuses reports of a device not handed the package, of another task, or malformed (24016, 1001)', async () => {
      const pending = fleet[5]!;
      expect(await report(t, pending, { taskId, status: 'downloading' })).toMatchObject({
        status: 200,
        code: ErrorCodes.deviceTaskMismatch,
      });
      expect((await report(t, fleet[0]!, { taskId: 999999, status: 'downloading' })).code).toBe(ErrorCodes.deviceTaskMismatch);
      expect((await report(t, fleet[0]!, { taskId, status: 'success' })).code).toBe(ErrorCodes.invalidParams);
      expect((await report(t, fleet[0]!, { taskId, status: 'failed' })).code).toBe(ErrorCodes.invalidParams);
      expect((await report(t, fleet[0]!, { taskId, status: 'rebooting' })).code).toBe(ErrorCodes.invalidParams);
    });
  });
});
