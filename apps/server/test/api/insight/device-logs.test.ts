/**
 * Device logs (issue 15 §4 "Request logs", §5 "Device log"): a request through
 * insight/device/log/request, the device's next poll answering uploadLog with a signed URL (300 s),
 * the gzip PUT once (size and type checked), the list and the download link; expiry after 24 h on
 * the test clock; unasked uploads capped at 20 a day; the brand's retention and the purge with the
 * files. Another tenant's device or log answers as missing; without the code the call is refused.
 */
import {
  DEVICE_API_PREFIX,
  DEVICE_LOG_MAX_BYTES,
  DEVICE_LOG_UNASKED_PER_DAY,
  deviceLogCalls,
  ErrorCodes,
  insightCalls,
  auditFieldValue,
  messageCalls,
  renderAuditSentence,
  type DevicePollResult,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs, files } from '../../../src/db/schema';
import { runDeviceLogUpkeep } from '../../../src/modules/insight';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { authOf, keyedDevices, poll, type SimDevice } from '../../support/upgrade-release';

type Session = Awaited<ReturnType<TestApp['login']>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const gz = (text: string) => gzipSync(Buffer.from(text));

describe.each(ENGINES)('device logs (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let fleet: SimDevice[];
  let startedAt: number;

  /** PUT a body to a path (a signed upload URL's path and query, or the unasked route with the device's key). */
  const put = async (url: string, body: Buffer, headers: Record<string, string> = {}) => {
    const u = new URL(url, 'http://x');
    const res = await t.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      payload: body,
      headers: { 'content-type': 'application/gzip', ...headers },
    });
    const json = res.json() as { code: number; msg: string; data: { logId: number; state: string; size: number } | null };
    return { status: res.statusCode, ...json };
  };
  const unasked = (d: SimDevice, body: Buffer) => put(`${DEVICE_API_PREFIX}/log`, body, { authorization: authOf(d) });
  const uploadAction = async (d: SimDevice) => {
    const r = await poll(t, d);
    expect(r.code, r.msg).toBe(200);
    return r.data as DevicePollResult;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA, dealerA } = t.world.companies;
    const eu = t.world.areas.eu.id;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-logs@test.local',
      userType: 'distributor',
      codes: ['dealer_device_qry', 'dealer_device_mgr', 'rmr_qry'],
      areaIds: [eu],
    });
    await createUser(t.database, {
      companyId: partnerA.id,
      email: 'reader-logs@test.local',
      userType: 'partner',
      codes: ['rmr_qry'],
      areaIds: [eu],
      nickname: 'Reader',
    });
    fleet = await keyedDevices(t, { companyId: partnerA.id, companyPath: partnerA.path, count: 4, areaId: eu, snPrefix: 'LOG' });
    owner = await t.login('owner-a@test.local');
    startedAt = t.clock.now();
  });
  afterAll(() => t?.close());

  it('a request is answered by the next poll with a signed upload URL; the gzip PUT makes it uploaded, once', async () => {
    const d = fleet[0]!;
    expect(await uploadAction(d)).toMatchObject({ action: 'none' });
    const now = t.clock.now();
    const req = await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner);
    expect(req.basic.code, req.basic.msg).toBe(200);
    expect(req.data).toMatchObject({ state: 'requested', size: null, requestedAt: now, expiresAt: now + DAY });
    expect(req.data.requesterName).toBeTruthy();
    // One waiting request per device.
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner)).basic.code).toBe(ErrorCodes.deviceLogRequestPending);

    const answer = await uploadAction(d);
    expect(answer.action).toBe('uploadLog');
    if (answer.action !== 'uploadLog') return;
    expect(answer.upload).toMatchObject({
      method: 'PUT',
      maxBytes: DEVICE_LOG_MAX_BYTES,
      urlExpiresAt: Math.floor(now / 1000) * 1000 + 300_000,
    });
    expect(answer.upload.url).toContain(`${DEVICE_API_PREFIX}/log/upload?`);

    // A tampered URL is refused by the link check.
    const tampered = answer.upload.url.replace(`dev=${d.id}`, `dev=${fleet[1]!.id}`);
    expect((await put(tampered, gz('x'.repeat(100)))).status).toBe(403);

    const body = gz('boot ok\n'.repeat(50));
    const up = await put(answer.upload.url, body);
    expect(up.code, up.msg).toBe(200);
    expect(up.data).toMatchObject({ state: 'uploaded', size: body.length, logId: req.data.id });
    // The URL works once.
    expect((await put(answer.upload.url, body)).code).toBe(ErrorCodes.deviceLogLinkUsed);
    // The poll no longer asks.
    expect(await uploadAction(d)).toMatchObject({ action: 'none' });

    const list = await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner);
    expect(list.data.retentionDays).toBe(30);
    expect(list.data.records).toHaveLength(1);
    expect(list.data.records[0]).toMatchObject({ id: req.data.id, state: 'uploaded', size: body.length, uploadedAt: t.clock.now() });

    // The device's history has the upload.
    const history = await t.call(insightCalls.deviceHistory, { deviceId: d.id }, owner);
    expect(history.data.events.map((e) => e.kind)).toContain('log_uploaded');

    // The download link serves the very bytes.
    const link = await t.call(deviceLogCalls.deviceLogLink, { logId: req.data.id }, owner);
    expect(link.basic.code, link.basic.msg).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, body)).toBe(0);
  });

  it('refuses an upload over 10 MB and one that is not gzip, and keeps the request waiting', async () => {
    const d = fleet[1]!;
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner)).basic.code).toBe(200);
    const answer = await uploadAction(d);
    if (answer.action !== 'uploadLog') throw new Error(`expected uploadLog, got ${answer.action}`);
    const big = Buffer.concat([gz('head'), Buffer.alloc(DEVICE_LOG_MAX_BYTES)]);
    const tooBig = await put(answer.upload.url, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.code).toBe(ErrorCodes.deviceLogTooLarge);
    const plain = await put(answer.upload.url, Buffer.from('plain text log, not gzip at all'));
    expect(plain.code).toBe(ErrorCodes.deviceLogNotGzip);
    const [row] = await t.database.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, d.id));
    expect(row!.state).toBe('requested');
    // Exactly 10 MB is accepted.
    const g = gz('edge');
    const exact = Buffer.concat([g, Buffer.alloc(DEVICE_LOG_MAX_BYTES - g.length)]);
    expect((await put(answer.upload.url, exact)).code).toBe(200);
  });

  it('a request unanswered for 24 h expires on the clock: the poll stops asking, a late upload is refused, the job marks it', async () => {
    const d = fleet[2]!;
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner)).basic.code).toBe(200);
    t.clock.advance(DAY - 100_000);
    const answer = await uploadAction(d);
    if (answer.action !== 'uploadLog') throw new Error(`expected uploadLog, got ${answer.action}`);
    t.clock.advance(200_000); // the URL still works (300 s), the request does not
    expect((await put(answer.upload.url, gz('late'))).code).toBe(ErrorCodes.deviceLogRequestExpired);
    expect(await uploadAction(d)).toMatchObject({ action: 'none' });
    t.clock.advance(400_000);
    expect((await put(answer.upload.url, gz('late'))).status).toBe(403); // the URL is past its 300 s too

    owner = await t.login('owner-a@test.local'); // the session ended with the day
    const upkeep = await runDeviceLogUpkeep(t.database, t.fileStore, t.clock.now());
    expect(upkeep.expired).toBeGreaterThanOrEqual(1);
    const list = await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner);
    expect(list.data.records[0]).toMatchObject({ state: 'expired' });
    // A new request may be made.
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner)).basic.code).toBe(200);
  });

  it('a device sends at most 20 logs a day unasked, with its own key', async () => {
    const d = fleet[3]!;
    for (let i = 0; i < DEVICE_LOG_UNASKED_PER_DAY; i++) {
      const r = await unasked(d, gz(`log ${i}`));
      expect(r.code, r.msg).toBe(200);
    }
    const over = await unasked(d, gz('one more'));
    expect(over.code).toBe(ErrorCodes.deviceLogDailyLimit);
    expect((await unasked({ ...d, key: 'wrong-key' }, gz('x'))).code).toBe(ErrorCodes.deviceKeyInvalid);
    expect((await put(`${DEVICE_API_PREFIX}/log`, gz('x'))).status).toBe(401);
    t.clock.advance(DAY + 1_000);
    expect((await unasked(d, gz('next day'))).code).toBe(200);
    owner = await t.login('owner-a@test.local');
    const list = await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner);
    expect(list.data.records).toHaveLength(DEVICE_LOG_UNASKED_PER_DAY + 1);
    expect(list.data.records.every((r) => r.requesterName === null && r.state === 'uploaded')).toBe(true);
  });

  it("answers another tenant's device and log as missing, and refuses without the code", async () => {
    const { otherDeviceId, otherDeviceLogId } = t.world.tenant;
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: otherDeviceId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(deviceLogCalls.deviceLogList, { deviceId: otherDeviceId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(deviceLogCalls.deviceLogLink, { logId: otherDeviceLogId }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: fleet[0]!.id })).basic.code).not.toBe(200);
    const noCodes = await t.login('nocodes-a@test.local');
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: fleet[0]!.id }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(deviceLogCalls.deviceLogList, { deviceId: fleet[0]!.id }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    // rmr_qry reads the logs but may not request one.
    const reader = await t.login('reader-logs@test.local');
    expect((await t.call(deviceLogCalls.deviceLogList, { deviceId: fleet[0]!.id }, reader)).basic.code).toBe(200);
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: fleet[1]!.id }, reader)).basic.code).toBe(ErrorCodes.forbidden);
    // A distributor sees only devices attributed to its subtree.
    const dealer = await t.login('dealer-logs@test.local');
    expect((await t.call(deviceLogCalls.deviceLogList, { deviceId: fleet[0]!.id }, dealer)).basic.code).toBe(ErrorCodes.notFound);
    // Only a brand sets the retention.
    expect((await t.call(deviceLogCalls.deviceLogRetentionSet, { days: 30 }, dealer)).basic.code).toBe(
      ErrorCodes.deviceLogRetentionNotBrand,
    );
  });

  it("keeps logs for the brand's retention (7-180 days), then purges them with their files", async () => {
    expect((await t.call(deviceLogCalls.deviceLogRetentionSet, { days: 6 }, owner)).basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(deviceLogCalls.deviceLogRetentionSet, { days: 181 }, owner)).basic.code).toBe(ErrorCodes.invalidParams);
    const set = await t.call(deviceLogCalls.deviceLogRetentionSet, { days: 7 }, owner);
    expect(set.basic.code, set.basic.msg).toBe(200);
    expect(set.data.retentionDays).toBe(7);

    const d = fleet[0]!;
    const [before] = await t.database.db.select().from(deviceLogs).where(eq(deviceLogs.deviceId, d.id));
    const [file] = await t.database.db.select().from(files).where(eq(files.id, before!.fileId!));
    expect(await t.fileStore.exists(file!.path)).toBe(true);

    t.clock.advance(8 * DAY);
    owner = await t.login('owner-a@test.local');
    const fresh = await unasked(d, gz('fresh'));
    expect(fresh.code).toBe(200);
    const upkeep = await runDeviceLogUpkeep(t.database, t.fileStore, t.clock.now());
    expect(upkeep.purged).toBeGreaterThanOrEqual(1);
    const left = await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner);
    expect(left.data.retentionDays).toBe(7);
    expect(left.data.records.map((r) => r.id)).toEqual([fresh.data!.logId]);
    expect(await t.fileStore.exists(file!.path)).toBe(false);
    expect(await t.database.db.select().from(files).where(eq(files.id, file!.id))).toHaveLength(0);
    // Another brand's log (default 30 days) is untouched.
    const other = await t.database.db.select().from(deviceLogs).where(eq(deviceLogs.id, t.world.tenant.otherDeviceLogId));
    expect(other).toHaveLength(1);
  });

  it('logs the request, the retention and a download as sentences; a message by its title, its state by name', async () => {
    const search = async (code: string) => {
      const r = await t.call(insightCalls.operationLogSearch, { range: { from: startedAt - DAY, to: t.clock.now() + DAY }, code }, owner);
      expect(r.basic.code, r.basic.msg).toBe(200);
      return r.data.records;
    };
    const request = (await search('device.logRequest')).find((r) => r.result === 'success');
    expect(request!.targetName).toBe(fleet[2]!.sn);
    expect(renderAuditSentence(request!, 'en-US')).toMatch(new RegExp(`asked the device ${fleet[2]!.sn} for its log$`));
    expect(renderAuditSentence(request!, 'zh-CN')).toContain(`请求了设备 ${fleet[2]!.sn} 的日志`);
    const retention = (await search('device.logRetention')).find((r) => r.result === 'success')!;
    expect(retention.diff).toEqual([{ field: 'deviceLogRetentionDays', before: 30, after: 7 }]);
    expect((await search('file.deviceLogDownload')).length).toBeGreaterThanOrEqual(1);

    // A message created and released: named by its title, the state change by its GLOSSARY name.
    const saved = await t.call(
      messageCalls.save,
      {
        type: 'notice',
        contents: { 'en-US': { title: 'Maintenance tonight', body: '<p>Down 2-3 am.</p>' } },
        preferredLanguage: 'en-US',
        audience: { kind: 'company', companyIds: [t.world.companies.dealerA.id] },
      },
      owner,
    );
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    expect((await t.call(messageCalls.release, { messageId: saved.data.id }, owner)).basic.code).toBe(200);
    const [created] = await search('message.save');
    expect(renderAuditSentence(created!, 'en-US')).toMatch(/saved the message Maintenance tonight$/);
    const [released] = await search('message.release');
    expect(released!.targetName).toBe('Maintenance tonight');
    expect(released!.diff).toEqual([{ field: 'state', before: 'to_be_released', after: 'released' }]);
    expect(auditFieldValue(released!.targetType, 'state', 'released', 'zh-CN')).toBe('已发布');
    expect(auditFieldValue(released!.targetType, 'state', 'to_be_released', 'en-US')).toBe('To be released');
  });
});
