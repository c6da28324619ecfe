import { authCalls, ErrorCodes, insightCalls, systemCalls, userCalls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, operationLogs, sessions, users } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

describe.each(ENGINES)('operation log, outbox, hidden menus and file links (%s)', (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<TestApp['login']>>;
  let supplier: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    supplier = await t.login('supplier@test.local');
  });
  afterAll(() => t?.close());
  const around = () => ({ from: t.clock.now() - 86_400_000, to: t.clock.now() + 86_400_000 });

  it('records a write with who, what, when, before and after, and the supplier sees it', async () => {
    const r = await t.call(systemCalls.setHiddenMenus, { kind: 'DDC', menus: ['pointMall', 'externalCollection'] }, supplier);
    expect(r.basic.code).toBe(200);
    expect(r.data.DDC).toEqual(['pointMall', 'externalCollection']);
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, systemCalls.setHiddenMenus.path));
    expect(log.actorUserId).toBe(t.world.users.supplierUser.id);
    expect(log.before).toEqual(['pointMall']);
    expect(log.after).toEqual(['pointMall', 'externalCollection']);
    expect(log.at.getTime()).toBe(t.clock.now());
    const page = await t.call(insightCalls.operationLogSearch, { range: around(), action: 'system/hidden-menus' }, supplier);
    expect(page.data.records[0].after).toEqual(['pointMall', 'externalCollection']);
    // The distributor's next session carries the new list.
    const dealer = await t.login('dealer-a@test.local');
    expect(dealer.user.hiddenMenus).toEqual(['pointMall', 'externalCollection']);
  });

  it('refuses an operation-log range longer than 31 days, or with one end only, with the SPEC message (issue 11 §3)', async () => {
    const day = 86_400_000;
    const from = Date.UTC(2026, 0, 1);
    const search = insightCalls.operationLogSearch;
    const ok = await t.call(search, { range: { from, to: from + 31 * day - 1 } }, supplier);
    expect(ok.basic.code, ok.basic.msg).toBe(200);
    const tooLong = await t.call(search, { range: { from, to: from + 32 * day } }, supplier);
    expect(tooLong.basic.code).toBe(ErrorCodes.invalidParams);
    expect(tooLong.basic.msg).toContain('The query range cannot exceed 31 days.');
    const zh = await t.call(search, { range: { from, to: from + 32 * day } }, supplier, { locale: 'zh-CN' });
    expect(zh.basic.msg).toContain('查询时间范围不能超过31天。');
    const reversed = await t.call(search, { range: { from: from + day, to: from } }, supplier);
    expect(reversed.basic.code).toBe(ErrorCodes.invalidParams);
    const halfOpen = await t.call(search, { range: { from } } as never, supplier);
    expect(halfOpen.basic.code).toBe(ErrorCodes.invalidParams);
    const missing = await t.call(search, {} as never, supplier);
    expect(missing.basic.code).toBe(ErrorCodes.invalidParams);
  });

  it("shows a partner only its own subtree's log entries", async () => {
    const page = await t.call(insightCalls.operationLogSearch, { range: around() }, owner);
    expect(page.basic.code).toBe(200);
    expect(page.data.records.find((r) => r.action === systemCalls.setHiddenMenus.path)).toBeUndefined();
  });

  it('logs work done under remote access with both identities', async () => {
    const s = await t.login('dealer-a@test.local');
    // A superior (partner A's owner) working in the dealer's account.
    await t.database.db
      .update(sessions)
      .set({ actingUserId: t.world.users.ownerA.id, remoteExpiresAt: new Date(t.clock.now() + 600_000) })
      .where(eq(sessions.userId, t.world.users.dealerUserA.id));
    const me = await t.call(authCalls.me, {}, s);
    expect(me.data.remoteAccess?.byUserId).toBe(t.world.users.ownerA.id);
    // A write under remote access is logged as the superior acting on behalf of the account's user
    // (credentials and e-mail binding are refused under remote access: auth-security.test).
    expect((await t.call(userCalls.infoSet, { nickName: 'dealer-a', phone: '+49 30 5555' }, s)).basic.code).toBe(200);
    const [log] = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, userCalls.infoSet.path));
    expect(log.actorUserId).toBe(t.world.users.ownerA.id);
    expect(log.onBehalfOfUserId).toBe(t.world.users.dealerUserA.id);
    expect(log.actorName).toBe('owner-a');
    expect(log.after).toEqual({ nickname: 'dealer-a', phone: '+49 30 5555' });
    const page = await t.call(insightCalls.operationLogSearch, { range: around(), action: userCalls.infoSet.path }, owner);
    expect(page.data.records[0].onBehalfOfName).toBe('dealer-a');
    await t.database.db.update(users).set({ phone: '' }).where(eq(users.id, t.world.users.dealerUserA.id));
    t.clock.advance(600_000);
    const ended = await t.call(authCalls.me, {}, s);
    expect(ended.basic.code).toBe(ErrorCodes.remoteAccessEnded);
  });

  it('keeps mail in the outbox for the supplier only', async () => {
    await t.services.mail.enqueue(t.database.db, 'someone@test.local', 'emailCode', 'en-US', { code: '123456', purpose: 'register' });
    const r = await t.call(systemCalls.mailOutbox, { to: 'someone@' }, supplier);
    expect(r.basic.code).toBe(200);
    expect(r.data.records[0].status).toBe('outbox');
    expect(r.data.records[0].text).toContain('123456');
  });

  it('signs file links that serve ranges, expire after 300 s and die with the session', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await t.fileStore.put(`test/${t.world.companies.partnerA.id}/a.txt`, body);
    const [f] = await t.database.db
      .insert(files)
      .values({
        companyId: t.world.companies.partnerA.id,
        path: `test/${t.world.companies.partnerA.id}/a.txt`,
        name: 'a.txt',
        mime: 'text/plain',
        size: body.length,
        sha256: 'x',
      })
      .returning();
    const link = await t.call(systemCalls.fileLink, { fileId: f.id, isDownload: true }, owner);
    expect(link.basic.code).toBe(200);
    const url = link.data.url;
    expect(url).toMatch(/file\/get\?/);
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe(body.toString());
    expect(full.headers['content-disposition']).toMatch(/attachment/);
    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('abcdefghij');
    expect(part.headers['content-range']).toBe('bytes 10-19/20');
    const tampered = await t.app.inject({ method: 'GET', url: url.replace(/path=[^&]+/, 'path=test%2F1%2Fother.txt') });
    expect(tampered.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
    t.clock.advance(301_000);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
    // Another tenant's file gets no link.
    const other = await t.call(systemCalls.fileLink, { fileId: t.world.files.fileB.id }, owner);
    expect(other.basic.code).toBe(ErrorCodes.notFound);
    // After logout the link no longer opens.
    const fresh = await t.call(systemCalls.fileLink, { fileId: f.id }, owner);
    await t.call(authCalls.logout, {}, owner);
    const dead = await t.app.inject({ method: 'GET', url: fresh.data.url });
    expect(dead.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
  });
});
