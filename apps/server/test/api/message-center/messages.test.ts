/**
 * The message centre (issue 13): compose with the language rules, audience preview equal to the
 * receipts written, every move of messageMachine (and the refused ones), schedule, the fan-out
 * resumed after a killed page and stopped by a withdraw, the inbox (list, detail, unread, read, read
 * all, hide), stats and their export, tenancy, codes, and every 27xxx code in both locales.
 */
import { errorMessage, ErrorCodes, messageCalls, type MessageInput } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, messageReceipts, messages, operationLogs, users } from '../../../src/db/schema';
import { fanoutSettings, postSystemMessage, runFanoutPage, runMessageJobsOnce } from '../../../src/modules/message-center';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createCompany, createUser } from '../../support/fixtures';

describe.each(ENGINES)('message centre (%s)', (engine) => {
  let t: TestApp;
  let owner: Session; // partner A owner: every dealer code, business user
  let dealerMgr: Session; // a distributor user of partner A with the messaging codes
  let supplier: Session;
  let ownerB: Session;
  let noCodes: Session;
  const installers: { id: number; email: string; locale: string }[] = [];
  let installerSession: Session;
  let zhInstaller: Session;

  const A = () => t.world.companies.partnerA;
  const call = t_call;
  function t_call<C extends Parameters<TestApp['call']>[0]>(c: C, d: Parameters<TestApp['call']>[1], s: Session | null, locale?: string) {
    return t.call(c, d as never, s, locale ? { locale } : undefined);
  }
  const twoLanguage = (over: Partial<MessageInput> = {}): MessageInput => ({
    type: 'notice',
    contents: {
      'en-US': { title: 'Maintenance tonight', body: '<p>The cloud is <b>down</b> 2-3 am.</p><script>alert(1)</script>' },
      'zh-CN': { title: '今晚维护', body: '<p>云服务凌晨2-3点<b>暂停</b>。</p>' },
    },
    preferredLanguage: 'en-US',
    audience: { kind: 'companyType', companyTypes: ['installer'] },
    ...over,
  });
  const ok = <T extends { basic: { code: number; msg: string } }>(r: T) => {
    expect(r.basic.code, r.basic.msg).toBe(200);
    return r;
  };
  const receipts = async (messageId: number) =>
    (await t.database.db.select().from(messageReceipts).where(eq(messageReceipts.messageId, messageId))).length;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const installerA = t.world.companies.installerA;
    // Installers of partner A: 3 in zh-CN, 2 in en-US, 1 in de-DE; one in partner B's tree (never reached by A).
    const locales = ['zh-CN', 'zh-CN', 'zh-CN', 'en-US', 'en-US', 'de-DE'];
    for (let i = 0; i < locales.length; i++) {
      const email = `inst${i}@test.local`;
      const u = await createUser(t.database, { companyId: installerA.id, email, userType: 'installer', codes: [] });
      await t.database.db.update(users).set({ locale: locales[i] }).where(eq(users.id, u.id));
      installers.push({ id: u.id, email, locale: locales[i]! });
    }
    const installerB = await createCompany(t.database, {
      parentId: t.world.companies.dealerB.id,
      type: 'installer',
      name: 'Installer B',
      areaId: t.world.areas.us.id,
    });
    await createUser(t.database, { companyId: installerB.id, email: 'inst-b@test.local', userType: 'installer', codes: [] });
    await createUser(t.database, {
      companyId: t.world.companies.dealerA.id,
      email: 'dealer-msg@test.local',
      userType: 'distributor',
      codes: ['dealer_message_qry', 'dealer_message_mgr'],
      areaIds: [t.world.areas.eu.id],
    });
    owner = await t.login('owner-a@test.local');
    dealerMgr = await t.login('dealer-msg@test.local');
    supplier = await t.login('supplier@test.local');
    ownerB = await t.login('owner-b@test.local');
    noCodes = await t.login('nocodes-a@test.local');
    installerSession = await t.login(installers[3]!.email); // en-US
    zhInstaller = await t.login(installers[0]!.email); // zh-CN
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    fanoutSettings.inline = true;
    fanoutSettings.pageSize = 100_000;
  });

  async function draft(over: Partial<MessageInput> = {}, s: Session = owner) {
    return ok(await call(messageCalls.save, twoLanguage(over), s)).data;
  }

  it('composes a two-language message: bodies cleaned, abilities of a message to be released', async () => {
    const m = await draft();
    expect(m.state).toBe('to_be_released');
    expect(m.languages.sort()).toEqual(['en-US', 'zh-CN']);
    expect(m.contents['en-US']!.body).not.toContain('script');
    expect(m.contents['en-US']!.body).toContain('<b>down</b>');
    expect(m.actions).toEqual(['edit', 'delete', 'schedule', 'release']);
    const abilities = ok(await call(messageCalls.abilities, {}, owner)).data;
    expect(abilities.actions).toEqual(['compose', 'multiLanguage', 'export']);
    expect(ok(await call(messageCalls.abilities, {}, dealerMgr)).data.actions).toEqual(['compose', 'export']);
    expect(ok(await call(messageCalls.abilities, {}, noCodes)).data.actions).toEqual([]);
  });

  it('previews exact counts per resolved language, equal to the receipts a release writes', async () => {
    const m = await draft({ preferredLanguage: 'zh-CN' });
    const p = ok(
      await call(messageCalls.preview, { audience: m.audience, languages: m.languages, preferredLanguage: 'zh-CN' }, owner),
    ).data;
    // de-DE is not written: the preferred zh-CN. Partner B's installer is out of reach.
    expect(p).toEqual({
      total: 6,
      byLanguage: [
        { language: 'zh-CN', count: 4 },
        { language: 'en-US', count: 2 },
      ],
      muted: 0,
    });
    expect(ok(await call(messageCalls.release, { messageId: m.id }, owner)).data.state).toBe('released');
    // Without a job queue the pages run in the process once the release has committed.
    const r = ok(await call(messageCalls.get, { messageId: m.id }, owner)).data;
    expect(r.recipients).toBe(6);
    expect(r.fanoutDone).toBe(true);
    const stats = ok(await call(messageCalls.stats, { messageId: m.id }, owner)).data;
    expect(stats.total).toEqual({ recipients: 6, pushed: 0, delivered: 0, opened: 0 });
    expect(stats.byLanguage.map((s) => [s.language, s.recipients])).toEqual([
      ['zh-CN', 4],
      ['en-US', 2],
    ]);
    // The de-DE installer kept the resolved language on the receipt.
    const [de] = await t.database.db
      .select()
      .from(messageReceipts)
      .where(and(eq(messageReceipts.messageId, m.id), eq(messageReceipts.recipientId, installers[5]!.id)));
    expect(de!.language).toBe('zh-CN');
    await call(messageCalls.withdraw, { messageId: m.id }, owner);
  });

  it('delivers to the inbox: list, detail in the reader’s language, unread, read, read all, hide; withdraw empties it', async () => {
    const m = await draft();
    ok(await call(messageCalls.release, { messageId: m.id }, owner));
    const m2 = await draft({ type: 'promotion' });
    ok(await call(messageCalls.release, { messageId: m2.id }, owner));

    const unread = ok(await call(messageCalls.inboxUnread, {}, zhInstaller)).data;
    expect(unread.total).toBe(2);
    expect(unread.byType).toEqual({ notice: 1, service: 0, promotion: 1, update: 0 });
    const list = ok(await call(messageCalls.inboxList, { pageNum: 1, pageSize: 10, type: 'notice', read: 'all' }, zhInstaller)).data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ messageId: m.id, language: 'zh-CN', title: '今晚维护', read: false });
    const detail = ok(await call(messageCalls.inboxGet, { messageId: m.id }, zhInstaller)).data;
    expect(detail.body).toContain('暂停');
    const en = ok(await call(messageCalls.inboxGet, { messageId: m.id }, installerSession)).data;
    expect(en.title).toBe('Maintenance tonight');

    expect(ok(await call(messageCalls.inboxRead, { messageIds: [m.id] }, zhInstaller)).data.updated).toBe(1);
    expect(ok(await call(messageCalls.inboxRead, { messageIds: [m.id] }, zhInstaller)).data.updated).toBe(0);
    expect(ok(await call(messageCalls.inboxUnread, {}, zhInstaller)).data.total).toBe(1);
    const unreadOnly = ok(await call(messageCalls.inboxList, { pageNum: 1, pageSize: 10, read: 'unread' }, zhInstaller)).data;
    expect(unreadOnly.records.map((r) => r.messageId)).toEqual([m2.id]);
    expect(unreadOnly.total).toBe(1);
    // Listing marked what it showed delivered (m2 was never opened), once.
    expect(ok(await call(messageCalls.stats, { messageId: m2.id }, owner)).data.total.delivered).toBe(1);
    // A page past the end still answers the filter's total.
    const beyond = ok(await call(messageCalls.inboxList, { pageNum: 3, pageSize: 1, read: 'all' }, zhInstaller)).data;
    expect(beyond).toMatchObject({ records: [], total: 2 });
    const second = ok(await call(messageCalls.inboxList, { pageNum: 2, pageSize: 1, read: 'all' }, zhInstaller)).data;
    expect(second.total).toBe(2);
    expect(second.records).toHaveLength(1);
    expect(ok(await call(messageCalls.inboxReadAll, {}, zhInstaller)).data.updated).toBe(1);
    expect(ok(await call(messageCalls.inboxUnread, {}, zhInstaller)).data.total).toBe(0);

    const stats = ok(await call(messageCalls.stats, { messageId: m.id }, owner)).data;
    expect(stats.total).toEqual({ recipients: 6, pushed: 0, delivered: 2, opened: 1 });

    expect(ok(await call(messageCalls.inboxHide, { messageIds: [m2.id] }, zhInstaller)).data.updated).toBe(1);
    expect(ok(await call(messageCalls.inboxList, { pageNum: 1, pageSize: 10, read: 'all' }, zhInstaller)).data.total).toBe(1);

    // Withdraw: one UPDATE; every inbox and count drops it at once.
    expect(ok(await call(messageCalls.inboxUnread, {}, installerSession)).data.total).toBe(2);
    ok(await call(messageCalls.withdraw, { messageId: m.id }, owner));
    expect(ok(await call(messageCalls.inboxUnread, {}, installerSession)).data.total).toBe(1);
    expect(ok(await call(messageCalls.inboxList, { pageNum: 1, pageSize: 10, read: 'all' }, zhInstaller)).data.total).toBe(0);
    expect((await call(messageCalls.inboxGet, { messageId: m.id }, installerSession)).basic.code).toBe(ErrorCodes.notFound);
    ok(await call(messageCalls.withdraw, { messageId: m2.id }, owner));
    expect(ok(await call(messageCalls.inboxUnread, {}, installerSession)).data.total).toBe(0);
  });

  it('moves through every transition and refuses every other with 1017', async () => {
    const m = await draft();
    const id = m.id;
    const code = async (c: Parameters<TestApp['call']>[0], d: object = { messageId: id }) => (await call(c, d as never, owner)).basic.code;
    expect(await code(messageCalls.withdraw)).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.revise)).toBe(ErrorCodes.illegalTransition);
    // edit before release
    const edited = ok(await call(messageCalls.save, { ...twoLanguage({ type: 'update' }), messageId: id }, owner)).data;
    expect(edited.type).toBe('update');
    ok(await call(messageCalls.release, { messageId: id }, owner));
    expect(await code(messageCalls.release)).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.delete)).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.revise)).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.schedule, { messageId: id, releaseAt: t.clock.now() + 3_600_000 })).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.save, { ...twoLanguage(), messageId: id })).toBe(ErrorCodes.illegalTransition);
    const w = ok(await call(messageCalls.withdraw, { messageId: id }, owner)).data;
    expect(w.state).toBe('withdrawn');
    expect(w.actions).toEqual(['revise']);
    expect(await code(messageCalls.withdraw)).toBe(ErrorCodes.illegalTransition);
    expect(await code(messageCalls.release)).toBe(ErrorCodes.illegalTransition);
    const r = ok(await call(messageCalls.revise, { messageId: id }, owner)).data;
    expect(r.state).toBe('to_be_released');
    expect(await receipts(id)).toBe(0);
    ok(await call(messageCalls.release, { messageId: id }, owner));
    expect(await receipts(id)).toBe(6);
    ok(await call(messageCalls.withdraw, { messageId: id }, owner));
    ok(await call(messageCalls.revise, { messageId: id }, owner));
    // Deleting a message deletes whatever receipts it has (a trigger since migration 0047, no longer a key's cascade).
    await t.database.db.insert(messageReceipts).values({ messageId: id, recipientKind: 'user', recipientId: 1, language: 'en-US' });
    expect(await receipts(id)).toBe(1);
    ok(await call(messageCalls.delete, { messageId: id }, owner));
    expect(await receipts(id)).toBe(0);
    expect((await call(messageCalls.get, { messageId: id }, owner)).basic.code).toBe(ErrorCodes.notFound);
  });

  it('a release racing a withdraw, and two releases, have one outcome', async () => {
    const m = await draft();
    const [rel, wd] = await Promise.all([
      call(messageCalls.release, { messageId: m.id }, owner),
      call(messageCalls.withdraw, { messageId: m.id }, owner),
    ]);
    expect(rel.basic.code).toBe(200);
    const state = ok(await call(messageCalls.get, { messageId: m.id }, owner)).data.state;
    expect(state).toBe(wd.basic.code === 200 ? 'withdrawn' : 'released');
    if (wd.basic.code !== 200) expect(wd.basic.code).toBe(ErrorCodes.illegalTransition);
    const m2 = await draft();
    const both = await Promise.all([1, 2].map(() => call(messageCalls.release, { messageId: m2.id }, owner)));
    expect(both.map((b) => b.basic.code).sort((a, b) => a - b)).toEqual([200, ErrorCodes.illegalTransition]);
    expect(await receipts(m2.id)).toBe(6);
    for (const id of [m.id, m2.id]) await call(messageCalls.withdraw, { messageId: id }, owner);
  });

  it('resumes a fan-out killed mid-page without doubles, with exact counts', async () => {
    fanoutSettings.inline = false;
    const m = await draft();
    ok(await call(messageCalls.release, { messageId: m.id }, owner));
    expect(await receipts(m.id)).toBe(0);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, m.id));
    const job = { messageId: m.id, generation: row!.fanoutGeneration };
    const now = new Date(t.clock.now());
    expect(await runFanoutPage(t.database, job, now, { pageSize: 2 })).toBe('more');
    expect(await receipts(m.id)).toBe(2);
    // Killed between the receipts and the cursor: the page's transaction rolls back.
    await expect(
      runFanoutPage(t.database, job, now, {
        pageSize: 2,
        afterInsert: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await receipts(m.id)).toBe(2);
    // And a page whose receipts committed while its cursor did not (the cursor lost): the pages run again.
    await t.database.db.update(messages).set({ fanoutCursor: 0 }).where(eq(messages.id, m.id));
    while ((await runFanoutPage(t.database, job, now, { pageSize: 2 })) === 'more');
    expect(await receipts(m.id)).toBe(6);
    const [after] = await t.database.db.select().from(messages).where(eq(messages.id, m.id));
    expect(after!.fanoutDone).toBe(true);
    expect(after!.recipients).toBe(6);
    const stats = ok(await call(messageCalls.stats, { messageId: m.id }, owner)).data;
    expect(stats.total.recipients).toBe(6);
    // Done: a page sent again does nothing.
    expect(await runFanoutPage(t.database, job, now, { pageSize: 2 })).toBe('stopped');
    await call(messageCalls.withdraw, { messageId: m.id }, owner);
  });

  it('a withdraw during the fan-out stops it and empties the inboxes reached so far', async () => {
    fanoutSettings.inline = false;
    const m = await draft();
    ok(await call(messageCalls.release, { messageId: m.id }, owner));
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, m.id));
    const job = { messageId: m.id, generation: row!.fanoutGeneration };
    expect(await runFanoutPage(t.database, job, new Date(t.clock.now()), { pageSize: 3 })).toBe('more');
    const reached = await t.database.db.select().from(messageReceipts).where(eq(messageReceipts.messageId, m.id));
    expect(reached).toHaveLength(3);
    ok(await call(messageCalls.withdraw, { messageId: m.id }, owner));
    expect(await runFanoutPage(t.database, job, new Date(t.clock.now()), { pageSize: 3 })).toBe('stopped');
    expect(await receipts(m.id)).toBe(3);
    const s = await t.login(installers.find((i) => i.id === reached[0]!.recipientId)!.email);
    expect(ok(await call(messageCalls.inboxUnread, {}, s)).data.total).toBe(0);
  });

  it('schedules a release (pg-boss job at that time, or the sweep), refuses a past time, clears it', async () => {
    const start = t.clock.now();
    const m = await draft();
    expect((await call(messageCalls.schedule, { messageId: m.id, releaseAt: t.clock.now() - 1000 }, owner)).basic.code).toBe(
      ErrorCodes.messageScheduleInPast,
    );
    const at = t.clock.now() + 3_600_000;
    const s = ok(await call(messageCalls.schedule, { messageId: m.id, releaseAt: at }, owner)).data;
    expect(s.releaseAt).toBe(new Date(at).toISOString());
    await runMessageJobsOnce(t.database, t.clock.now());
    expect(ok(await call(messageCalls.get, { messageId: m.id }, owner)).data.state).toBe('to_be_released');
    t.clock.advance(3_600_000);
    await runMessageJobsOnce(t.database, t.clock.now());
    t.clock.set(start + 60_000); // the sessions stay fresh
    const released = ok(await call(messageCalls.get, { messageId: m.id }, owner)).data;
    expect(released.state).toBe('released');
    expect(released.releaseAt).toBeNull();
    expect(await receipts(m.id)).toBe(6);
    await call(messageCalls.withdraw, { messageId: m.id }, owner);
    const m2 = await draft();
    ok(await call(messageCalls.schedule, { messageId: m2.id, releaseAt: t.clock.now() + 60_000 }, owner));
    expect(ok(await call(messageCalls.schedule, { messageId: m2.id, releaseAt: null }, owner)).data.releaseAt).toBeNull();
    t.clock.advance(120_000);
    await runMessageJobsOnce(t.database, t.clock.now());
    t.clock.set(start + 60_000);
    expect(ok(await call(messageCalls.get, { messageId: m2.id }, owner)).data.state).toBe('to_be_released');
    ok(await call(messageCalls.delete, { messageId: m2.id }, owner));
  });

  it('exports the stats as xlsx behind a signed link', async () => {
    const m = await draft();
    ok(await call(messageCalls.release, { messageId: m.id }, owner));
    const r = ok(await call(messageCalls.statsExport, { messageId: m.id }, owner)).data;
    const res = await t.app.inject({ method: 'GET', url: r.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    await call(messageCalls.withdraw, { messageId: m.id }, owner);
  });

  it('answers every rule with its catalogue code, in en-US and zh-CN', async () => {
    const eu = t.world.areas.eu.id;
    const us = t.world.areas.us.id;
    const [xlsx] = await t.database.db
      .insert(files)
      .values({ companyId: A().id, path: `test/${A().id}/x.xlsx`, name: 'x.xlsx', mime: 'application/zip', size: 3, sha256: 'y' })
      .returning();
    const cases: Array<[number, () => ReturnType<typeof call>]> = [
      [ErrorCodes.messageSingleLanguageOnly, () => call(messageCalls.save, twoLanguage(), dealerMgr)],
      [
        ErrorCodes.messagePreferredLanguageWithoutContent,
        () => call(messageCalls.save, twoLanguage({ preferredLanguage: 'de-DE' }), owner),
      ],
      [
        ErrorCodes.messageAudienceEmpty,
        () => call(messageCalls.save, twoLanguage({ audience: { kind: 'companyType', companyTypes: ['customer'] } }), owner),
      ],
      [ErrorCodes.messageAreaNotYours, () => call(messageCalls.save, twoLanguage({ audience: { kind: 'area', areaIds: [us] } }), owner)],
      [
        ErrorCodes.messageUsersUnknown,
        () => call(messageCalls.save, twoLanguage({ audience: { kind: 'users', userIds: [t.world.users.ownerB.id] } }), owner),
      ],
      [
        ErrorCodes.messageBodyEmptyAfterCleaning,
        () =>
          call(
            messageCalls.save,
            twoLanguage({
              contents: {
                'en-US': { title: 'x', body: '<p>ok</p><script>1</script>' },
                'zh-CN': { title: 'x', body: '<script>x</script><style>y</style>' },
              },
            }),
            owner,
          ),
      ],
      [ErrorCodes.messageNotImage, () => call(messageCalls.save, twoLanguage({ imageFileIds: [xlsx!.id] }), owner)],
    ];
    for (const [codeWanted, run] of cases) {
      const r = await run();
      expect(r.basic.code, `${codeWanted}: ${r.basic.msg}`).toBe(codeWanted);
      expect(r.basic.msg).toBe(errorMessage(codeWanted, 'en-US', r.basic.params ?? {}));
    }
    const zh = await call(messageCalls.save, twoLanguage(), dealerMgr, 'zh-CN');
    expect(zh.basic.msg).toBe(errorMessage(ErrorCodes.messageSingleLanguageOnly, 'zh-CN'));
    const zhArea = await call(messageCalls.save, twoLanguage({ audience: { kind: 'area', areaIds: [us] } }), owner, 'zh-CN');
    expect(zhArea.basic.msg).toContain('美洲');
    // The sender's own area and a single-language distributor message work.
    ok(
      await call(
        messageCalls.preview,
        { audience: { kind: 'area', areaIds: [eu] }, languages: ['en-US'], preferredLanguage: 'en-US' },
        owner,
      ),
    );
    const single = ok(
      await call(
        messageCalls.save,
        twoLanguage({ contents: { 'de-DE': { title: 'Hallo', body: '<p>Hallo</p>' } }, preferredLanguage: 'de-DE' }),
        dealerMgr,
      ),
    ).data;
    expect(single.languages).toEqual(['de-DE']);
    // Validation: too long a title, empty contents -> 1001.
    expect(
      (await call(messageCalls.save, twoLanguage({ contents: { 'en-US': { title: 'x'.repeat(101), body: '<p>b</p>' } } }), owner)).basic
        .code,
    ).toBe(ErrorCodes.invalidParams);
    expect((await call(messageCalls.save, twoLanguage({ contents: {} }), owner)).basic.code).toBe(ErrorCodes.invalidParams);
    expect(
      (await call(messageCalls.save, twoLanguage({ contents: { 'en-US': { title: 't', body: 'x'.repeat(5001) } } }), owner)).basic.code,
    ).toBe(ErrorCodes.invalidParams);
  });

  it('keeps tenants apart: another tenant’s message is 1004, no code is 1005, the inbox is anyone’s own', async () => {
    const m = await draft();
    const other = t.world.tenant.otherMessageId;
    for (const c of [
      messageCalls.get,
      messageCalls.release,
      messageCalls.withdraw,
      messageCalls.delete,
      messageCalls.stats,
      messageCalls.inboxGet,
    ]) {
      expect((await call(c, { messageId: other }, owner)).basic.code, c.path).toBe(ErrorCodes.notFound);
    }
    expect((await call(messageCalls.get, { messageId: m.id }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
    expect(
      (
        await call(
          messageCalls.preview,
          { audience: { kind: 'company', companyIds: [t.world.companies.partnerB.id] }, languages: ['en-US'], preferredLanguage: 'en-US' },
          owner,
        )
      ).basic.code,
    ).toBe(ErrorCodes.notFound);
    expect((await call(messageCalls.list, { pageNum: 1, pageSize: 10 }, noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    expect((await call(messageCalls.save, twoLanguage(), noCodes)).basic.code).toBe(ErrorCodes.forbidden);
    ok(await call(messageCalls.inboxUnread, {}, noCodes));
    const listB = ok(await call(messageCalls.list, { pageNum: 1, pageSize: 50 }, ownerB)).data;
    expect(listB.records.map((r) => r.id)).toEqual([other]);
    ok(await call(messageCalls.delete, { messageId: m.id }, owner));
  });

  it('a partner reaches its subtree’s messages (withdraw, not edit); the supplier withdraws any, audited', async () => {
    const dm = ok(
      await call(messageCalls.save, twoLanguage({ contents: { 'en-US': { title: 'Dealer', body: '<p>d</p>' } } }), dealerMgr),
    ).data;
    const seen = ok(await call(messageCalls.get, { messageId: dm.id }, owner)).data;
    expect(seen.actions).toEqual([]);
    expect((await call(messageCalls.release, { messageId: dm.id }, owner)).basic.code).toBe(ErrorCodes.forbidden);
    ok(await call(messageCalls.release, { messageId: dm.id }, dealerMgr));
    expect(ok(await call(messageCalls.get, { messageId: dm.id }, owner)).data.actions).toEqual(['withdraw']);

    const pm = await draft();
    ok(await call(messageCalls.release, { messageId: pm.id }, owner));
    const w = ok(await call(messageCalls.withdraw, { messageId: pm.id }, supplier)).data;
    expect(w.state).toBe('withdrawn');
    const logs = await t.database.db
      .select()
      .from(operationLogs)
      .where(
        and(
          eq(operationLogs.targetType, 'message'),
          eq(operationLogs.targetId, String(pm.id)),
          eq(operationLogs.action, 'message.withdraw'),
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]!.actorUserId).toBe(t.world.users.supplierUser.id);
    ok(await call(messageCalls.withdraw, { messageId: dm.id }, owner));
    // The supplier messages portal users of any tenant.
    const p = ok(
      await call(
        messageCalls.preview,
        { audience: { kind: 'companyType', companyTypes: ['installer'] }, languages: ['en-US'], preferredLanguage: 'en-US' },
        supplier,
      ),
    ).data;
    expect(p.total).toBe(7);
  });

  it('other modules post a system message through the index', async () => {
    const pending: Array<() => unknown> = [];
    const id = await t.database.db.transaction((tx) =>
      postSystemMessage(
        { db: tx, database: t.database, services: t.services, clock: t.clock, afterCommit: (w) => pending.push(w) },
        {
          companyId: A().id,
          type: 'service',
          contents: { 'en-US': { title: 'Points added', body: '<p>+10</p>' } },
          preferredLanguage: 'en-US',
          audience: { kind: 'users', userIds: [installers[0]!.id] },
        },
      ),
    );
    for (const w of pending) await w();
    expect(await receipts(id)).toBe(1);
    const inbox = ok(await call(messageCalls.inboxList, { pageNum: 1, pageSize: 10, type: 'service', read: 'unread' }, zhInstaller)).data;
    expect(inbox.records.map((r) => [r.messageId, r.language])).toEqual([[id, 'en-US']]);
    const seen = ok(await call(messageCalls.get, { messageId: id }, owner)).data;
    expect(seen.system).toBe(true);
    expect(seen.actions).toEqual(['withdraw']);
    // The release list shows what the staff wrote; system messages only when asked for.
    const staff = ok(await call(messageCalls.list, { pageNum: 1, pageSize: 100 }, owner)).data;
    expect(staff.records.some((m) => m.id === id)).toBe(false);
    expect(staff.records.every((m) => !m.system)).toBe(true);
    const system = ok(await call(messageCalls.list, { pageNum: 1, pageSize: 100, origin: 'system' }, owner)).data;
    expect(system.records.map((m) => m.id)).toContain(id);
    expect(system.records.every((m) => m.system)).toBe(true);
    await t.database.db.execute(sql`select 1`);
  });
});
