/**
 * The monitoring link (SPEC §2, issue 15 §7): the supplier sets and clears an external URL per area
 * (supplier_system_mgr; read with supplier_system_qry), written to the operation log as a sentence;
 * a bad address is refused with the catalogue's message in both locales, an unknown area as
 * missing; a brand's owner and a read-only supplier user may not set it. The built-in page counts
 * refused operations and failed app calls per hour, names the frequent app error codes, and says
 * how far the rollup lags.
 */
import { ErrorCodes, insightCalls, monitoringCalls, VALIDATION_MESSAGES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDeviceEvents } from '../../../src/modules/insight';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { rollUpAll } from '../../support/rollup';

const HOUR = 3_600_000;

describe.each(ENGINES)('monitoring link (%s)', (engine) => {
  let t: TestApp;
  let supplier: Session;
  let reader: Session;
  let ownerA: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { rdc, eu, us } = t.world.areas;
    await createUser(t.database, {
      companyId: t.world.companies.supplier.id,
      email: 'monitor-reader@test.local',
      userType: 'supplier',
      codes: ['supplier_system_qry'],
      areaIds: [rdc.id, eu.id, us.id],
    });
    supplier = await t.login('supplier@test.local');
    reader = await t.login('monitor-reader@test.local');
    ownerA = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  it('sets, reads and clears an area’s URL; the session’s area’s is the current one; logged as a sentence', async () => {
    const { eu } = t.world.areas;
    const set = await t.call(monitoringCalls.linkSet, { areaId: eu.id, url: 'https://grafana.example.com/d/eu' }, supplier);
    expect(set.basic.code, set.basic.msg).toBe(200);
    expect(set.data).toMatchObject({ areaId: eu.id, url: 'https://grafana.example.com/d/eu' });
    expect(set.data.displayNames['zh-CN']).toBeTruthy();
    const read = await t.call(monitoringCalls.links, {}, reader);
    expect(read.basic.code, read.basic.msg).toBe(200);
    expect(read.data.links.find((l) => l.areaId === eu.id)?.url).toBe('https://grafana.example.com/d/eu');
    expect(read.data.links.filter((l) => l.url !== null)).toHaveLength(1);
    // Every area gets one: the session's area's is the current one, whichever it is.
    for (const l of read.data.links)
      expect(
        (await t.call(monitoringCalls.linkSet, { areaId: l.areaId, url: `https://mon.example.com/${l.areaId}` }, supplier)).basic.code,
      ).toBe(200);
    expect((await t.call(monitoringCalls.links, {}, supplier)).data.current).toMatch(/^https:\/\/mon\.example\.com\/\d+$/);
    for (const l of read.data.links) await t.call(monitoringCalls.linkSet, { areaId: l.areaId, url: null }, supplier);
    const cleared = await t.call(monitoringCalls.links, {}, supplier);
    expect(cleared.data.current).toBeNull();
    expect(cleared.data.links.every((l) => l.url === null)).toBe(true);

    const log = await t.call(
      insightCalls.operationLogSearch,
      { range: { from: t.clock.now() - HOUR, to: t.clock.now() + HOUR }, code: 'system.monitoringLink' },
      supplier,
    );
    expect(log.basic.code, log.basic.msg).toBe(200);
    expect(log.data.total).toBeGreaterThanOrEqual(2);
    expect(log.data.records[0]).toMatchObject({ result: 'success', module: 'system', code: 'system.monitoringLink' });
  });

  it('refuses a bad address with the catalogue message in both locales, and an unknown area as missing', async () => {
    const bad = await t.call(monitoringCalls.linkSet, { areaId: t.world.areas.eu.id, url: 'ftp://x.example.com' }, supplier);
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
    expect(bad.basic.msg).toContain(VALIDATION_MESSAGES.monitoringUrlInvalid.en);
    const zh = await t.call(monitoringCalls.linkSet, { areaId: t.world.areas.eu.id, url: 'javascript:alert(1)' }, supplier, {
      locale: 'zh-CN',
    });
    expect(zh.basic.msg).toContain(VALIDATION_MESSAGES.monitoringUrlInvalid.zh);
    const long = await t.call(
      monitoringCalls.linkSet,
      { areaId: t.world.areas.eu.id, url: `https://x.example.com/${'a'.repeat(500)}` },
      supplier,
    );
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(monitoringCalls.linkSet, { areaId: 999_999, url: 'https://x.example.com' }, supplier)).basic.code).toBe(
      ErrorCodes.notFound,
    );
  });

  it('permissions: signed out 7003; a brand owner and a read-only supplier user may not set; the reader reads', async () => {
    const data = { areaId: t.world.areas.eu.id, url: 'https://x.example.com' };
    expect((await t.call(monitoringCalls.linkSet, data, null)).basic.code).toBe(7003);
    expect((await t.call(monitoringCalls.linkSet, data, ownerA)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(monitoringCalls.links, {}, ownerA)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(monitoringCalls.overview, {}, ownerA)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(monitoringCalls.linkSet, data, reader)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(monitoringCalls.overview, {}, reader)).basic.code).toBe(200);
    expect((await t.call(monitoringCalls.links, {}, supplier)).data.links.every((l) => l.url === null)).toBe(true);
  });

  it('the built-in page: refused operations and failed app calls per hour, frequent app error codes, the rollup lag', async () => {
    const now = t.clock.now();
    const { partnerA } = t.world.companies;
    // A refused write (logged), and app calls: two failed with 7003, one with 25003, three fine.
    await t.call(monitoringCalls.linkSet, { areaId: t.world.areas.eu.id, url: 'https://x.example.com' }, reader);
    for (const code of [7003, 7003, 25003, 200, 200, 200])
      await t.database.db.execute(sql`insert into end_user_logs (at, company_id, company_path, app_key_id, action, code)
        values (${new Date(now - 60_000).toISOString()}::timestamptz, ${partnerA.id}, ${partnerA.path}, 1, 'account/login', ${code})`);
    await rollUpAll(t.database, now - 10 * 60_000);
    const [device] = (
      (await t.database.db.execute(sql`select id::int as id from devices where company_id = ${partnerA.id} limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    if (device) await recordDeviceEvents(t.database.db, [{ deviceId: device.id, kind: 'online', at: now - 60_000 }]);

    const r = await t.call(monitoringCalls.overview, {}, supplier);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.hours).toHaveLength(24);
    const last = r.data.hours.at(-1)!;
    expect(last.hour).toBe(Math.floor(now / HOUR) * HOUR);
    expect(last.refused).toBeGreaterThanOrEqual(1);
    expect(last.operations).toBeGreaterThan(last.refused);
    expect(r.data.hours.reduce((n, h) => n + h.appCalls, 0)).toBeGreaterThanOrEqual(6);
    expect(r.data.hours.reduce((n, h) => n + h.appFailed, 0)).toBeGreaterThanOrEqual(3);
    expect(r.data.appErrorCodes[0]).toEqual({ code: 7003, calls: 2 });
    expect(r.data.appErrorCodes).toContainEqual({ code: 25003, calls: 1 });
    expect(r.data.rollup).toMatchObject({ updatedAt: now - 10 * 60_000, lagSeconds: 600 });
    if (device) expect(r.data.rollup.pendingEvents).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(r.data.jobs)).toBe(true);
  });
});
