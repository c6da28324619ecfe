/**
 * Home's "needs attention" and sales (issue 15 item 6): a task paused by its success gate, a package
 * whose sync to a DC failed, a device that failed its upgrade twice this week, an online rate 50
 * points below last week's, an uploaded device log, and storage plan orders paid this week and last.
 * Each figure is the caller's own: the other brand sees none of them; uploaded logs count only for
 * those who may read them, sales only with a storage code.
 */
import { insightCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwarePackages, firmwarePackageSyncs, releaseTasks } from '../../../src/db/schema';
import { recordDeviceEvents } from '../../../src/modules/insight';
import { devicesFailedTwiceSql } from '../../../src/modules/insight/home.repository';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES, planAtScale } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { keyedDevices, type SimDevice } from '../../support/upgrade-release';
import { rollUpAll } from '../../support/rollup';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(ENGINES)('home attention and sales (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let noLogs: Session;
  let fleet: SimDevice[];

  const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA } = t.world.companies;
    const eu = t.world.areas.eu.id;
    const now = t.clock.now();
    fleet = await keyedDevices(t, { companyId: partnerA.id, companyPath: partnerA.path, count: 2, areaId: eu, snPrefix: 'HOM' });

    // A task paused by its success gate, and one paused by hand (not a matter of attention).
    const [pkg] = await t.database.db
      .insert(firmwarePackages)
      .values({
        companyId: partnerA.id,
        companyPath: partnerA.path,
        versionName: 'A-V9.0.0',
        productType: 'IPC',
        models: ['IPC-200'],
        compatibleVersions: ['V1.0.0'],
        validityDays: 30,
        descriptions: { 'en-US': 'A firmware' },
        fileName: 'a.bin',
        size: 3,
        md5: '0'.repeat(32),
        objectKey: `firmware/${partnerA.id}/a.bin`,
        status: 'synced',
      })
      .returning();
    const task = (pauseReason: string) => ({
      pkgId: pkg!.id,
      companyId: partnerA.id,
      companyPath: partnerA.path,
      releaseType: 'gray',
      areaIds: [eu],
      target: {},
      startAt: new Date(now - DAY),
      endAt: new Date(now + 10 * DAY),
      gates: {},
      createdByName: 'owner-a',
      status: 'paused',
      pauseReason,
    });
    await t.database.db.insert(releaseTasks).values([task('successGate'), task('manual')]);
    // Its sync to one DC failed.
    await t.database.db.insert(firmwarePackageSyncs).values([
      { pkgId: pkg!.id, areaId: eu, state: 'failed', error: 'timeout', at: new Date(now - HOUR) },
      { pkgId: pkg!.id, areaId: t.world.areas.us.id, state: 'synced', at: new Date(now - HOUR) },
    ]);
    // The first device failed twice this week, the second once.
    await t.database.db.transaction((tx) =>
      recordDeviceEvents(tx, [
        { deviceId: fleet[0]!.id, kind: 'upgrade_failed', at: now - 2 * DAY, code: 'E1' },
        { deviceId: fleet[0]!.id, kind: 'upgrade_failed', at: now - DAY, code: 'E2' },
        { deviceId: fleet[1]!.id, kind: 'upgrade_failed', at: now - DAY, code: 'E1' },
      ]),
    );
    // Online rate: every device online in last week's samples, half of them this week.
    for (const [at, online] of [
      [now - 10 * DAY, 2],
      [now - 9 * DAY, 2],
      [now - 2 * DAY, 1],
      [now - HOUR, 1],
    ] as const) {
      const t5 = Math.floor(at / (5 * 60_000)) * 5 * 60_000;
      await exec(sql`insert into device_sample_times (at) values (${iso(t5)}::timestamptz)`);
      await exec(sql`insert into device_samples (at, brand_id, brand_path, product_type, model, version, country, area_id, devices, online)
        values (${iso(t5)}::timestamptz, ${partnerA.id}, ${partnerA.path}, 'IPC', 'IPC-200', 'V1.0.0', 'DE', ${eu}, 2, ${online})`);
    }
    // A log the first device uploaded yesterday, one still requested, one uploaded three weeks ago.
    for (const [state, uploadedAt] of [
      ['uploaded', now - DAY],
      ['requested', null],
      ['uploaded', now - 21 * DAY],
    ] as const)
      await exec(sql`insert into device_logs (device_id, state, uploaded_at, size, created_at)
        values (${state === 'requested' ? fleet[1]!.id : fleet[0]!.id}, ${state}, ${uploadedAt === null ? null : iso(uploadedAt)}::timestamptz,
                ${state === 'uploaded' ? 100 : null}, ${iso(uploadedAt ?? now)}::timestamptz)`);
    // Orders paid: two this week (one free), one last week.
    let n = 0;
    for (const [at, amount] of [
      [now - DAY, 1999],
      [now - 2 * DAY, 0],
      [now - 8 * DAY, 500],
    ] as const)
      await exec(sql`insert into storage_orders (order_no, amount, platform, device_id, device_sn, company_id, company_path, goods_id, goods_snapshot,
                 service_days, cost_price, state, paid_at)
               values (${`HOME-${++n}`}, ${amount}, 'ios', ${fleet[1]!.id}, ${fleet[1]!.sn}, ${partnerA.id}, ${partnerA.path}, 1, '{}'::jsonb, 30, 0,
                 'paid', ${iso(at)}::timestamptz)`);
    await rollUpAll(t.database, now);

    await createUser(t.database, {
      companyId: partnerA.id,
      email: 'home-nologs@test.local',
      userType: 'partner',
      codes: ['dealer_device_qry', 'dealer_upgrade_qry'],
      areaIds: [eu],
    });
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    noLogs = await t.login('home-nologs@test.local');
  }, 120_000);
  afterAll(() => t?.close());

  it('needs attention: paused by gate, failed sync, failed twice, the online rate drop and uploaded logs', async () => {
    const r = await t.call(insightCalls.homeSummary, {}, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.attention).toEqual({ pausedByGate: 1, failedSync: 1, failedTwice: 1, onlineRateDrop: 50, logsUploaded: 1 });
    expect(r.data.tasks).toEqual({ inRelease: 0, paused: 2 });
    expect(r.data.upgrade).toEqual({ success: 0, failed: 3 });
  });

  it('sales: orders paid in the last 7 days and their amount, last week’s amount', async () => {
    const r = await t.call(insightCalls.homeSummary, {}, owner);
    expect(r.data.sales).toEqual({ orders: 2, amount: 1999, lastWeekAmount: 500 });
  });

  it('another brand sees none of it; uploaded logs only with a log-reading code, sales only with a storage code', async () => {
    const b = await t.call(insightCalls.homeSummary, {}, ownerB);
    expect(b.basic.code, b.basic.msg).toBe(200);
    expect(b.data.attention).toMatchObject({ pausedByGate: 0, failedSync: 0, failedTwice: 0, logsUploaded: 0 });
    expect(b.data.sales).toEqual({ orders: 0, amount: 0, lastWeekAmount: 0 });
    const n = await t.call(insightCalls.homeSummary, {}, noLogs);
    expect(n.basic.code, n.basic.msg).toBe(200);
    expect(n.data.attention).toMatchObject({ pausedByGate: 1, failedTwice: 1, logsUploaded: 0 });
    expect(n.data.sales).toBeUndefined();
  });

  it('failed twice is counted from the failed upgrades’ index, not from every event of the week', async () => {
    const { partnerA } = t.world.companies;
    const actor = { companyPath: partnerA.path, currentAreaId: t.world.areas.eu.id };
    const plan = await planAtScale(t.database, devicesFailedTwiceSql(actor, t.clock.now() - 7 * DAY));
    expect(plan).toContain('device_events_failed_idx');
  });
});
