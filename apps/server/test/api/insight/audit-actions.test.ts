/**
 * Typed audit actions (issue 15 §5) through the API: a write's row keeps its action code, the
 * target's name at the time, the changed fields (secrets only as changed) and its request data; the
 * sentence reads in both locales; exports and download links are logged with the filter used; a
 * failed sign-in for an account that does not exist is the supplier's alone; the search stays
 * within the caller's subtree.
 */
import {
  authCalls,
  deviceCalls,
  insightCalls,
  type OperationLog,
  partnerCalls,
  renderAuditSentence,
  systemCalls,
  upgradeCalls,
  userCalls,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../../src/db/schema';
import { diffFields } from '../../../src/lib/audit';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { PASSWORD } from '../../support/fixtures';

const DAY = 86_400_000;

const sentence = (r: OperationLog, locale: 'en-US' | 'zh-CN') => renderAuditSentence(r, locale);

describe('diffFields', () => {
  it('lists changed fields with both values, secrets only as changed, nothing when equal', () => {
    expect(diffFields({ a: 1, b: ['x'], password: 'h1', same: { k: 1 } }, { a: 2, b: ['x', 'y'], password: 'h2', same: { k: 1 } })).toEqual(
      [
        { field: 'a', before: 1, after: 2 },
        { field: 'b', before: ['x'], after: ['x', 'y'] },
        { field: 'password', secret: true },
      ],
    );
    expect(diffFields({ webhookSecret: 'v1:a' }, { webhookSecret: 'v1:b' })).toEqual([{ field: 'webhookSecret', secret: true }]);
    expect(diffFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(diffFields(null, { a: 1 })).toBeNull();
    // A secret nested in a changed value is replaced too.
    expect(diffFields({ cfg: { token: 'a', n: 1 } }, { cfg: { token: 'b', n: 2 } })).toEqual([
      { field: 'cfg', before: { token: '(changed)', n: 1 }, after: { token: '(changed)', n: 2 } },
    ]);
  });
});

describe.each(ENGINES)('typed audit actions (%s)', (engine) => {
  let t: TestApp;
  let supplier: Awaited<ReturnType<TestApp['login']>>;
  let ownerA: Awaited<ReturnType<TestApp['login']>>;
  let ownerB: Awaited<ReturnType<TestApp['login']>>;
  const range = () => ({ from: t.clock.now() - DAY, to: t.clock.now() + DAY });
  const search = async (data: object, s: typeof supplier) => {
    const r = await t.call(insightCalls.operationLogSearch, { range: range(), ...data }, s);
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    supplier = await t.login('supplier@test.local');
    ownerA = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
  });
  afterAll(() => t?.close());

  it("reads a permission change as a sentence with the user's name and the changed fields", async () => {
    const dealer = t.world.users.dealerUserA;
    const before = (await t.call(userCalls.get, { userId: dealer.id }, ownerA)).data;
    const removed = before.authResList[0]!;
    expect(removed).toBeDefined();
    const r = await t.call(
      userCalls.edit,
      {
        userId: dealer.id,
        nickName: before.nickName,
        phone: '555-0100',
        authResList: before.authResList.filter((c) => c !== removed) as never,
        areaIds: before.areaIds ?? [],
        companyIds: before.companyIds ?? [],
        appIds: before.appIds ?? [],
      },
      ownerA,
    );
    expect(r.basic.code, r.basic.msg).toBe(200);
    const page = await search({ code: 'account.userEdit' }, ownerA);
    expect(page.total).toBe(1);
    const row = page.records[0]!;
    expect(row).toMatchObject({ code: 'account.userEdit', module: 'account', targetType: 'user', targetId: String(dealer.id) });
    expect(row.targetName).toBe(before.nickName);
    expect(sentence(row, 'en-US')).toBe(`${row.actorName} changed the role and details of ${before.nickName}`);
    expect(sentence(row, 'zh-CN')).toBe(`${row.actorName} 修改了 ${before.nickName} 的角色和资料`);
    const fields = Object.fromEntries((row.diff ?? []).map((d) => [d.field, d]));
    expect(Object.keys(fields).sort()).toEqual(['permissions', 'phone']);
    expect(fields.phone).toMatchObject({ after: '555-0100' });
    expect(fields.permissions!.before).toContain(removed);
    expect(fields.permissions!.after).not.toContain(removed);
    expect(row.request).toMatchObject({ userId: dealer.id, phone: '555-0100' });
    // Partner B does not see it; the supplier does (partner A is in its subtree).
    expect((await search({ code: 'account.userEdit' }, ownerB)).total).toBe(0);
    expect((await search({ code: 'account.userEdit' }, supplier)).total).toBe(1);
  });

  it("keeps the name a company had when it was renamed, and the fields' before and after", async () => {
    const dealerA = t.world.companies.dealerA;
    const r = await t.call(
      partnerCalls.updateCompany,
      { companyId: dealerA.id, name: 'Dealer A1 Renamed', contact: 'Max', telephone: '', email: '', userLimit: 50 },
      ownerA,
    );
    expect(r.basic.code, r.basic.msg).toBe(200);
    const row = (await search({ code: 'partner.companyUpdate' }, ownerA)).records[0]!;
    expect(row.targetName).toBe('Dealer A1 Renamed');
    expect(row.diff).toEqual(expect.arrayContaining([{ field: 'name', before: dealerA.name, after: 'Dealer A1 Renamed' }]));
    expect(sentence(row, 'en-US')).toBe(`${row.actorName} changed the company Dealer A1 Renamed`);
  });

  it("reads a release task's change with its package's name and the end time before and after", async () => {
    const task = t.world.upgradeB.task;
    const endAt = Date.UTC(2030, 2, 1);
    const r = await t.call(upgradeCalls.taskUpdate, { taskId: task.id, endAt }, ownerB);
    expect(r.basic.code, r.basic.msg).toBe(200);
    const row = (await search({ code: 'upgrade.taskUpdate' }, ownerB)).records[0]!;
    expect(row.targetName).toBe('B-V2.0.0 (IPC, 2030-01-01)');
    expect(row.diff).toEqual(
      expect.arrayContaining([{ field: 'endAt', before: '2030-02-01T00:00:00.000Z', after: '2030-03-01T00:00:00.000Z' }]),
    );
    // Only what the update touches (the gates are stored in full on every update).
    for (const d of row.diff ?? []) expect(['endAt', 'gates']).toContain(d.field);
    expect(sentence(row, 'zh-CN')).toBe(`${row.actorName} 修改了发布任务 B-V2.0.0 (IPC, 2030-01-01)`);
    expect((await search({ code: 'upgrade.taskUpdate' }, ownerA)).total).toBe(0);
  });

  it('shows a password change only as changed, with no hash or password in the row', async () => {
    const s = await t.login('dealer-a@test.local');
    const NEW = 'Another@24680';
    const r = await t.call(userCalls.changePassword, { oldPassword: PASSWORD, password: NEW, confirmPassword: NEW }, s);
    expect(r.basic.code, r.basic.msg).toBe(200);
    const row = (await search({ code: 'account.passwordChange' }, ownerA)).records[0]!;
    expect(row.diff).toEqual([{ field: 'password', secret: true }]);
    expect(row.request).toEqual({ oldPassword: '(changed)', password: '(changed)', confirmPassword: '(changed)' });
    const { rows } = await t.database.query<{ row: string }>(`select row_to_json(o)::text as row from operation_logs o`);
    const text = rows.map((x) => x.row).join('\n');
    expect(text).not.toContain(NEW);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/scrypt|\$2[aby]\$/);
    await t.call(
      userCalls.changePassword,
      { oldPassword: NEW, password: PASSWORD, confirmPassword: PASSWORD },
      await t.login('dealer-a@test.local', NEW),
    );
  });

  it('names the visited account, not the superior, as the target of a profile change under remote access', async () => {
    const s = await t.login('dealer-a@test.local');
    await t.database.db
      .update(sessions)
      .set({ actingUserId: t.world.users.ownerA.id, remoteExpiresAt: new Date(t.clock.now() + 600_000) })
      .where(eq(sessions.userId, t.world.users.dealerUserA.id));
    expect((await t.call(userCalls.infoSet, { nickName: 'dealer-a', phone: '+49 30 4444' }, s)).basic.code).toBe(200);
    const row = (await search({ code: 'account.profileSet' }, ownerA)).records[0]!;
    expect(row).toMatchObject({
      actorUserId: t.world.users.ownerA.id,
      targetId: String(t.world.users.dealerUserA.id),
      targetName: 'dealer-a',
    });
    expect(row.diff).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'phone', after: '+49 30 4444' })]));
    await t.database.db
      .update(sessions)
      .set({ actingUserId: null, remoteExpiresAt: null })
      .where(eq(sessions.userId, t.world.users.dealerUserA.id));
  });

  it('logs a refused write with its code and sentence', async () => {
    expect((await t.call(systemCalls.setHiddenMenus, { kind: 'DDC', menus: [] }, ownerA)).basic.code).not.toBe(200);
    const row = (await search({ code: 'system.hiddenMenus', result: 'refused' }, ownerA)).records[0]!;
    expect(sentence(row, 'en-US')).toMatch(/^Refused: .* changed the hidden menus of/);
    expect(row.targetName).toBeNull();
  });

  it('logs exports and download links with the filter used', async () => {
    const from = t.clock.now() - 10 * DAY;
    const to = t.clock.now();
    const ex = await t.call(upgradeCalls.resultExport, { range: { from, to }, state: 'failed' }, ownerA);
    expect(ex.basic.code, ex.basic.msg).toBe(200);
    const row = (await search({ code: 'file.exportUpgradeResults' }, ownerA)).records[0]!;
    expect(row).toMatchObject({ module: 'file', result: 'success' });
    expect(row.request).toEqual({ range: { from, to }, state: 'failed' });
    expect(sentence(row, 'zh-CN')).toBe(`${row.actorName} 导出了升级结果`);

    expect((await t.call(deviceCalls.importTemplate, {}, ownerA)).basic.code).toBe(200);
    expect((await search({ code: 'file.importTemplate' }, ownerA)).total).toBe(1);
    // Partner B sees neither.
    expect((await search({ module: 'file' }, ownerB)).total).toBe(0);
  });

  it('logs a download link with the file name, and not a link to view a file', async () => {
    const file = t.world.files.fileB;
    expect((await t.call(insightCalls.operationLogSearch, { range: range() }, ownerB)).basic.code).toBe(200);
    expect((await t.call(systemCalls.fileLink, { fileId: file.id }, ownerB)).basic.code).toBe(200);
    expect((await search({ code: 'file.download' }, ownerB)).total).toBe(0);
    expect((await t.call(systemCalls.fileLink, { fileId: file.id, isDownload: true }, ownerB)).basic.code).toBe(200);
    const row = (await search({ code: 'file.download' }, ownerB)).records[0]!;
    expect(row.targetName).toBe(file.name);
    expect(row.request).toEqual({ fileId: file.id, isDownload: true });
    expect((await search({ code: 'file.download' }, ownerA)).total).toBe(0);
  });

  it('shows a failed sign-in for an account that does not exist to the supplier only', async () => {
    const r = await t.call(authCalls.login, { account: 'nobody-here@test.local', password: 'Wrong@12345' });
    expect(r.basic.code).not.toBe(200);
    const rows = (await search({ code: 'auth.loginFailed', actor: 'nobody-here' }, supplier)).records;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'refused', actorUserId: null, companyId: t.world.companies.supplier.id });
    expect(sentence(rows[0]!, 'en-US')).toBe('Refused: Failed sign-in as nobody-here@test.local');
    expect((await search({ code: 'auth.loginFailed', actor: 'nobody-here' }, ownerA)).total).toBe(0);
    expect((await search({ code: 'auth.loginFailed', actor: 'nobody-here' }, ownerB)).total).toBe(0);
  });
});
