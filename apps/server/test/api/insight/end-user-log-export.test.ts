/**
 * The end-user log exported like the other logs (issue 15 §5): xlsx or CSV behind a signed link, the
 * search's filters, at most 90 days (exportRangeSchema's messages), headers and action labels in the
 * caller's locale, the rows as they were when the link was signed, only the caller's brands' end
 * users, and the export itself in the operation log.
 */
import { ErrorCodes, insightCalls, insightExportCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const DAY = 86_400_000;

async function readBook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

describe.each(ENGINES)('end-user log export (%s)', (engine) => {
  let t: TestApp;
  let ownerA: Session;
  let ownerB: Session;
  const range = () => ({ from: t.clock.now() - 2 * DAY, to: t.clock.now() + DAY });
  const exportLog = (data: object, s: Session | null, locale?: string) =>
    t.call(insightExportCalls.endUserLogExport, { range: range(), ...data }, s, locale ? { locale } : undefined);
  const download = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return { headers: res.headers, body: res.rawPayload };
  };
  const insert = (company: { id: number; path: string }, action: string, code: number, sn = '', at = t.clock.now() - 3_600_000) =>
    t.database.db
      .execute(sql`insert into end_user_logs (at, company_id, company_path, app_key_id, area_id, action, code, platform, app_version, ip, sn)
      values (${new Date(at).toISOString()}::timestamptz, ${company.id}, ${company.path}, 1,
              ${company.id === t.world.companies.partnerB.id ? t.world.areas.us.id : t.world.areas.eu.id}, ${action}, ${code},
              'android', '4.2.0', '10.9.8.7', ${sn})`);

  beforeAll(async () => {
    t = await createTestApp(engine);
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    const { partnerA, partnerB } = t.world.companies;
    await insert(partnerA, 'account/login', 200);
    await insert(partnerA, 'device/bind', 200, 'EXPSN0001');
    await insert(partnerA, 'account/login', 7003);
    // In partner B's area (its owner's session).
    await insert(partnerB, 'account/login', 200);
    // Older than the range.
    await insert(partnerA, 'account/login', 200, '', t.clock.now() - 10 * DAY);
  });
  afterAll(() => t?.close());

  it('streams the caller’s rows as xlsx with headers and action labels in its locale', async () => {
    const r = await exportLog({}, ownerA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.rows).toBe(3);
    expect(r.data.fileName).toMatch(/^end-user-log-\d{8}-\d{8}\.xlsx$/);
    const book = await readBook((await download(r.data.url)).body);
    expect(book.name).toBe('End-user log');
    expect(book.rows[0]).toEqual([
      'Time (UTC)',
      'Account',
      'Brand',
      'Action',
      'Result',
      'Code',
      'Platform',
      'App version',
      'IP',
      'Device SN',
      'Detail',
      'Duration (ms)',
    ]);
    expect(book.rows).toHaveLength(4);
    expect(
      book.rows
        .slice(1)
        .map((row) => row[3])
        .sort(),
    ).toEqual(['Bind device', 'Sign in', 'Sign in']);
    expect(book.rows.slice(1).find((row) => row[5] === 7003)?.[4]).toBe('Failed');
    expect(book.rows.slice(1).find((row) => row[3] === 'Bind device')?.[9]).toBe('EXPSN0001');
  });

  it('in zh-CN as CSV, with the search’s filters; the rows as they were when the link was signed', async () => {
    const r = await exportLog({ action: 'account/login', format: 'csv' }, ownerA, 'zh-CN');
    expect(r.data.rows).toBe(2);
    await insert(t.world.companies.partnerA, 'account/login', 200);
    const text = (await download(r.data.url)).body.toString('utf8');
    expect(text.startsWith('\uFEFF时间 (UTC),账号,品牌,操作,结果,')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('登录');
    const failed = await exportLog({ result: 'failed' }, ownerA);
    expect(failed.data.rows).toBe(1);
    await download(failed.data.url);
  });

  it('refuses a range over 90 days with the range messages; another brand sees only its own; logged', async () => {
    const now = t.clock.now();
    const long = await exportLog({ range: { from: now - 91 * DAY, to: now } }, ownerA);
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
    expect(long.basic.msg).toContain('90');
    const zh = await exportLog({ range: { from: now - 91 * DAY, to: now } }, ownerA, 'zh-CN');
    expect(zh.basic.msg).toContain('导出时间范围不能超过90天');
    const b = await exportLog({}, ownerB);
    expect(b.basic.code, b.basic.msg).toBe(200);
    expect(b.data.rows).toBe(1);
    await download(b.data.url);
    expect((await exportLog({}, null)).basic.code).toBe(7003);
    const dealer = await t.login('dealer-a@test.local');
    expect((await exportLog({}, dealer)).basic.code).toBe(ErrorCodes.forbidden);
    const page = await t.call(
      insightCalls.operationLogSearch,
      { range: range(), action: 'insight/end-user-log/export' },
      await t.login('owner-a@test.local'),
    );
    expect(page.data.records[0]).toMatchObject({ code: 'file.exportEndUserLog', result: 'success' });
  });
});
