/**
 * Operation-log rows and search (issue 15 §5): sign-in, sign-out, failed sign-in, lockout and
 * refused writes are logged with result, IP and request id; no password, key, token or sign in any
 * row; search by actor, module, action, target, result and IP within at most 31 days, keyset
 * paging, totals exact to 10,000; visible to the target's and the actor's subtrees only.
 */
import { authCalls, ErrorCodes, insightCalls, LOGIN_MAX_FAILURES, OPLOG_TOTAL_CAP, systemCalls, userCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOperationLog } from '../../../src/lib/audit';
import { sealOperationLogs } from '../../../src/modules/insight/index';
import { passesCapByCounts } from '../../../src/modules/insight/oplog.repository';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { PASSWORD } from '../../support/fixtures';

const DAY = 86_400_000;

describe.each(ENGINES)('operation-log rows and search (%s)', (engine) => {
  let t: TestApp;
  let supplier: Awaited<ReturnType<TestApp['login']>>;
  let ownerA: Awaited<ReturnType<TestApp['login']>>;
  let ownerB: Awaited<ReturnType<TestApp['login']>>;
  const range = () => ({ from: t.clock.now() - DAY, to: t.clock.now() + DAY });
  const search = (data: object, s = supplier) => t.call(insightCalls.operationLogSearch, { range: range(), ...data }, s);

  beforeAll(async () => {
    t = await createTestApp(engine);
    supplier = await t.login('supplier@test.local');
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
  });
  afterAll(() => t?.close());

  it('logs sign-in, failed sign-in, lockout and sign-out with result, IP and request id', async () => {
    const s = await t.login('dealer-a@test.local');
    const signIn = await search({ action: 'auth/login', actor: 'dealer-a' }, ownerA);
    expect(signIn.basic.code, signIn.basic.msg).toBe(200);
    const row = signIn.data.records.find((r) => r.action === 'auth/login')!;
    expect(row).toMatchObject({ actorUserId: t.world.users.dealerUserA.id, result: 'success', module: 'auth' });
    expect(row.ip).not.toBe('');
    expect(row.requestId).not.toBe('');
    expect(row.companyName).toBe('Dealer A1');

    expect((await t.call(authCalls.logout, {}, s)).basic.code).toBe(200);
    expect((await search({ action: 'auth/logout' }, ownerA)).data.records[0]).toMatchObject({
      actorUserId: t.world.users.dealerUserA.id,
      result: 'success',
    });

    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const r = await t.call(authCalls.login, { account: 'dealer-a@test.local', password: `Wrong@${i}2345` });
      expect(r.basic.code).not.toBe(200);
    }
    const failed = await search({ action: 'auth/login-failed', result: 'refused' }, ownerA);
    expect(failed.data.total).toBe(LOGIN_MAX_FAILURES - 1);
    const locked = await search({ action: 'auth/lockout' }, ownerA);
    expect(locked.data.total).toBe(1);
    expect(locked.data.records[0]).toMatchObject({ result: 'refused', actorUserId: t.world.users.dealerUserA.id });
    // Partner B sees none of it.
    expect((await search({ module: 'auth', actor: 'dealer-a' }, ownerB)).data.total).toBe(0);
  });

  it('logs a write refused for want of a resource code, or out of scope, as refused', async () => {
    const r = await t.call(systemCalls.setHiddenMenus, { kind: 'DDC', menus: [] }, ownerA);
    expect(r.basic.code).toBe(ErrorCodes.forbidden);
    const page = await search({ action: systemCalls.setHiddenMenus.path, result: 'refused' }, ownerA);
    expect(page.data.records).toHaveLength(1);
    expect(page.data.records[0]).toMatchObject({ actorUserId: t.world.users.ownerA.id, after: { refused: ErrorCodes.forbidden } });
    // The refused write did nothing.
    expect((await t.call(systemCalls.hiddenMenus, {}, supplier)).data.DDC).toEqual(['pointMall']);
  });

  it('keeps no password, key, token or sign in any row', async () => {
    const s = await t.login('owner-a@test.local');
    const NEW = 'Fresh@98765';
    expect((await t.call(userCalls.changePassword, { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW }, s)).basic.code).toBe(
      200,
    );
    await t.call(
      userCalls.changePassword,
      { oldPassword: NEW, password: PASSWORD, confirmPassword: PASSWORD },
      await t.login('owner-a@test.local', NEW),
    );
    const { rows } = await t.database.query<{ row: string }>(`select row_to_json(o)::text as row from operation_logs o`);
    const text = rows.map((r) => r.row).join('\n');
    for (const secret of [PASSWORD, NEW, s.token, s.signKey, supplier.token, supplier.signKey, ownerA.token, ownerA.signKey])
      expect(text).not.toContain(secret);
    // Whatever a handler hands over, a secret field keeps only that it changed, at any depth.
    await writeOperationLog(
      t.database.db,
      null,
      { action: 'test/secrets', after: { password: 'p1', nested: [{ signKey: 's1', appSecret: 'a1', name: 'kept' }], token: 't1' } },
      { requestId: 'secrets', ip: '', at: new Date(t.clock.now()) },
    );
    const { rows: written } = await t.database.query<{ after: unknown }>(
      `select "after" from operation_logs where action = 'test/secrets'`,
    );
    expect(written[0].after).toEqual({
      password: '(changed)',
      nested: [{ signKey: '(changed)', appSecret: '(changed)', name: 'kept' }],
      token: '(changed)',
    });
    // The password change ended owner A's other sessions.
    ownerA = await t.login('owner-a@test.local');
  });

  it('searches by actor, module, action, target, result and IP, and pages by key without gaps or repeats', async () => {
    const at = t.clock.now() - 3600_000;
    const { partnerA, dealerA } = t.world.companies;
    for (let i = 0; i < 25; i++)
      await writeOperationLog(
        t.database.db,
        null,
        {
          action: i % 2 ? 'upgrade/package/create' : 'device/import',
          actorUserId: t.world.users.ownerA.id,
          actorName: 'Searcher',
          actorCompanyPath: partnerA.path,
          companyId: dealerA.id,
          companyPath: dealerA.path,
          targetType: 'firmwarePackage',
          targetId: i,
        },
        { requestId: `search-${i}`, ip: i < 5 ? '192.168.7.1' : '10.9.9.9', at: new Date(at + (i % 5) * 1000) },
      );
    expect((await search({ actor: 'Searcher' }, ownerA)).data.total).toBe(25);
    expect((await search({ actor: String(t.world.users.ownerA.id), module: 'device' }, ownerA)).data.total).toBe(13);
    expect((await search({ actor: 'Searcher', action: 'upgrade/package' }, ownerA)).data.total).toBe(12);
    expect((await search({ target: 'firmwarePackage:7' }, ownerA)).data.records.map((r) => r.requestId)).toEqual(['search-7']);
    expect((await search({ actor: 'Searcher', ip: '192.168.7' }, ownerA)).data.total).toBe(5);
    expect((await search({ actor: 'Searcher', result: 'refused' }, ownerA)).data.total).toBe(0);

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const p = await search({ actor: 'Searcher', pageSize: 7, ...(cursor ? { cursor } : {}) }, ownerA);
      expect(p.basic.code, p.basic.msg).toBe(200);
      // Counted with the first page only; a cursor page answers no total (the client keeps the first).
      expect(p.data.total).toBe(cursor ? null : 25);
      expect(p.data.totalCapped).toBe(cursor ? null : false);
      seen.push(...p.data.records.map((r) => r.requestId));
      cursor = p.data.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(25);
    // Newest first.
    const firstPage = await search({ actor: 'Searcher', pageSize: 25 }, ownerA);
    const times = firstPage.data.records.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Live: only rows after the newest one seen.
    const newest = Math.max(...firstPage.data.records.map((r) => r.id));
    expect((await search({ actor: 'Searcher', afterId: newest }, ownerA)).data.records).toEqual([]);
  });

  it("shows a row to the target's subtree and to the actor's, not to another tenant", async () => {
    const { partnerA, partnerB, dealerB } = t.world.companies;
    // An actor in partner A's subtree whose target company is in partner B's (e.g. the supplier's data).
    await writeOperationLog(
      t.database.db,
      null,
      {
        action: 'test/cross',
        actorName: 'Crosser',
        actorCompanyPath: partnerA.path,
        companyId: dealerB.id,
        companyPath: dealerB.path,
      },
      { requestId: 'cross-1', ip: '10.1.1.1', at: new Date(t.clock.now()) },
    );
    expect((await search({ action: 'test/cross' }, ownerA)).data.total).toBe(1);
    expect((await search({ action: 'test/cross' }, ownerB)).data.total).toBe(1);
    expect((await search({ action: 'test/cross' }, supplier)).data.total).toBe(1);
    t.clock.advance(16 * 60_000); // dealer A's lock from the first test ends
    const dealer = await t.login('dealer-a@test.local');
    expect((await search({ action: 'test/cross' }, dealer)).data.total).toBe(0);
    expect(partnerB.path.startsWith(partnerA.path)).toBe(false);
  });

  it('counts exactly up to 10,000, then says 10,000+', async () => {
    await t.database.query(
      `insert into operation_logs (at, action, module, actor_name, company_id, company_path, request_id, ip)
       select $1::timestamptz, 'test/bulk', 'test', 'Bulk', $2, $3, 'bulk-' || g, '10.2.2.2' from generate_series(1, $4::int) g`,
      [new Date(t.clock.now()).toISOString(), t.world.companies.partnerA.id, t.world.companies.partnerA.path, OPLOG_TOTAL_CAP + 5],
    );
    const p = await search({ action: 'test/bulk' }, ownerA);
    expect(p.data).toMatchObject({ total: OPLOG_TOTAL_CAP, totalCapped: true });
    const exact = await search({ action: 'test/bulk', ip: '10.2.2.2', actor: 'Bulk' }, ownerA);
    expect(exact.data.totalCapped).toBe(true);
    const small = await search({ action: 'test/cross' }, ownerA);
    expect(small.data).toMatchObject({ total: 1, totalCapped: false, nextCursor: null });
  });

  it('the seal keeps hourly counts equal to the sealed rows; past the cap by them the search says 10,000+, unsealed rows are counted', async () => {
    const hour = Math.floor((t.clock.now() - 6 * 3_600_000) / 3_600_000) * 3_600_000;
    const insert = (action: string, n: number, at: number) =>
      t.database.query(
        `insert into operation_logs (at, action, module, actor_name, company_id, company_path, actor_company_path, result, request_id, ip)
         select $1::timestamptz, $2, 'test', 'Counted', $3, $4, $5, case when g % 4 = 0 then 'refused' else 'success' end,
                'counted-' || g, '10.3.3.3' from generate_series(1, $6::int) g`,
        [
          new Date(at).toISOString(),
          action,
          t.world.companies.partnerA.id,
          t.world.companies.partnerA.path,
          t.world.companies.partnerB.path,
          n,
        ],
      );
    await insert('test/sealed', OPLOG_TOTAL_CAP + 5, hour + 60_000);
    await sealOperationLogs(t.database);
    // Every sealed row counted once, by the first two levels of its paths.
    const rows = await t.database.query<{ k: string; n: number }>(
      `select date_trunc('hour', at, 'UTC')::text || coalesce(substring(company_path from '^/[0-9]+/[0-9]+/'), company_path, '') || '|' ||
              coalesce(substring(actor_company_path from '^/[0-9]+/[0-9]+/'), actor_company_path, '') || module || action || result as k, count(*)::int as n
         from operation_logs where seq is not null group by 1 order by 1`,
    );
    const counts = await t.database.query<{ k: string; n: number }>(
      `select hour::text || company_root || '|' || actor_root || module || action || result as k, n from operation_log_counts order by 1`,
    );
    expect(counts.rows.map((r) => [r.k, Number(r.n)])).toEqual(rows.rows.map((r) => [r.k, Number(r.n)]));
    const sealedRoots = await t.database.query<{ company_root: string; actor_root: string; n: number }>(
      `select company_root, actor_root, sum(n)::int as n from operation_log_counts where action = 'test/sealed' group by 1, 2`,
    );
    const root = (path: string) => `/${path.split('/').filter(Boolean).slice(0, 2).join('/')}/`;
    expect(sealedRoots.rows).toEqual([
      { company_root: root(t.world.companies.partnerA.path), actor_root: root(t.world.companies.partnerB.path), n: OPLOG_TOTAL_CAP + 5 },
    ]);
    // Past the cap by the counts (a brand's owner, the actor's brand's owner, the supplier), or by counting (an IP filter).
    for (const who of [ownerA, ownerB, supplier])
      expect((await search({ action: 'test/sealed' }, who)).data).toMatchObject({ total: OPLOG_TOTAL_CAP, totalCapped: true });
    expect((await search({ action: 'test/sealed', ip: '10.3.3.3' }, ownerA)).data).toMatchObject({
      total: OPLOG_TOTAL_CAP,
      totalCapped: true,
    });
    // The counts alone answer a brand's owner and the supplier; not a filter they do not hold, nor a caller below a brand.
    const byCounts = (actor: { companyPath: string }, q: object) =>
      passesCapByCounts(t.database.db, actor, { range: range(), ...q }, OPLOG_TOTAL_CAP, { now: t.clock.now(), retentionDays: 365 });
    expect(await byCounts({ companyPath: t.world.companies.partnerA.path }, { action: 'test/sealed' })).toBe(true);
    expect(await byCounts({ companyPath: t.world.companies.supplier.path }, { module: 'test' })).toBe(true);
    expect(await byCounts({ companyPath: t.world.companies.partnerA.path }, { action: 'test/sealed', result: 'refused' })).toBe(false);
    expect(await byCounts({ companyPath: t.world.companies.partnerA.path }, { action: 'test/sealed', ip: '10.3.3.3' })).toBeNull();
    expect(await byCounts({ companyPath: t.world.companies.dealerA.path }, { action: 'test/sealed' })).toBeNull();
    // A range without a whole hour of them: the counts cannot tell.
    expect(
      await byCounts(
        { companyPath: t.world.companies.partnerA.path },
        { action: 'test/sealed', range: { from: hour + 1, to: hour + 3_599_000 } },
      ),
    ).toBe(false);
    // Below the cap: exact, also with the result filter the counts hold.
    const refused = Math.floor((OPLOG_TOTAL_CAP + 5) / 4);
    expect((await search({ action: 'test/sealed', result: 'refused' }, ownerA)).data).toMatchObject({ total: refused, totalCapped: false });
    // Rows not sealed yet are not in the counts, and are counted row by row.
    await insert('test/unsealed', OPLOG_TOTAL_CAP + 1, hour + 120_000);
    const unsealed = await t.database.query<{ n: number }>(
      `select count(*)::int as n from operation_log_counts where action = 'test/unsealed'`,
    );
    expect(Number(unsealed.rows[0]!.n)).toBe(0);
    expect((await search({ action: 'test/unsealed' }, ownerA)).data).toMatchObject({ total: OPLOG_TOTAL_CAP, totalCapped: true });
  });

  it('refuses a range over 31 days, a bad cursor, no session and a caller without the code', async () => {
    const from = Date.UTC(2026, 0, 1);
    const long = await t.call(insightCalls.operationLogSearch, { range: { from, to: from + 32 * DAY } }, ownerA);
    expect(long.basic.code).toBe(ErrorCodes.invalidParams);
    expect(long.basic.msg).toContain('The query range cannot exceed 31 days.');
    const zh = await t.call(insightCalls.operationLogSearch, { range: { from, to: from + 32 * DAY } }, ownerA, { locale: 'zh-CN' });
    expect(zh.basic.msg).toContain('查询时间范围不能超过31天。');
    const bad = await search({ cursor: "1' or 1=1" }, ownerA);
    expect(bad.basic.code).toBe(ErrorCodes.invalidParams);
    const anonymous = await t.call(insightCalls.operationLogSearch, { range: range() }, null);
    expect(anonymous.basic.code).not.toBe(200);
    const noCodes = await t.login('nocodes-a@test.local');
    expect((await search({}, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
  });
});
