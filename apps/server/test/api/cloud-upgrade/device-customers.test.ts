/**
 * Devices' downstream customer (issue 15 §1): device/customer/assign attributes devices in one
 * statement, all or none, audited; the device import's Customer column names a company below the
 * caller's. Another tenant's company is refused (26011), another tenant's device answers as
 * missing (1004); a distributor attributes only devices attributed to its subtree; without
 * dealer_device_mgr the call is refused.
 */
import { ErrorCodes, deviceCalls, upgradeCalls } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, operationLogs } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { seedDevices } from '../../support/upgrade-fixtures';

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(ENGINES)('device customers (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dealer: Session;
  let ids: number[];

  const customerOf = async (list: number[]) =>
    (
      await t.database.db
        .select({ id: devices.id, customerId: devices.customerId, customerPath: devices.customerPath })
        .from(devices)
        .where(inArray(devices.id, list))
        .orderBy(devices.id)
    ).map((r) => [r.customerId, r.customerPath]);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { partnerA, dealerA } = t.world.companies;
    const eu = t.world.areas.eu.id;
    await createUser(t.database, {
      companyId: dealerA.id,
      email: 'dealer-assign@test.local',
      userType: 'distributor',
      codes: ['dealer_device_qry', 'dealer_device_mgr'],
      areaIds: [eu],
    });
    ids = await seedDevices(t.database, {
      companyId: partnerA.id,
      companyPath: partnerA.path,
      count: 4,
      areaId: eu,
      snPrefix: 'ASG',
      macOui: 'AA0B0C',
      at: t.clock.now(),
    });
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-assign@test.local');
  });
  afterAll(() => t?.close());

  it('attributes devices to a customer in one call, shows it in the list and writes one audited row', async () => {
    const { dealerA } = t.world.companies;
    const r = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[0]!, ids[1]!, ids[0]!], customerId: dealerA.id }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.assigned).toBe(2);
    expect(await customerOf([ids[0]!, ids[1]!, ids[2]!])).toEqual([
      [dealerA.id, dealerA.path],
      [dealerA.id, dealerA.path],
      [null, ''],
    ]);
    const listed = await t.call(deviceCalls.list, { pageNum: 1, pageSize: 10, searchText: 'ASG' }, owner);
    const first = listed.data.records.find((d) => d.id === ids[0]);
    expect(first).toMatchObject({ customerId: dealerA.id, customerName: 'Dealer A1' });
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'device/customer/assign'), eq(operationLogs.targetId, String(dealerA.id))));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ code: 'device.customerAssign', targetName: 'Dealer A1' });
  });

  it("refuses another tenant's company and the caller's own company (26011), and answers another tenant's device as missing", async () => {
    const { dealerB, partnerA } = t.world.companies;
    const other = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[2]!], customerId: dealerB.id }, owner);
    expect(other.basic.code).toBe(ErrorCodes.deviceCustomerInvalid);
    const own = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[2]!], customerId: partnerA.id }, owner);
    expect(own.basic.code).toBe(ErrorCodes.deviceCustomerInvalid);
    // One device of another tenant among the caller's: nothing is written.
    const b = await t.call(
      deviceCalls.assignCustomer,
      { deviceIds: [ids[2]!, t.world.upgradeB.device.id], customerId: t.world.companies.installerA.id },
      owner,
    );
    expect(b.basic.code).toBe(ErrorCodes.notFound);
    expect(await customerOf([ids[2]!])).toEqual([[null, '']]);
    // Partner B's owner cannot reach Partner A's devices either.
    const ownerB = await t.login('owner-b@test.local');
    const fromB = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[3]!], customerId: dealerB.id }, ownerB);
    expect(fromB.basic.code).toBe(ErrorCodes.notFound);
  });

  it('lets a distributor attribute only devices attributed to its subtree, to a company below it; the brand takes them back', async () => {
    const { installerA, dealerA } = t.world.companies;
    const down = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[0]!], customerId: installerA.id }, dealer);
    expect(down.basic.code, down.basic.msg).toBe(200);
    expect(await customerOf([ids[0]!])).toEqual([[installerA.id, installerA.path]]);
    // Not attributed to the distributor: missing to it.
    expect((await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[3]!], customerId: installerA.id }, dealer)).basic.code).toBe(
      ErrorCodes.notFound,
    );
    // Its own company is not below it; taking an attribution back is the brand's.
    expect((await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[1]!], customerId: dealerA.id }, dealer)).basic.code).toBe(
      ErrorCodes.deviceCustomerInvalid,
    );
    expect((await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[1]!], customerId: null }, dealer)).basic.code).toBe(
      ErrorCodes.notFound,
    );
    const back = await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[1]!], customerId: null }, owner);
    expect(back.basic.code).toBe(200);
    expect(await customerOf([ids[1]!])).toEqual([[null, '']]);
  });

  it('offers the companies below the caller, answers the ability, and refuses without dealer_device_mgr', async () => {
    const opts = await t.call(deviceCalls.customerOptions, { searchText: 'dealer' }, owner);
    expect(opts.data.map((o) => o.name)).toEqual(['Dealer A1']);
    expect(opts.data[0]).toMatchObject({ parentName: 'Partner A' });
    expect((await t.call(upgradeCalls.abilities, {}, owner)).data.actions).toContain('assignCustomer');
    const noCodes = await t.login('nocodes-a@test.local');
    expect(
      (await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[2]!], customerId: t.world.companies.dealerA.id }, noCodes)).basic.code,
    ).toBe(ErrorCodes.forbidden);
    expect((await t.call(deviceCalls.assignCustomer, { deviceIds: [ids[2]!], customerId: null })).basic.code).not.toBe(200);
  });

  it("imports the Customer column: a company below the caller's by name or id; another tenant's or unknown is a bad row", async () => {
    const { dealerA, installerA, dealerB } = t.world.companies;
    const body = await xlsx([
      ['SN', 'MAC', 'Model', 'Customer'],
      ['CUSIMP001', 'AC0000000001', 'IPC-200', 'dealer a1'],
      ['CUSIMP002', 'AC0000000002', 'IPC-200', String(installerA.id)],
      ['CUSIMP003', 'AC0000000003', 'IPC-200', 'Dealer B1'],
      ['CUSIMP004', 'AC0000000004', 'IPC-200', String(dealerB.id)],
      ['CUSIMP005', 'AC0000000005', 'IPC-200', ''],
    ]);
    const fileId = (await t.upload(owner, 'import', 'customers.xlsx', body)).fileId;
    const r = await t.call(deviceCalls.import, { fileId }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data).toMatchObject({ total: 5, created: 3, failed: 2 });
    const rows = await t.database.db
      .select({ sn: devices.sn, customerId: devices.customerId, customerPath: devices.customerPath })
      .from(devices)
      .where(inArray(devices.sn, ['CUSIMP001', 'CUSIMP002', 'CUSIMP003', 'CUSIMP005']))
      .orderBy(devices.sn);
    expect(rows).toEqual([
      { sn: 'CUSIMP001', customerId: dealerA.id, customerPath: dealerA.path },
      { sn: 'CUSIMP002', customerId: installerA.id, customerPath: installerA.path },
      { sn: 'CUSIMP005', customerId: null, customerPath: '' },
    ]);
    // An empty cell keeps the customer on a later import.
    const again = await t.call(
      deviceCalls.import,
      {
        fileId: (
          await t.upload(
            owner,
            'import',
            'again.xlsx',
            await xlsx([
              ['SN', 'MAC', 'Customer'],
              ['CUSIMP001', 'AC0000000001', ''],
            ]),
          )
        ).fileId,
      },
      owner,
    );
    expect(again.data).toMatchObject({ updated: 1, failed: 0 });
    const [kept] = await t.database.db.select({ customerId: devices.customerId }).from(devices).where(eq(devices.sn, 'CUSIMP001'));
    expect(kept!.customerId).toBe(dealerA.id);
  });
});
