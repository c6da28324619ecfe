/**
 * Usage and diagnostics (issue 15 §4): the failure-code Pareto by model and from-to version, read
 * from the failure rollup and equal to direct counts over the raw events (incremental equals
 * rebuild; a retried report writes one event); the end-user activity (daily, range, monthly, by
 * platform and app version); the health list's offline filter (1/7/30+ days) and its flapping flag
 * under the test clock; a log upload while the file store is down (26007). Both diagnostics calls
 * need rmr_qry; another tenant's rows never count and its company answers as missing.
 */
import { ErrorCodes, POLL_INTERVAL_SECONDS, ONLINE_WINDOW_SECONDS, deviceLogCalls, insightCalls, upgradeCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushDeviceLastSeen } from '../../../src/modules/cloud-upgrade/device-api.last-seen';
import { runUpgradeOnce } from '../../../src/modules/cloud-upgrade';
import { recordDeviceEvents, runPresenceOnce } from '../../../src/modules/insight';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { createSyncedPackage } from '../../support/upgrade-fixtures';
import { fleetRound, fullTask, keyedDevices, poll, report, type SimDevice } from '../../support/upgrade-release';
import { rollUpAll } from '../../support/rollup';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const WINDOW = ONLINE_WINDOW_SECONDS * 1000;

describe.each(ENGINES)('usage and diagnostics (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dx1: SimDevice[];
  let dx2: SimDevice[];
  let taskId: number;
  let startedAt: number;

  const A = () => t.world.companies.partnerA;
  const EU = () => t.world.areas.eu.id;
  const relogin = async () => {
    owner = await t.login('owner-a@test.local');
  };
  const rangeNow = () => ({ from: startedAt - DAY, to: t.clock.now() + HOUR });
  const failedEvents = async (deviceId: number) =>
    Number(
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from device_events where device_id = ${deviceId} and kind = 'upgrade_failed'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    startedAt = t.clock.now();
    await createUser(t.database, {
      companyId: A().id,
      email: 'diag-stats@test.local',
      userType: 'partner',
      codes: ['dealer_device_qry'],
      userAuthType: 3,
      areaIds: [EU()],
    });
    await createUser(t.database, {
      companyId: t.world.companies.dealerA.id,
      email: 'diag-dealer@test.local',
      userType: 'distributor',
      codes: ['rmr_qry'],
      areaIds: [EU()],
    });
    await relogin();
    dx1 = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count: 3,
      areaId: EU(),
      model: 'DX-1',
      snPrefix: 'DXA',
      macOui: 'D0A1B2',
    });
    dx2 = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count: 2,
      areaId: EU(),
      model: 'DX-2',
      snPrefix: 'DXB',
      macOui: 'D0A1B3',
    });
    const pkg = await createSyncedPackage(t.database, t.fileStore, {
      companyId: A().id,
      companyPath: A().path,
      versionName: 'V9.DX',
      models: ['DX-1'],
      compatibleVersions: ['V1.0.0'],
      syncedAt: new Date(t.clock.now()),
    });
    const submitted = await t.call(upgradeCalls.taskBatchSubmit, { tasks: [fullTask(pkg.id, [EU()], t.clock.now())] }, owner);
    expect(submitted.basic.code, submitted.basic.msg).toBe(200);
    taskId = submitted.data.taskIds[0]!;
    await runUpgradeOnce(t.database, t.services, t.clock.now());
  });
  afterAll(() => t?.close());

  it('a retried failure report writes one event, and the Pareto counts it once', async () => {
    await fleetRound(t, dx1, { fail: new Set([dx1[0]!.id, dx1[1]!.id]) });
    expect(await failedEvents(dx1[0]!.id)).toBe(1);
    // The device did not hear the answer and reports again: the same state, no second event.
    const again = await report(t, dx1[0]!, { taskId, status: 'failed', errorCode: 'FLASH_ERROR' });
    expect(again.code, again.msg).toBe(200);
    expect(again.data).toMatchObject({ state: 'failed' });
    expect(await failedEvents(dx1[0]!.id)).toBe(1);
  });

  it('answers failures by code (Pareto), model and from-to version from the rollup, equal to direct counts', async () => {
    const now = t.clock.now();
    await recordDeviceEvents(t.database.db, [
      { deviceId: dx2[0]!.id, kind: 'upgrade_failed', at: now, code: 'E_MD5' },
      { deviceId: dx2[1]!.id, kind: 'upgrade_failed', at: now, code: 'E_MD5' },
      { deviceId: dx2[1]!.id, kind: 'upgrade_failed', at: now, code: 'FLASH_ERROR' },
      // Another tenant's failures never count.
      ...Array.from({ length: 4 }, () => ({ deviceId: t.world.upgradeB.device.id, kind: 'upgrade_failed' as const, at: now, code: 'E_B' })),
    ]);
    // Before the rollup the figures are not there: they never come from raw events.
    expect((await t.call(insightCalls.failurePareto, { range: rangeNow() }, owner)).data.total).toBe(0);
    await rollUpAll(t.database, now);
    const r = await t.call(insightCalls.failurePareto, { range: rangeNow() }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data).toMatchObject({ timeZone: 'UTC', total: 5, updatedAt: now });
    expect(r.data.codes).toEqual([
      { code: 'FLASH_ERROR', failures: 3, cumulative: 0.6 },
      { code: 'E_MD5', failures: 2, cumulative: 1 },
    ]);
    expect(r.data.models).toEqual([
      { model: 'DX-2', failures: 3 },
      { model: 'DX-1', failures: 2 },
    ]);
    expect(r.data.versions).toEqual([
      { fromVersion: 'V1.0.0', toVersion: '', failures: 3 },
      { fromVersion: 'V1.0.0', toVersion: 'V9.DX', failures: 2 },
    ]);
    // Direct count over the raw events of the caller's devices.
    const [direct] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from device_events where kind = 'upgrade_failed' and brand_path like ${A().path + '%'}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    expect(r.data.total).toBe(direct!.n);
    // Filters: the task's target version, a model.
    const to = await t.call(insightCalls.failurePareto, { range: rangeNow(), toVersion: 'V9.DX' }, owner);
    expect(to.data.codes).toEqual([{ code: 'FLASH_ERROR', failures: 2, cumulative: 1 }]);
    const model = await t.call(insightCalls.failurePareto, { range: rangeNow(), model: 'DX-2', fromVersion: 'V1.0.0' }, owner);
    expect(model.data.total).toBe(3);
  });

  it('keeps the rollup incrementally (a late event adds once) and a rebuild answers the same', async () => {
    await recordDeviceEvents(t.database.db, [{ deviceId: dx2[0]!.id, kind: 'upgrade_failed', at: startedAt, code: 'E_MD5' }]);
    await rollUpAll(t.database, t.clock.now());
    await rollUpAll(t.database, t.clock.now());
    const inc = (await t.call(insightCalls.failurePareto, { range: rangeNow() }, owner)).data;
    expect(inc.total).toBe(6);
    await rollUpAll(t.database, t.clock.now(), { rebuild: true });
    const rebuilt = (await t.call(insightCalls.failurePareto, { range: rangeNow() }, owner)).data;
    expect(rebuilt.codes).toEqual(inc.codes);
    expect(rebuilt.versions).toEqual(inc.versions);
  });

  it("scopes the Pareto: a distributor sees its attributed devices only; another tenant's company is missing; rmr_qry is needed", async () => {
    const { dealerA, dealerB } = t.world.companies;
    await t.database.db.execute(
      sql`update devices set customer_id = ${dealerA.id}, customer_path = ${dealerA.path} where id = ${dx2[0]!.id}`,
    );
    await recordDeviceEvents(t.database.db, [{ deviceId: dx2[0]!.id, kind: 'upgrade_failed', at: t.clock.now(), code: 'E_DEALER' }]);
    await rollUpAll(t.database, t.clock.now());
    const dealer = await t.login('diag-dealer@test.local');
    const seen = await t.call(insightCalls.failurePareto, { range: rangeNow() }, dealer);
    expect(seen.basic.code, seen.basic.msg).toBe(200);
    expect(seen.data.codes).toEqual([{ code: 'E_DEALER', failures: 1, cumulative: 1 }]);
    expect((await t.call(insightCalls.failurePareto, { range: rangeNow(), customerId: dealerB.id }, owner)).basic.code).toBe(
      ErrorCodes.notFound,
    );
    const statsOnly = await t.login('diag-stats@test.local');
    expect((await t.call(insightCalls.failurePareto, { range: rangeNow() }, statsOnly)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(insightCalls.endUserActivity, { range: rangeNow() }, statsOnly)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(insightCalls.failurePareto, { range: rangeNow() })).basic.code).not.toBe(200);
    // A range over 31 days is refused, never clipped.
    const long = await t.call(insightCalls.failurePareto, { range: { from: startedAt - 40 * DAY, to: startedAt } }, owner);
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('answers daily, range and monthly active end users by platform and app version, of the brands the caller sees', async () => {
    const day0 = Date.UTC(2026, 10, 18, 12);
    const rows: Array<[number, number, number, string, string]> = [
      // at, company, end user, platform, app version
      [day0, A().id, 9001, 'ios', '2.1.0'],
      [day0 + HOUR, A().id, 9001, 'ios', '2.1.0'],
      [day0, A().id, 9002, 'android', '2.0.0'],
      [day0 + DAY, A().id, 9001, 'ios', '2.1.0'],
      // Active in the month before the range only.
      [day0 - 10 * DAY, A().id, 9003, 'android', '2.0.0'],
      // Partner B's end user.
      [day0, t.world.companies.partnerB.id, 9100, 'ios', '2.1.0'],
    ];
    for (const [at, companyId, endUserId, platform, appVersion] of rows) {
      const path = companyId === A().id ? A().path : t.world.companies.partnerB.path;
      await t.database.db.execute(sql`
        insert into end_user_logs (at, company_id, company_path, app_key_id, end_user_id, area_id, action, code, platform, app_version)
        values (${new Date(at).toISOString()}::timestamptz, ${companyId}, ${path}, 1, ${endUserId}, ${EU()}, 'device/list', 200, ${platform}, ${appVersion})`);
    }
    const range = { from: Date.UTC(2026, 10, 18), to: Date.UTC(2026, 10, 20) - 1 };
    const r = await t.call(insightCalls.endUserActivity, { range }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data).toMatchObject({ timeZone: 'UTC', days: ['2026-11-18', '2026-11-19'], rangeActive: 2, monthlyActive: 3 });
    expect(r.data.daily).toEqual([
      { day: '2026-11-18', active: 2 },
      { day: '2026-11-19', active: 1 },
    ]);
    expect(r.data.platforms).toEqual([
      { platform: 'android', active: 1 },
      { platform: 'ios', active: 1 },
    ]);
    expect(r.data.appVersions).toEqual([
      { platform: 'android', appVersion: '2.0.0', active: 1 },
      { platform: 'ios', appVersion: '2.1.0', active: 1 },
    ]);
    const ios = await t.call(insightCalls.endUserActivity, { range, platform: 'ios' }, owner);
    expect(ios.data.daily.map((d) => d.active)).toEqual([1, 1]);
    expect(ios.data.monthlyActive).toBe(1);
  });

  it('filters the health list by days offline (1/7/30+, never seen included)', async () => {
    const off = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count: 5,
      areaId: EU(),
      model: 'OFF-1',
      snPrefix: 'OFF',
      macOui: 'D0A1B4',
    });
    const now = t.clock.now();
    const seenAgo = [0, 2 * DAY, 10 * DAY, 40 * DAY];
    for (let i = 0; i < seenAgo.length; i++)
      await t.database.db.execute(
        sql`update devices set last_seen_at = ${new Date(now - seenAgo[i]!).toISOString()}::timestamptz where id = ${off[i]!.id}`,
      );
    const count = async (offlineDays?: 1 | 7 | 30) =>
      (await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 20, model: 'OFF-1', ...(offlineDays ? { offlineDays } : {}) }, owner))
        .data.total;
    expect([await count(), await count(1), await count(7), await count(30)]).toEqual([5, 4, 3, 2]);
  });

  it('flags a device flapping (3+ drops in 24 h) under the test clock, and not one that dropped twice', async () => {
    const [flapper, steady] = await keyedDevices(t, {
      companyId: A().id,
      companyPath: A().path,
      count: 2,
      areaId: EU(),
      model: 'FLAP-1',
      snPrefix: 'FLP',
      macOui: 'D0A1B5',
    });
    const seen = async (d: SimDevice) => {
      expect((await poll(t, d)).code).toBe(200);
      await flushDeviceLastSeen();
    };
    for (let i = 0; i < 3; i++) {
      await seen(flapper!);
      if (i < 2) await seen(steady!);
      t.clock.advance(WINDOW + MIN);
      await runPresenceOnce(t.database, t.clock.now(), POLL_INTERVAL_SECONDS);
    }
    await seen(flapper!);
    await seen(steady!);
    await relogin();
    const list = await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 10, model: 'FLAP-1' }, owner);
    const byId = new Map(list.data.records.map((d) => [d.id, d]));
    expect(byId.get(flapper!.id)).toMatchObject({ online: true, offlines24h: 3, flapping: true });
    expect(byId.get(steady!.id)).toMatchObject({ online: true, offlines24h: 2, flapping: false });
    // A day later the drops are past: no longer flapping.
    t.clock.advance(DAY);
    await relogin();
    const later = await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 10, model: 'FLAP-1' }, owner);
    expect(later.data.records.find((d) => d.id === flapper!.id)).toMatchObject({ flapping: false });
  });

  it('answers 26007 when the file store is down during a log upload, keeps the request waiting, and takes the upload after', async () => {
    const d = dx1[2]!;
    await relogin();
    expect((await t.call(deviceLogCalls.deviceLogRequest, { deviceId: d.id }, owner)).basic.code).toBe(200);
    const answer = (await poll(t, d)).data;
    if (answer.action !== 'uploadLog') throw new Error(`expected uploadLog, got ${answer.action}`);
    const put = async () => {
      const u = new URL(answer.upload.url, 'http://x');
      const res = await t.app.inject({
        method: 'PUT',
        url: `${u.pathname}${u.search}`,
        payload: gzipSync(Buffer.from('boot ok\n')),
        headers: { 'content-type': 'application/gzip' },
      });
      return res.json() as { code: number; msg: string };
    };
    const store = t.fileStore;
    const original = store.put.bind(store);
    store.put = () => Promise.reject(new Error('connect ECONNREFUSED (test: the store is down)'));
    let down: { code: number; msg: string };
    try {
      down = await put();
    } finally {
      store.put = original;
    }
    expect(down.code).toBe(ErrorCodes.deviceLogStoreUnavailable);
    expect(down.msg).not.toContain('ECONNREFUSED');
    const list = await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner);
    expect(list.data.records.map((r) => r.state)).toEqual(['requested']);
    expect((await put()).code).toBe(200);
    expect((await t.call(deviceLogCalls.deviceLogList, { deviceId: d.id }, owner)).data.records.map((r) => r.state)).toEqual(['uploaded']);
  });
});
