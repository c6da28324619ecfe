/**
 * A device's history through insight/device/history (issue 15 §1, §4 "Device page: event
 * timeline"): newest first with codes and versions, the device's health now; the owner sees its
 * device, a distributor only a device attributed to its subtree, another tenant's device answers as
 * missing; signed out and without the code it is refused.
 */
import { ErrorCodes, insightCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDeviceEvents } from '../../../src/modules/insight';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { keyedDevices, type SimDevice } from '../../support/upgrade-release';

type Session = Awaited<ReturnType<TestApp['login']>>;
const MIN = 60_000;

describe.each(ENGINES)('device history call (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dealer: Session;
  let fleet: SimDevice[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA, dealerA } = t.world.companies;
    const eu = t.world.areas.eu.id;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-hist@test.local',
      userType: 'distributor',
      codes: ['dealer_device_qry'],
      areaIds: [eu],
    });
    fleet = await keyedDevices(t, { companyId: partnerA.id, companyPath: partnerA.path, count: 2, areaId: eu, snPrefix: 'DHX' });
    await t.database.db.execute(
      sql`update devices set customer_id = ${dealerA.id}, customer_path = ${dealerA.path} where id = ${fleet[0]!.id}`,
    );
    const t0 = t.clock.now();
    await recordDeviceEvents(t.database.db, [
      { deviceId: fleet[0]!.id, kind: 'activation', at: t0 - 30 * MIN },
      { deviceId: fleet[0]!.id, kind: 'online', at: t0 - 29 * MIN },
      { deviceId: fleet[0]!.id, kind: 'upgrade_failed', at: t0 - 20 * MIN, code: 'E_MD5' },
      { deviceId: fleet[0]!.id, kind: 'version_change', at: t0 - 10 * MIN, fromVersion: 'V0.9.0' },
      { deviceId: fleet[1]!.id, kind: 'activation', at: t0 - 5 * MIN },
    ]);
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-hist@test.local');
  });
  afterAll(() => t?.close());

  it("answers a device's events newest first with their codes and versions, and its health now", async () => {
    const r = await t.call(insightCalls.deviceHistory, { deviceId: fleet[0]!.id }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.device).toMatchObject({ id: fleet[0]!.id, sn: fleet[0]!.sn, customerName: 'Dealer A1', failures: 1 });
    expect(r.data.events.map((e) => e.kind)).toEqual(['version_change', 'upgrade_failed', 'online', 'activation']);
    expect(r.data.events[0]).toMatchObject({ fromVersion: 'V0.9.0', at: t.clock.now() - 10 * MIN });
    expect(r.data.events[1]).toMatchObject({ code: 'E_MD5' });
    // Only its own events.
    const other = await t.call(insightCalls.deviceHistory, { deviceId: fleet[1]!.id }, owner);
    expect(other.data.events.map((e) => e.kind)).toEqual(['activation']);
  });

  it('lets a distributor read only a device attributed to its subtree', async () => {
    expect((await t.call(insightCalls.deviceHistory, { deviceId: fleet[0]!.id }, dealer)).basic.code).toBe(200);
    expect((await t.call(insightCalls.deviceHistory, { deviceId: fleet[1]!.id }, dealer)).basic.code).toBe(ErrorCodes.notFound);
  });

  it("answers another tenant's device, and one that does not exist, as missing; refuses without a session or the code", async () => {
    const b = await t.call(insightCalls.deviceHistory, { deviceId: t.world.upgradeB.device.id }, owner);
    expect(b.basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(insightCalls.deviceHistory, { deviceId: 999_999 }, owner)).basic.code).toBe(ErrorCodes.notFound);
    expect((await t.call(insightCalls.deviceHistory, { deviceId: fleet[0]!.id })).basic.code).not.toBe(200);
    const noCodes = await t.login('nocodes-a@test.local');
    expect((await t.call(insightCalls.deviceHistory, { deviceId: fleet[0]!.id }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
  });
});
