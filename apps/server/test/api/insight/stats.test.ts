/**
 * Statistics, device health and Home through the calls (issue 15 items 3-5): a fleet polls, goes
 * offline, upgrades and fails; the jobs sample and roll up; then each caller sees its scope: the
 * brand its fleet, a distributor the devices attributed to its subtree, the supplier every brand,
 * another tenant's customer as missing. A version's device count equals the health list's total
 * with the same filters; Home shows a card only with its code.
 */
import { homeCardCount, insightCalls, partnerCalls, POLL_INTERVAL_SECONDS, RESOURCE_CODES, type StatsQuery } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushDeviceLastSeen } from '../../../src/modules/cloud-upgrade/device-api.last-seen';
import { runPresenceOnce } from '../../../src/modules/insight';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { keyedDevices, poll, type SimDevice } from '../../support/upgrade-release';
import { rollUpAll } from '../../support/rollup';

const MIN = 60_000;
const DAY = 86_400_000;

describe.each(ENGINES)('statistics and home (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dealer: Session;
  let supplier: Session;
  let noCodes: Session;
  let fleet: SimDevice[];
  let range: StatsQuery['range'];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA, dealerA, partnerB } = t.world.companies;
    const eu = t.world.areas.eu.id;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-dev@test.local',
      userType: 'distributor',
      codes: ['dealer_device_qry'],
      areaIds: [eu],
    });
    fleet = [
      ...(await keyedDevices(t, {
        companyId: partnerA.id,
        companyPath: partnerA.path,
        count: 4,
        areaId: eu,
        snPrefix: 'STA',
        country: 'DE',
      })),
      ...(await keyedDevices(t, {
        companyId: partnerA.id,
        companyPath: partnerA.path,
        count: 2,
        areaId: eu,
        snPrefix: 'STB',
        firmwareVersion: 'V2.0.0',
        country: 'FR',
        macOui: 'A0B1C3',
      })),
    ];
    // Two devices are attributed to Dealer A1 (the distributor).
    await t.database.db.execute(
      sql`update devices set customer_id = ${dealerA.id}, customer_path = ${dealerA.path} where id in (${fleet[0]!.id}, ${fleet[4]!.id})`,
    );
    await keyedDevices(t, { companyId: partnerB.id, companyPath: partnerB.path, count: 3, areaId: eu, snPrefix: 'STZ', macOui: 'B0B1C3' });

    // All poll; the first goes silent and is noticed offline; samples every 5 minutes for an hour.
    for (const d of fleet) expect((await poll(t, d)).code).toBe(200);
    await flushDeviceLastSeen();
    for (let i = 0; i < 12; i++) {
      t.clock.advance(5 * MIN);
      if (i % 2 === 0) for (const d of fleet.slice(1)) await poll(t, d);
      await flushDeviceLastSeen();
      await runPresenceOnce(t.database, t.clock.now(), POLL_INTERVAL_SECONDS);
    }
    await rollUpAll(t.database, t.clock.now());
    const dayStart = Math.floor(t.clock.now() / DAY) * DAY;
    range = { from: dayStart - 6 * DAY, to: dayStart + DAY };
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-dev@test.local');
    supplier = await t.login('supplier@test.local');
    noCodes = await t.login('nocodes-a@test.local');
  }, 120_000);
  afterAll(() => t?.close());

  it('the brand sees its fleet: devices, online, versions, countries, and the silent device offline', async () => {
    const r = await t.call(insightCalls.statsOverview, { range }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.current).toMatchObject({ devices: 6, online: 5 });
    expect(r.data.versions).toEqual([
      { version: 'V1.0.0', devices: 4 },
      { version: 'V2.0.0', devices: 2 },
    ]);
    expect(r.data.countries).toEqual([
      { country: 'DE', devices: 4 },
      { country: 'FR', devices: 2 },
    ]);
    expect(r.data.customers).toEqual([{ companyId: t.world.companies.dealerA.id, name: 'Dealer A1', devices: 2 }]);
    expect(r.data.updatedAt).toBe(t.clock.now());
  });

  it('a version bar and the health list with the same filters agree; state and customer filters too', async () => {
    const v = await t.call(insightCalls.statsByVersion, { range }, owner);
    for (const row of v.data.versions) {
      const list = await t.call(insightCalls.healthList, { version: row.version, pageNum: 1, pageSize: 50 }, owner);
      expect(list.data.total).toBe(row.devices);
    }
    const offline = await t.call(insightCalls.healthList, { state: 'offline', pageNum: 1, pageSize: 50 }, owner);
    expect(offline.data.records.map((d) => d.sn)).toEqual([fleet[0]!.sn]);
    expect(offline.data.records[0]).toMatchObject({ online: false, offlines24h: 1, customerName: 'Dealer A1' });
  });

  it('the distributor sees only the devices attributed to its subtree; the supplier every brand', async () => {
    const d = await t.call(insightCalls.statsOverview, { range }, dealer);
    expect(d.basic.code, d.basic.msg).toBe(200);
    expect(d.data.current.devices).toBe(2);
    // End users are counted per brand: below the brand they are not known (null), never 0.
    expect(d.data.app.current.activeEndUsers).toBeNull();
    expect(d.data.app.trend.every((x) => x.activeEndUsers === null)).toBe(true);
    expect((await t.call(insightCalls.statsOverview, { range }, owner)).data.app.current.activeEndUsers).not.toBeNull();
    const list = await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 50 }, dealer);
    expect(list.data.records.map((x) => x.sn).sort()).toEqual([fleet[0]!.sn, fleet[4]!.sn].sort());
    const s = await t.call(insightCalls.statsByCustomer, { range }, supplier);
    expect(s.basic.code, s.basic.msg).toBe(200);
    const byName = Object.fromEntries(s.data.rows.map((r) => [r.name, r.devices]));
    // Partner B: its three and the world's own device.
    expect(byName).toMatchObject({ 'Partner A': 6, 'Partner B': 4 });
  });

  it('by customer drills in with a breadcrumb; another tenant’s company answers as missing', async () => {
    const top = await t.call(insightCalls.statsByCustomer, { range }, owner);
    expect(top.data.path.map((p) => p.name)).toEqual(['Partner A']);
    expect(top.data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ companyId: null, name: 'Partner A', devices: 4 }),
        expect.objectContaining({ companyId: t.world.companies.dealerA.id, devices: 2, hasChildren: true }),
      ]),
    );
    const inner = await t.call(insightCalls.statsByCustomer, { range, parentId: t.world.companies.dealerA.id }, owner);
    expect(inner.data.path.map((p) => p.name)).toEqual(['Partner A', 'Dealer A1']);
    const other = await t.call(insightCalls.statsByCustomer, { range, parentId: t.world.companies.partnerB.id }, owner);
    expect(other.basic.code).toBe(1004);
    const otherList = await t.call(insightCalls.healthList, { customerId: t.world.companies.partnerB.id, pageNum: 1, pageSize: 10 }, owner);
    expect(otherList.basic.code).toBe(1004);
  });

  it('signed out 7003, without the code 1005', async () => {
    expect((await t.call(insightCalls.statsOverview, { range }, null)).basic.code).toBe(7003);
    expect((await t.call(insightCalls.statsOverview, { range }, noCodes)).basic.code).toBe(1005);
    expect((await t.call(insightCalls.homeSummary, {}, null)).basic.code).toBe(7003);
  });

  it('home: each card only with its code', async () => {
    const full = await t.call(insightCalls.homeSummary, {}, owner);
    expect(full.basic.code, full.basic.msg).toBe(200);
    expect(full.data.devices).toMatchObject({ total: 6 });
    expect(full.data.devices!.sparkline).toHaveLength(7);
    expect(full.data.tasks).toEqual({ inRelease: 0, paused: 0 });
    expect(full.data.registrations).toBeDefined();
    expect(full.data.users).toBeDefined();
    const none = await t.call(insightCalls.homeSummary, {}, noCodes);
    expect(none.basic.code).toBe(200);
    expect(Object.keys(none.data).sort()).toEqual(['timeZone', 'updatedAt']);
    const d = await t.call(insightCalls.homeSummary, {}, dealer);
    expect(d.data.devices?.total).toBe(2);
    expect(d.data.tasks).toBeUndefined();
    // The page keeps room for as many cards as the codes give (homeCardCount), before they load.
    const cards = (data: object) => Object.keys(data).filter((k) => k !== 'timeZone' && k !== 'updatedAt').length;
    expect(cards(full.data)).toBe(homeCardCount(RESOURCE_CODES.filter((c) => !c.startsWith('supplier_'))));
    expect(cards(d.data)).toBe(homeCardCount(['dealer_device_qry']));
    expect(cards(none.data)).toBe(homeCardCount([]));
  });

  it('a reporting time zone no company used yet gets its past days when a company chooses it', async () => {
    const before = await t.call(insightCalls.statsOverview, { range }, owner);
    expect(before.data.current.devices).toBe(6);
    const set = await t.call(
      partnerCalls.setCorpInfo,
      { name: 'Partner A', contact: '', telephone: '', email: '', timeZone: 'Pacific/Auckland' },
      owner,
    );
    expect(set.basic.code, set.basic.msg).toBe(200);
    const after = await t.call(insightCalls.statsOverview, { range }, owner);
    expect(after.data.timeZone).toBe('Pacific/Auckland');
    expect(after.data.current).toMatchObject({ devices: 6, online: 5 });
    expect(after.data.versions).toEqual(before.data.versions);
    // Back to the zone in use: its rows are already there.
    expect(
      (
        await t.call(
          partnerCalls.setCorpInfo,
          { name: 'Partner A', contact: '', telephone: '', email: '', timeZone: before.data.timeZone },
          owner,
        )
      ).basic.code,
    ).toBe(200);
    expect((await t.call(insightCalls.statsOverview, { range }, owner)).data.current.devices).toBe(6);
  });
});
