/**
 * Exports of the insight logs and statistics tables (issue 15 §5): the operation log, device logs,
 * statistics tables and the device-health list as xlsx or CSV behind a signed link; at most 90 days
 * (exportRangeSchema's message, never a clipped range); headers in the caller's locale; the rows
 * fixed when the link is signed; at most 2 running per user (26010); the link fetched once; every
 * export in the operation log. Signed out, without the code, another tenant and a distributor are
 * refused or see only their subtree.
 */
import { authCalls, ErrorCodes, INSIGHT_EXPORTS_RUNNING_MAX, insightCalls, insightExportCalls } from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOperationLog } from '../../../src/lib/audit';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';

type Session = Awaited<ReturnType<TestApp['login']>>;
const DAY = 86_400_000;

async function readBook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

describe.each(ENGINES)('insight exports (%s)', (engine) => {
  let t: TestApp;
  let ownerA: Session;
  let ownerB: Session;
  const range = () => ({ from: t.clock.now() - 2 * DAY, to: t.clock.now() + DAY });
  const exportLog = (data: object, s: Session | null, locale?: string) =>
    t.call(insightExportCalls.operationLogExport, { range: range(), ...data }, s, locale ? { locale } : undefined);
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
  };
  const write = (requestId: string, companyPath: string, companyId: number, at = t.clock.now() - 3600_000) =>
    writeOperationLog(
      t.database.db,
      null,
      {
        action: 'upgrade/package/create',
        actorUserId: t.world.users.ownerA.id,
        actorName: 'Exporter',
        actorCompanyPath: companyPath,
        companyId,
        companyPath,
        targetType: 'firmwarePackage',
        targetId: 1,
        targetName: 'V5.7.2',
      },
      { requestId, ip: '10.1.2.3', at: new Date(at) },
    );
  /** Fetches the link (which frees the export's slot). */
  const download = async (url: string) => {
    const dl = await get(url);
    expect(dl.status).toBe(200);
    // The whole file received means its slot is free already (the next export may start at once).
    const id = Number(new URL(url, 'http://x').searchParams.get('id'));
    const { rows } = await t.database.query<{ state: string }>('select state from insight_exports where id = $1', [id]);
    expect(rows[0]?.state).toBe('done');
    return dl;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    const { partnerA, dealerA, partnerB } = t.world.companies;
    for (let i = 0; i < 3; i++) await write(`brand-a-${i}`, partnerA.path, partnerA.id);
    for (let i = 0; i < 2; i++) await write(`dealer-a-${i}`, dealerA.path, dealerA.id);
    await write('brand-b-0', partnerB.path, partnerB.id);
    // Older than the export's range.
    await write('old-a', partnerA.path, partnerA.id, t.clock.now() - 10 * DAY);
  });
  afterAll(() => t?.close());

  it('streams the operation log visible to the caller as xlsx, with headers and sentences in its locale', async () => {
    const r = await exportLog({ actor: 'Exporter' }, ownerA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.rows).toBe(5);
    expect(r.data.url).toMatch(/^\/v1\.0\/customer-api\/insight\/export\/download\?/);
    expect(r.data.fileName).toMatch(/^operation-log-\d{8}-\d{8}\.xlsx$/);
    const dl = await download(r.data.url);
    expect(dl.headers['content-type']).toMatch(/spreadsheetml/);
    const book = await readBook(dl.body);
    expect(book.name).toBe('Operation log');
    expect(book.rows[0]).toEqual([
      'Time (UTC)',
      'Actor',
      'On behalf of',
      'Target company',
      'Module',
      'Operation',
      'Changed fields',
      'Result',
      'IP',
      'Request ID',
    ]);
    expect(book.rows).toHaveLength(6);
    const ids = book.rows.slice(1).map((row) => row[9]);
    expect(ids.sort()).toEqual(['brand-a-0', 'brand-a-1', 'brand-a-2', 'dealer-a-0', 'dealer-a-1']);
    expect(book.rows[1]![5]).toBe('Exporter created the firmware package V5.7.2');
    expect(book.rows[1]![7]).toBe('Success');
    expect(book.rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const zh = await exportLog({ actor: 'Exporter' }, ownerA, 'zh-CN');
    const zhBook = await readBook((await download(zh.data.url)).body);
    expect(zhBook.name).toBe('运维日志');
    expect(zhBook.rows[0]!.slice(0, 2)).toEqual(['时间 (UTC)', '操作人']);
    expect(zhBook.rows[1]![7]).toBe('成功');
    expect(zhBook.rows[1]![5]).not.toMatch(/upgrade\/|#\d/);
  });

  it('writes CSV with a byte-order mark and the localized header', async () => {
    const r = await exportLog({ actor: 'Exporter', format: 'csv' }, ownerA, 'zh-CN');
    expect(r.data.fileName).toMatch(/\.csv$/);
    const dl = await download(r.data.url);
    expect(dl.headers['content-type']).toMatch(/^text\/csv/);
    const text = dl.body.toString('utf8');
    expect(text.startsWith('\uFEFF时间 (UTC),操作人,')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(6);
  });

  it('holds the rows as they were when the link was signed', async () => {
    const r = await exportLog({ actor: 'Exporter' }, ownerA);
    expect(r.data.rows).toBe(5);
    // Written after the signing, inside the range: not in the file.
    await write('late-a', t.world.companies.partnerA.path, t.world.companies.partnerA.id);
    const book = await readBook((await download(r.data.url)).body);
    expect(book.rows.slice(1).map((row) => row[9])).not.toContain('late-a');
    expect(book.rows).toHaveLength(6);
    // A new export has it.
    const again = await exportLog({ actor: 'Exporter' }, ownerA);
    expect(again.data.rows).toBe(6);
    await download(again.data.url);
  });

  it('refuses a range over 90 days, reversed or missing, with the range messages', async () => {
    const now = t.clock.now();
    const long = await exportLog({ range: { from: now - 91 * DAY, to: now } }, ownerA);
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
    expect(long.basic.msg).toContain('90');
    const zh = await exportLog({ range: { from: now - 91 * DAY, to: now } }, ownerA, 'zh-CN');
    expect(zh.basic.msg).toContain('导出时间范围不能超过90天');
    expect((await exportLog({ range: { from: now, to: now - DAY } }, ownerA)).basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(insightExportCalls.operationLogExport, {} as never, ownerA)).basic.code).toBe(ErrorCodes.invalidParams);
    const stats = await t.call(insightExportCalls.statsExport, { table: 'overview', range: { from: now - 91 * DAY, to: now } }, ownerA);
    expect(stats.basic.code).toBe(ErrorCodes.invalidParams);
    // 90 days pass.
    const ok = await exportLog({ range: { from: now - 90 * DAY + 1, to: now } }, ownerA);
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    await download(ok.data.url);
  });

  it('allows 2 running exports per user, refuses a third (26010), and frees a slot when one ends or its link expires', async () => {
    const s = await t.login('owner-a@test.local');
    const first = await exportLog({}, s);
    const second = await t.call(insightExportCalls.healthExport, {}, s);
    expect(first.basic.code).toBe(200);
    expect(second.basic.code, second.basic.msg).toBe(200);
    const third = await exportLog({}, s);
    expect(third.basic.code).toBe(ErrorCodes.insightExportBusy);
    expect(third.basic.msg).toContain(String(INSIGHT_EXPORTS_RUNNING_MAX));
    const thirdZh = await exportLog({}, s, 'zh-CN');
    expect(thirdZh.basic.msg).toContain('导出正在进行');
    // Another user is not held up.
    const other = await exportLog({}, ownerB);
    expect(other.basic.code).toBe(200);
    await download(other.data.url);
    // Two more at once while both slots are held: both refused.
    const burst = await Promise.all([exportLog({}, s), exportLog({}, s)]);
    expect(burst.map((b) => b.basic.code)).toEqual([ErrorCodes.insightExportBusy, ErrorCodes.insightExportBusy]);

    await download(first.data.url);
    const fourth = await exportLog({}, s);
    expect(fourth.basic.code).toBe(200);
    // Two links never fetched hold their slots until they expire (300 s).
    expect((await exportLog({}, s)).basic.code).toBe(ErrorCodes.insightExportBusy);
    t.clock.advance(301_000);
    const fifth = await exportLog({}, s);
    expect(fifth.basic.code, fifth.basic.msg).toBe(200);
    await download(fifth.data.url);
  });

  it('counts the last slot atomically: of two requests at once only one takes it', async () => {
    await createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email: 'race-exports@test.local',
      userType: 'partner',
      codes: ['dealer_account_qry'],
      areaIds: [t.world.areas.eu.id],
    });
    const s = await t.login('race-exports@test.local');
    const held = await exportLog({}, s);
    expect(held.basic.code).toBe(200);
    const race = await Promise.all([exportLog({}, s), exportLog({}, s), exportLog({}, s)]);
    const codes = race.map((b) => b.basic.code).sort();
    expect(codes).toEqual([200, ErrorCodes.insightExportBusy, ErrorCodes.insightExportBusy].sort());
  });

  it('fetches a link once, refuses a tampered or expired one, and lets it die with its session', async () => {
    const s = await t.login('owner-a@test.local');
    const r = await exportLog({}, s);
    await download(r.data.url);
    const again = await get(r.data.url);
    expect(again.status).toBe(403);
    expect(again.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);

    const fresh = await exportLog({}, s);
    const otherId = fresh.data.url.replace(/([?&])id=\d+/, '$1id=1');
    for (const bad of [otherId, fresh.data.url.replace(/signature=[0-9a-f]/, 'signature=x')]) {
      const res = await get(bad);
      expect(res.status).toBe(403);
      expect(res.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
    }
    await t.call(authCalls.logout, {}, s);
    expect((await get(fresh.data.url)).json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
  });

  it('records each export in the operation log', async () => {
    const s = await t.login('owner-a@test.local');
    const r = await exportLog({ actor: 'Exporter', module: 'upgrade' }, s);
    expect(r.basic.code).toBe(200);
    await download(r.data.url);
    const page = await t.call(insightCalls.operationLogSearch, { range: range(), action: 'insight/operation-log/export' }, s);
    expect(page.data.total).toBeGreaterThanOrEqual(1);
    const row = page.data.records[0]!;
    expect(row).toMatchObject({ code: 'file.exportOperationLog', result: 'success', actorUserId: t.world.users.ownerA.id });
    expect(row.request).toMatchObject({ actor: 'Exporter', module: 'upgrade' });
  });

  it('refuses signed out and without the code; another tenant and a distributor see only their subtree', async () => {
    expect((await exportLog({}, null)).basic.code).not.toBe(200);
    const noCodes = await t.login('nocodes-a@test.local');
    expect((await exportLog({}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(insightExportCalls.healthExport, {}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(insightExportCalls.deviceLogExport, { range: range() }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await t.call(insightExportCalls.statsExport, { table: 'overview', range: range() }, noCodes)).basic.code).toBe(
      ErrorCodes.forbidden,
    );

    // Brand B sees its own row only.
    const b = await exportLog({ actor: 'Exporter' }, ownerB);
    expect(b.data.rows).toBe(1);
    const bBook = await readBook((await download(b.data.url)).body);
    expect(bBook.rows.slice(1).map((row) => row[9])).toEqual(['brand-b-0']);
    // Another tenant's customer is missing.
    const { otherCompanyId } = t.world.tenant;
    expect((await t.call(insightExportCalls.healthExport, { customerId: otherCompanyId }, ownerA)).basic.code).toBe(ErrorCodes.notFound);
    expect(
      (await t.call(insightExportCalls.statsExport, { table: 'byCustomer', range: range(), parentId: otherCompanyId }, ownerA)).basic.code,
    ).toBe(ErrorCodes.notFound);

    // The distributor: its own company's rows only.
    const dealer = await t.login('dealer-a@test.local');
    const d = await exportLog({ actor: 'Exporter' }, dealer);
    expect(d.basic.code, d.basic.msg).toBe(200);
    const dBook = await readBook((await download(d.data.url)).body);
    expect(
      dBook.rows
        .slice(1)
        .map((row) => row[9])
        .sort(),
    ).toEqual(['dealer-a-0', 'dealer-a-1']);
  });

  it('exports the device-health list, device logs and statistics tables with localized headers', async () => {
    const s = await t.login('owner-a@test.local');
    const health = await t.call(insightExportCalls.healthExport, {}, s, { locale: 'zh-CN' });
    expect(health.basic.code, health.basic.msg).toBe(200);
    const hBook = await readBook((await download(health.data.url)).body);
    expect(hBook.name).toBe('设备健康');
    expect(hBook.rows[0]![0]).toBe('设备 SN');
    expect(hBook.rows).toHaveLength(health.data.rows + 1);
    const list = await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 1 }, s);
    expect(health.data.rows).toBe(list.data.total);

    const logs = await t.call(insightExportCalls.deviceLogExport, { range: range() }, s);
    expect(logs.basic.code, logs.basic.msg).toBe(200);
    const lBook = await readBook((await download(logs.data.url)).body);
    expect(lBook.rows[0]).toEqual([
      'Device SN',
      'Model',
      'State',
      'Size (bytes)',
      'Requester',
      'Requested (UTC)',
      'Uploaded (UTC)',
      'Expires (UTC)',
    ]);

    const r = range();
    const overview = await t.call(insightExportCalls.statsExport, { table: 'overview', range: r }, s);
    expect(overview.basic.code, overview.basic.msg).toBe(200);
    const live = await t.call(insightCalls.statsOverview, { range: r }, s);
    expect(overview.data.rows).toBe(live.data.trend.length);
    const oBook = await readBook((await download(overview.data.url)).body);
    // The devices' figures, then the app side: active end users, and the sales of a caller with a storage code.
    expect(oBook.rows[0]).toEqual([
      'Day',
      'Devices',
      'Online',
      'Online rate (%)',
      'Activations',
      'Upgrades succeeded',
      'Upgrades failed',
      'Active end users',
      'Orders paid',
      'Sales amount (USD)',
    ]);
    expect(live.data.app.current.sales).toBeDefined();
    expect(oBook.rows.slice(1).map((row) => row[0])).toEqual(live.data.trend.map((d) => d.day));
    const appDay = new Map(live.data.app.trend.map((a) => [a.day, a]));
    expect(oBook.rows.slice(1).map((row) => [row[7], row[8], row[9]])).toEqual(
      live.data.trend.map((d) => {
        const a = appDay.get(d.day);
        return [a?.activeEndUsers ?? null, a?.ordersPaid ?? 0, (a?.salesAmount ?? 0) / 100];
      }),
    );

    for (const table of ['byCustomer', 'byVersion'] as const) {
      const x = await t.call(insightExportCalls.statsExport, { table, range: r, format: 'csv' }, s, { locale: 'zh-CN' });
      expect(x.basic.code, x.basic.msg).toBe(200);
      const text = (await download(x.data.url)).body.toString('utf8');
      expect(text.startsWith(table === 'byCustomer' ? '\uFEFF客户,设备数' : '\uFEFF版本,设备数')).toBe(true);
    }
  });
});
