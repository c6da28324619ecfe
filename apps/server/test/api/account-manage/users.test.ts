import { authCalls, EMAIL_CHURN_WINDOW_MINUTES, ErrorCodes, PARTNER_ONLY_CODES, USER_INVITE_TTL_DAYS, userCalls } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, users } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createCompany, createUser, PASSWORD } from '../../support/fixtures';

const LINK = /\/customer\/user-register\/(\d+)\/(\d+)\/([0-9a-f]{32})\?t=(\S+)/;
const NEW_PASSWORD = 'Fresh#2026pw';

describe.each(ENGINES)('users (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let dealer: Session;
  const ids: Record<string, number> = {};

  async function linkOf(email: string) {
    const mail = await t.lastMailTo(email);
    const m = mail?.text.match(LINK);
    if (!m) throw new Error(`no link mailed to ${email}`);
    return { corpId: Number(m[1]), userId: Number(m[2]), emailMd5: m[3], token: decodeURIComponent(m[4]) };
  }

  async function invite(email: string, extra: Record<string, unknown> = {}, session: Session = owner) {
    return t.call(userCalls.invite, { email, ...extra } as never, session);
  }

  async function inviteAndRegister(email: string, extra: Record<string, unknown> = {}) {
    const r = await invite(email, extra);
    expect(r.basic.code, r.basic.msg).toBe(200);
    const link = await linkOf(email);
    const done = await t.call(
      userCalls.register,
      { ...link, nickName: email.split('@')[0], password: PASSWORD, confirmPassword: PASSWORD },
      null,
    );
    expect(done.basic.code, done.basic.msg).toBe(200);
    return r.data.userId;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { companies, areas } = t.world;
    // Users for paging, search and filters: 12 in partner A, 3 in its dealer, 1 auto-locked installer.
    for (let i = 0; i < 12; i++) {
      await createUser(t.database, {
        companyId: companies.partnerA.id,
        email: `staff-${String(i).padStart(2, '0')}@acme.test`,
        userType: 'partner',
        userAuthType: 3,
        nickname: `Staff ${i}`,
      });
    }
    for (const n of ['Zoe', 'Yann', 'Xavier']) {
      await createUser(t.database, {
        companyId: companies.dealerA.id,
        email: `${n.toLowerCase()}@dealer.test`,
        userType: 'distributor',
        userAuthType: 3,
        nickname: n,
      });
    }
    const locked = await createUser(t.database, {
      companyId: companies.installerA.id,
      email: 'locked@installer.test',
      userType: 'installer',
      userAuthType: 3,
      status: 'auto_locked',
    });
    ids.locked = locked.id;
    await t.database.db.update(users).set({ phone: '+49 170 555' }).where(eq(users.email, 'zoe@dealer.test'));
    const admin = await createUser(t.database, {
      companyId: companies.partnerA.id,
      email: 'admin-a@test.local',
      userType: 'partner',
      userAuthType: 2,
      codes: ['dealer_account_qry', 'dealer_account_mgr'],
      areaIds: [areas.eu.id],
    });
    ids.admin = admin.id;
  });
  // Tests move the clock by days: every test starts with fresh sessions.
  beforeEach(async () => {
    owner = await t.login('owner-a@test.local');
    dealer = await t.login('dealer-a@test.local');
  });
  afterAll(() => t?.close());

  describe('list', () => {
    it("shows the caller's company and its subtree, never another tenant, 10 per page by default", async () => {
      const first = await t.call(userCalls.list, {}, owner);
      expect(first.basic.code).toBe(200);
      expect(first.data.pageSize).toBe(10);
      expect(first.data.records).toHaveLength(10);
      const all = await t.call(userCalls.list, { pageSize: 100 }, owner);
      const emails = all.data.records.map((u) => u.email);
      expect(emails).toContain('owner-a@test.local');
      expect(emails).toContain('zoe@dealer.test');
      expect(emails).toContain('locked@installer.test');
      expect(emails).not.toContain('owner-b@test.local');
      expect(emails).not.toContain('supplier@test.local');
      expect(all.data.total).toBe(all.data.records.length);
      // Newest first, and paging covers everything once.
      const second = await t.call(userCalls.list, { pageNum: 2 }, owner);
      expect(new Set([...first.data.records, ...second.data.records].map((u) => u.id)).size).toBe(
        first.data.records.length + second.data.records.length,
      );
    });

    it('searches by e-mail, nickname or phone prefix (case-insensitive, wildcards literal)', async () => {
      const byEmail = await t.call(userCalls.list, { searchText: 'STAFF-0', pageSize: 50 }, owner);
      expect(byEmail.data.total).toBe(10);
      const byNick = await t.call(userCalls.list, { searchText: 'yan' }, owner);
      expect(byNick.data.records.map((u) => u.email)).toEqual(['yann@dealer.test']);
      const byPhone = await t.call(userCalls.list, { searchText: '+49 170' }, owner);
      expect(byPhone.data.records.map((u) => u.email)).toEqual(['zoe@dealer.test']);
      const wild = await t.call(userCalls.list, { searchText: '%' }, owner);
      expect(wild.data.total).toBe(0);
    });

    it('searches "first.l", a phone prefix and literal "_" and "%", each user once, inside the caller\'s subtree and filters', async () => {
      const { companies } = t.world;
      // Companies of their own, so that the other tests' counts stay as they are.
      const searchDealer = await createCompany(t.database, {
        parentId: companies.partnerA.id,
        type: 'distributor',
        level: 2,
        name: 'Search Dealer',
      });
      const searchInstaller = await createCompany(t.database, {
        parentId: searchDealer.id,
        type: 'installer',
        level: 3,
        name: 'Search Installer',
      });
      const add = async (companyId: number, email: string, nickname: string, phone: string, userType: string, status?: string) => {
        const u = await createUser(t.database, { companyId, email, nickname, userType, userAuthType: 3, status });
        await t.database.db.update(users).set({ phone }).where(eq(users.id, u.id));
      };
      await add(searchDealer.id, 'ana.lopez@acme.test', 'Ana Lopez', '+1 555 0100', 'distributor');
      await add(searchInstaller.id, 'ana.lima@dealer.test', 'Ana Lima', '+1 555 0101', 'installer', 'operation_locked');
      await add(searchDealer.id, 'ana_b@acme.test', 'Bea', '+1 555 0200', 'distributor');
      await add(companies.partnerB.id, 'ana.lee@b.test', 'Ana Lee', '+1 555 0102', 'partner');
      // Names beyond ASCII: the prefix ranges (prefixRange) are in UTF-8 byte order, as the indexes.
      await add(searchDealer.id, 'zhang.wei@acme.test', '张伟', '+86 138 0000', 'distributor');
      await add(searchDealer.id, 'zhang.min@acme.test', '张敏', '+86 139 0000', 'distributor');
      await add(searchDealer.id, 'quill.a@acme.test', 'Zoë Quill', '+49 30 1000', 'distributor');
      await add(searchDealer.id, 'quill.b@acme.test', 'Zoe Quill', '+49 30 1001', 'distributor');
      const emails = async (data: Record<string, unknown>, session = owner) => {
        const r = await t.call(userCalls.list, { pageSize: 50, ...data } as never, session);
        expect(r.basic.code, r.basic.msg).toBe(200);
        return { total: r.data.total, emails: r.data.records.map((u) => u.email).sort() };
      };
      // Matched by e-mail and nickname alike, counted once; partner B's Ana is another tenant's.
      expect(await emails({ searchText: 'ANA' })).toEqual({
        total: 3,
        emails: ['ana.lima@dealer.test', 'ana.lopez@acme.test', 'ana_b@acme.test'],
      });
      expect(await emails({ searchText: 'ana' }, await t.login('owner-b@test.local'))).toEqual({ total: 1, emails: ['ana.lee@b.test'] });
      expect(await emails({ searchText: 'ana.l' })).toEqual({ total: 2, emails: ['ana.lima@dealer.test', 'ana.lopez@acme.test'] });
      expect(await emails({ searchText: 'ana l' })).toEqual({ total: 2, emails: ['ana.lima@dealer.test', 'ana.lopez@acme.test'] });
      expect(await emails({ searchText: '+1 555 010' })).toEqual({ total: 2, emails: ['ana.lima@dealer.test', 'ana.lopez@acme.test'] });
      expect(await emails({ searchText: '张' })).toEqual({ total: 2, emails: ['zhang.min@acme.test', 'zhang.wei@acme.test'] });
      expect(await emails({ searchText: '张伟' })).toEqual({ total: 1, emails: ['zhang.wei@acme.test'] });
      expect(await emails({ searchText: 'ZOË Q' })).toEqual({ total: 1, emails: ['quill.a@acme.test'] });
      expect(await emails({ searchText: 'zoe q' })).toEqual({ total: 1, emails: ['quill.b@acme.test'] });
      // The same search again (the prepared statement's later runs use its generic plan).
      for (let i = 0; i < 6; i++) expect((await emails({ searchText: i % 2 ? 'ana.l' : '张' })).total).toBe(2);
      // LIKE wildcards match literally: "_" only an underscore, "%" nothing.
      expect(await emails({ searchText: 'ana_' })).toEqual({ total: 1, emails: ['ana_b@acme.test'] });
      expect(await emails({ searchText: 'an%' })).toEqual({ total: 0, emails: [] });
      expect(await emails({ searchText: '+1_555' })).toEqual({ total: 0, emails: [] });
      // With the filters: company, type, status.
      expect(await emails({ searchText: 'ana', companyId: searchInstaller.id })).toEqual({ total: 1, emails: ['ana.lima@dealer.test'] });
      expect(await emails({ searchText: 'ana', userType: 'installer' })).toEqual({ total: 1, emails: ['ana.lima@dealer.test'] });
      expect(await emails({ searchText: 'ana', status: 'normal' })).toEqual({
        total: 2,
        emails: ['ana.lopez@acme.test', 'ana_b@acme.test'],
      });
      // A user whose resource range is the search installer finds only the users there.
      const ranged = await createUser(t.database, {
        companyId: companies.partnerA.id,
        email: 'ranged@acme.test',
        userType: 'partner',
        userAuthType: 2,
        codes: ['dealer_account_qry'],
      });
      await t.database.db
        .update(users)
        .set({ companyIds: [searchInstaller.id] })
        .where(eq(users.id, ranged.id));
      const rangedSession = await t.login('ranged@acme.test');
      expect(await emails({ searchText: 'ana' }, rangedSession)).toEqual({
        total: 1,
        emails: ['ana.lima@dealer.test'],
      });
      // The range is read with the session: the owner widening it reaches the live session at once.
      const detail = (await t.call(userCalls.get, { userId: ranged.id }, owner)).data;
      const widened = await t.call(
        userCalls.edit,
        {
          userId: ranged.id,
          nickName: detail.nickName,
          phone: detail.phone,
          authResList: detail.authResList,
          areaIds: detail.areaIds,
          companyIds: [],
          appIds: detail.appIds,
        },
        owner,
      );
      expect(widened.basic.code).toBe(200);
      expect((await emails({ searchText: 'ana' }, rangedSession)).total).toBe(3);
      // A page past the last still has the total.
      const past = await t.call(userCalls.list, { searchText: 'ana', pageNum: 3, pageSize: 2 }, owner);
      expect([past.data.records.length, past.data.total]).toEqual([0, 3]);
    });

    it('pages a search newest first with its total on every page, also past the last page', async () => {
      const pages = [];
      for (let pageNum = 1; pageNum <= 5; pageNum++)
        pages.push((await t.call(userCalls.list, { searchText: 'staff-0', pageNum, pageSize: 3 }, owner)).data);
      expect(pages.map((p) => p.records.length)).toEqual([3, 3, 3, 1, 0]);
      expect(pages.map((p) => p.total)).toEqual([10, 10, 10, 10, 10]);
      const ids = pages.flatMap((p) => p.records.map((u) => u.id));
      expect(new Set(ids).size).toBe(10);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const none = await t.call(userCalls.list, { searchText: 'nobody-here', pageNum: 2 }, owner);
      expect([none.data.records.length, none.data.total]).toEqual([0, 0]);
    });

    it('filters by status, company and user type; refuses a company of another tenant', async () => {
      const locked = await t.call(userCalls.list, { status: 'auto_locked' }, owner);
      expect(locked.data.records.map((u) => u.email)).toEqual(['locked@installer.test']);
      expect(locked.data.records[0].actions).toEqual(expect.arrayContaining(['unlock', 'disable', 'delete']));
      const ofDealer = await t.call(userCalls.list, { companyId: t.world.companies.dealerA.id, pageSize: 50 }, owner);
      expect(ofDealer.data.total).toBe(4);
      const distributors = await t.call(userCalls.list, { userType: 'distributor', pageSize: 50 }, owner);
      expect(distributors.data.records.every((u) => u.userType === 'distributor')).toBe(true);
      const other = await t.call(userCalls.list, { companyId: t.world.companies.partnerB.id }, owner);
      expect(other.basic.code).toBe(ErrorCodes.notFound);
      // A distributor sees only its own subtree.
      const mine = await t.call(userCalls.list, { pageSize: 100 }, dealer);
      expect(mine.data.records.map((u) => u.companyName)).not.toContain('Partner A');
    });

    it('answers what the caller may do to each user', async () => {
      const r = await t.call(userCalls.list, { pageSize: 100 }, owner);
      const self = r.data.records.find((u) => u.email === 'owner-a@test.local')!;
      expect(self.actions).toEqual(['edit']);
      const staff = r.data.records.find((u) => u.email === 'staff-00@acme.test')!;
      expect(staff.actions).toEqual(['edit', 'editPermissions', 'resetPassword', 'disable', 'delete']);
      // The distributor holds only the query code: no actions at all.
      const seen = await t.call(userCalls.list, {}, dealer);
      expect(seen.data.records.every((u) => u.actions.length === 0)).toBe(true);
    });
  });

  describe('invite and register', () => {
    it('creates an unregistered user and e-mails a one-time link that sets nickname and password', async () => {
      const r = await invite('new.hire@acme.test', { authResList: ['dealer_account_qry'], phone: '+86 138' });
      expect(r.basic.code, r.basic.msg).toBe(200);
      const detail = await t.call(userCalls.get, { userId: r.data.userId }, owner);
      expect(detail.data).toMatchObject({
        status: 'normal',
        registered: false,
        authResList: ['dealer_account_qry'],
        companyId: t.world.companies.partnerA.id,
        actions: ['edit', 'editPermissions', 'reinvite', 'disable', 'delete'],
      });
      const mail = await t.lastMailTo('new.hire@acme.test');
      expect(mail!.text).toContain(`/customer/user-register/${t.world.companies.partnerA.id}/${r.data.userId}/`);
      // Cannot log in before registering.
      const early = await t.call(authCalls.login, { account: 'new.hire@acme.test', password: PASSWORD });
      expect(early.basic.code).toBe(ErrorCodes.wrongCredentials);

      const link = await linkOf('new.hire@acme.test');
      const check = await t.call(userCalls.registerCheck, link, null);
      expect(check.data).toMatchObject({ purpose: 'register', email: 'new.hire@acme.test', companyName: 'Partner A' });
      // A tampered link part is refused.
      const tampered = await t.call(userCalls.registerCheck, { ...link, emailMd5: '0'.repeat(32) }, null);
      expect(tampered.basic.code).toBe(ErrorCodes.linkInvalid);
      const otherCorp = await t.call(userCalls.registerCheck, { ...link, corpId: t.world.companies.partnerB.id }, null);
      expect(otherCorp.basic.code).toBe(ErrorCodes.linkInvalid);

      // SPEC §5: 8-16 characters, two kinds; confirm must match.
      const weak = await t.call(
        userCalls.register,
        { ...link, nickName: 'New Hire', password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        null,
      );
      expect(weak.basic.code).toBe(ErrorCodes.invalidParams);
      const long = await t.call(
        userCalls.register,
        { ...link, nickName: 'New Hire', password: 'Abcdefgh12345678x', confirmPassword: 'Abcdefgh12345678x' },
        null,
      );
      expect(long.basic.code).toBe(ErrorCodes.invalidParams);
      const mismatch = await t.call(
        userCalls.register,
        { ...link, nickName: 'New Hire', password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
        null,
      );
      expect(mismatch.basic.code).toBe(ErrorCodes.invalidParams);
      expect(mismatch.basic.msg).toContain('do not match');
      const noNick = await t.call(userCalls.register, { ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, null);
      expect(noNick.basic.code).toBe(ErrorCodes.invalidParams);

      const ok = await t.call(
        userCalls.register,
        { ...link, nickName: 'New Hire', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        null,
      );
      expect(ok.basic.code, ok.basic.msg).toBe(200);
      const again = await t.call(
        userCalls.register,
        { ...link, nickName: 'Again', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        null,
      );
      expect(again.basic.code).toBe(ErrorCodes.linkInvalid);
      const s = await t.login('new.hire@acme.test', NEW_PASSWORD);
      expect(s.user).toMatchObject({ nickName: 'New Hire', authResList: ['dealer_account_qry'], mobile: '+86 138' });
    });

    it('invites into a downstream company; never into another tenant (1004)', async () => {
      const r = await invite('downstream@dealer.test', { companyId: t.world.companies.dealerA.id });
      expect(r.basic.code).toBe(200);
      const d = await t.call(userCalls.get, { userId: r.data.userId }, owner);
      expect(d.data).toMatchObject({ userType: 'distributor', companyName: 'Dealer A1' });
      const other = await invite('x@partner-b.test', { companyId: t.world.companies.partnerB.id });
      expect(other.basic.code).toBe(ErrorCodes.notFound);
    });

    it('refuses an invitation once the company has reached its user limit (7045)', async () => {
      const live = (await t.database.db.select().from(users).where(eq(users.companyId, t.world.companies.installerA.id))).filter(
        (u) => u.status !== 'deleted',
      ).length;
      await t.database.db
        .update(companies)
        .set({ userLimit: live + 1 })
        .where(eq(companies.id, t.world.companies.installerA.id));
      const first = await invite('limit-1@installer.test', { companyId: t.world.companies.installerA.id });
      expect(first.basic.code, first.basic.msg).toBe(200);
      const second = await invite('limit-2@installer.test', { companyId: t.world.companies.installerA.id });
      expect(second.basic.code).toBe(ErrorCodes.userLimitReached);
      expect(second.basic.msg).toContain(String(live + 1));
      await t.database.db.update(companies).set({ userLimit: 100 }).where(eq(companies.id, t.world.companies.installerA.id));
    });

    it('answers 7021 to a repeated invitation within the window and 7016 to an existing user', async () => {
      const first = await invite('twice@acme.test');
      expect(first.basic.code).toBe(200);
      const again = await invite('twice@acme.test');
      expect(again.basic.code).toBe(ErrorCodes.invitationAlreadySent);
      expect(again.basic.msg).toMatch(/do not operate frequently/i);
      const zh = await t.call(userCalls.invite, { email: 'twice@acme.test' }, owner, { locale: 'zh-CN' });
      expect(zh.basic.msg).toBe('邀请已发送，请勿频繁操作。');
      const reinvite = await t.call(userCalls.reinvite, { userId: first.data.userId }, owner);
      expect(reinvite.basic.code).toBe(ErrorCodes.invitationAlreadySent);
      const existing = await invite('staff-01@acme.test');
      expect(existing.basic.code).toBe(ErrorCodes.userExists);
      // Upper case is the same address.
      const upper = await invite('STAFF-01@ACME.TEST');
      expect(upper.basic.code).toBe(ErrorCodes.userExists);
      t.clock.advance(61_000);
      const later = await invite('twice@acme.test');
      expect(later.basic.code).toBe(ErrorCodes.userExists);
    });

    it('re-invites with a fresh link; the old one stops working; a registered user cannot be re-invited (1017)', async () => {
      const r = await invite('reinvite@acme.test');
      const oldLink = await linkOf('reinvite@acme.test');
      t.clock.advance(61_000);
      const again = await t.call(userCalls.reinvite, { userId: r.data.userId }, owner);
      expect(again.basic.code).toBe(200);
      const newLink = await linkOf('reinvite@acme.test');
      expect(newLink.token).not.toBe(oldLink.token);
      expect((await t.call(userCalls.registerCheck, oldLink, null)).basic.code).toBe(ErrorCodes.linkInvalid);
      expect((await t.call(userCalls.registerCheck, newLink, null)).basic.code).toBe(200);
      const registered = await t.call(userCalls.reinvite, { userId: ids.admin }, owner);
      expect(registered.basic.code).toBe(ErrorCodes.illegalTransition);
    });

    it('expires the link after the invitation days', async () => {
      await invite('late@acme.test');
      const link = await linkOf('late@acme.test');
      t.clock.advance(USER_INVITE_TTL_DAYS * 86_400_000 + 1000);
      const r = await t.call(
        userCalls.register,
        { ...link, nickName: 'Late', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        null,
      );
      expect(r.basic.code).toBe(ErrorCodes.linkInvalid);
    });

    it('refuses an address added and deleted repeatedly with 20052 and the minutes to wait', async () => {
      for (let i = 0; i < 3; i++) {
        const r = await invite('churn@acme.test');
        expect(r.basic.code, r.basic.msg).toBe(200);
        const del = await t.call(userCalls.delete, { userId: r.data.userId }, owner);
        expect(del.data.status).toBe('deleted');
        t.clock.advance(5 * 60_000);
      }
      const refused = await invite('churn@acme.test');
      expect(refused.basic.code).toBe(ErrorCodes.emailChurn);
      expect(refused.basic.params?.minutes).toBe(EMAIL_CHURN_WINDOW_MINUTES - 15);
      expect(refused.basic.msg).toContain(`${EMAIL_CHURN_WINDOW_MINUTES - 15} minutes`);
      t.clock.advance((EMAIL_CHURN_WINDOW_MINUTES - 14) * 60_000);
      owner = await t.login('owner-a@test.local');
      expect((await invite('churn@acme.test')).basic.code).toBe(200);
    });
  });

  describe('granting only what you hold', () => {
    it('refuses a code, area, application or company range the caller does not hold (1005)', async () => {
      const { areas, companies } = t.world;
      expect((await invite('g1@acme.test', { authResList: ['supplier_system_mgr'] })).basic.code).toBe(ErrorCodes.forbidden);
      expect((await invite('g2@acme.test', { areaIds: [areas.us.id] })).basic.code).toBe(ErrorCodes.forbidden);
      expect((await invite('g3@acme.test', { companyIds: [companies.partnerB.id] })).basic.code).toBe(ErrorCodes.forbidden);
      // A range must lie below the user's company.
      expect((await invite('g4@dealer.test', { companyId: companies.dealerA.id, companyIds: [companies.partnerA.id] })).basic.code).toBe(
        ErrorCodes.forbidden,
      );
      const ok = await invite('g5@acme.test', {
        areaIds: [areas.eu.id],
        companyIds: [companies.dealerA.id],
        appIds: ['app.acme.view'],
        authResList: ['dealer_storage_qry', 'dealer_upgrade_qry'],
      });
      expect(ok.basic.code, ok.basic.msg).toBe(200);
      // The administrator holds only account codes: granting storage is refused.
      const admin = await t.login('admin-a@test.local');
      expect((await invite('g6@acme.test', { authResList: ['dealer_storage_qry'] }, admin)).basic.code).toBe(ErrorCodes.forbidden);
      expect((await invite('g7@acme.test', { authResList: ['dealer_account_qry'] }, admin)).basic.code).toBe(200);
    });

    it('never grants partner-only codes to a distributor, and says so in grantable', async () => {
      const { companies } = t.world;
      for (const code of PARTNER_ONLY_CODES) {
        const r = await invite(`po-${code}@dealer.test`, { companyId: companies.dealerA.id, authResList: [code] });
        expect(r.basic.code, code).toBe(ErrorCodes.forbidden);
      }
      const forDealer = await t.call(userCalls.grantable, { companyId: companies.dealerA.id }, owner);
      expect(forDealer.data.codes.some((c) => PARTNER_ONLY_CODES.includes(c))).toBe(false);
      expect(forDealer.data.codes).toContain('dealer_storage_qry');
      const forPartner = await t.call(userCalls.grantable, {}, owner);
      expect(forPartner.data.codes).toEqual(expect.arrayContaining([...PARTNER_ONLY_CODES]));
      expect(forPartner.data.areas.map((a) => a.displayName).sort()).toEqual(['Europe', 'Global (RDC)']);
      expect((await t.call(userCalls.grantable, { companyId: companies.partnerB.id }, owner)).basic.code).toBe(ErrorCodes.notFound);
    });

    it('edits nickname, phone and permissions; an edit may only change codes the caller holds', async () => {
      const userId = await inviteAndRegister('edit.me@acme.test', { authResList: ['dealer_account_qry'] });
      const base = {
        userId,
        nickName: 'Edited',
        phone: '123',
        authResList: ['dealer_account_qry', 'dealer_storage_qry'] as never,
        areaIds: [],
        companyIds: [],
        appIds: [],
      };
      const r = await t.call(userCalls.edit, base, owner);
      expect(r.basic.code, r.basic.msg).toBe(200);
      expect((await t.call(userCalls.get, { userId }, owner)).data).toMatchObject({
        nickName: 'Edited',
        phone: '123',
        authResList: ['dealer_account_qry', 'dealer_storage_qry'],
      });
      const admin = await t.login('admin-a@test.local');
      // Removing dealer_storage_qry, which the administrator does not hold, is refused.
      const refused = await t.call(userCalls.edit, { ...base, authResList: ['dealer_account_qry'] as never }, admin);
      expect(refused.basic.code).toBe(ErrorCodes.forbidden);
      // Changing only what it holds is fine, and keeps the rest.
      const fine = await t.call(userCalls.edit, { ...base, authResList: ['dealer_storage_qry'] as never }, admin);
      expect(fine.basic.code).toBe(200);
      const invalidPhone = await t.call(userCalls.edit, { ...base, phone: 'call me' }, owner);
      expect(invalidPhone.basic.code).toBe(ErrorCodes.invalidParams);
    });

    it('refuses changing your own permissions (7033) but lets you change your own nickname', async () => {
      const me = (await t.call(userCalls.get, { userId: t.world.users.ownerA.id }, owner)).data;
      const same = {
        userId: me.id,
        nickName: 'Owner A',
        phone: '',
        authResList: me.authResList,
        areaIds: me.areaIds,
        companyIds: me.companyIds,
        appIds: me.appIds,
      };
      expect((await t.call(userCalls.edit, same, owner)).basic.code).toBe(200);
      const fewer = await t.call(userCalls.edit, { ...same, authResList: me.authResList.filter((c) => c !== 'dealer_account_mgr') }, owner);
      expect(fewer.basic.code).toBe(ErrorCodes.cannotOperateSelf);
    });
  });

  describe('state transitions (user-account machine)', () => {
    it('disable -> operation_locked (login and sessions refused 7090), enable -> normal; illegal moves 1017', async () => {
      const userId = await inviteAndRegister('toggle@acme.test');
      const session = await t.login('toggle@acme.test');
      const off = await t.call(userCalls.enable, { userId, enable: false }, owner);
      expect(off.data.status).toBe('operation_locked');
      expect((await t.call(authCalls.me, {}, session)).basic.code).toBe(ErrorCodes.accountDisabled);
      expect((await t.call(authCalls.login, { account: 'toggle@acme.test', password: PASSWORD })).basic.code).toBe(
        ErrorCodes.accountDisabled,
      );
      expect((await t.call(userCalls.enable, { userId, enable: false }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await t.call(userCalls.unlock, { userId }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      expect((await t.call(userCalls.resetPassword, { userId }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      const on = await t.call(userCalls.enable, { userId, enable: true }, owner);
      expect(on.data.status).toBe('normal');
      expect((await t.call(userCalls.enable, { userId, enable: true }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      await t.login('toggle@acme.test');
    });

    it('auto_locked -> unlock -> normal; auto_locked -> disable -> operation_locked', async () => {
      const r = await t.call(userCalls.unlock, { userId: ids.locked }, owner);
      expect(r.data.status).toBe('normal');
      expect((await t.call(userCalls.unlock, { userId: ids.locked }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
      // Five wrong passwords lock the account again (autoLock); an administrator may then disable it.
      for (let i = 0; i < 5; i++) await t.call(authCalls.login, { account: 'locked@installer.test', password: 'Wrong#pass1' });
      const listed = await t.call(userCalls.list, { status: 'auto_locked' }, owner);
      expect(listed.data.records.map((u) => u.id)).toContain(ids.locked);
      expect((await t.call(userCalls.enable, { userId: ids.locked, enable: false }, owner)).data.status).toBe('operation_locked');
    });

    it('delete -> deleted (final, address freed, sessions refused 10002)', async () => {
      const userId = await inviteAndRegister('bye@acme.test');
      const session = await t.login('bye@acme.test');
      const del = await t.call(userCalls.delete, { userId }, owner);
      expect(del.data.status).toBe('deleted');
      expect((await t.call(authCalls.me, {}, session)).basic.code).toBe(ErrorCodes.accountDeleted);
      for (const call of [
        t.call(userCalls.delete, { userId }, owner),
        t.call(userCalls.enable, { userId, enable: true }, owner),
        t.call(userCalls.enable, { userId, enable: false }, owner),
        t.call(userCalls.unlock, { userId }, owner),
      ]) {
        expect((await call).basic.code).toBe(ErrorCodes.illegalTransition);
      }
      // Hidden from the list unless asked for; shown with its former address.
      const live = await t.call(userCalls.list, { searchText: 'bye@' }, owner);
      expect(live.data.total).toBe(0);
      const deleted = await t.call(userCalls.list, { status: 'deleted', pageSize: 100 }, owner);
      expect(deleted.data.records.find((u) => u.id === userId)).toMatchObject({ email: 'bye@acme.test', actions: [] });
      // Searching the deleted users finds it by the address it had.
      const byFormer = await t.call(userCalls.list, { status: 'deleted', searchText: 'BYE@acme' }, owner);
      expect(byFormer.data.records.map((u) => u.id)).toEqual([userId]);
      expect((await t.call(authCalls.login, { account: 'bye@acme.test', password: PASSWORD })).basic.code).toBe(
        ErrorCodes.wrongCredentials,
      );
      // The address can be invited again.
      expect((await invite('bye@acme.test')).basic.code).toBe(200);
    });

    it('reset password: e-mails a one-time link; the new password works, the lock lifts, sessions end', async () => {
      const userId = await inviteAndRegister('forgetful@acme.test');
      const session = await t.login('forgetful@acme.test');
      for (let i = 0; i < 5; i++) await t.call(authCalls.login, { account: 'forgetful@acme.test', password: 'Wrong#pass1' });
      const r = await t.call(userCalls.resetPassword, { userId }, owner);
      expect(r.basic.code).toBe(200);
      expect((await t.call(userCalls.resetPassword, { userId }, owner)).basic.code).toBe(ErrorCodes.invitationAlreadySent);
      const mail = await t.lastMailTo('forgetful@acme.test');
      expect(mail!.subject).toMatch(/reset your password/i);
      const link = await linkOf('forgetful@acme.test');
      expect((await t.call(userCalls.registerCheck, link, null)).data.purpose).toBe('reset');
      const done = await t.call(userCalls.register, { ...link, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, null);
      expect(done.basic.code, done.basic.msg).toBe(200);
      expect((await t.call(authCalls.me, {}, session)).basic.code).toBe(ErrorCodes.loggedInElsewhere);
      const s = await t.login('forgetful@acme.test', NEW_PASSWORD);
      expect(s.user.userId).toBe(userId);
      // An unregistered user gets a new invitation instead.
      const pending = await invite('pending.reset@acme.test');
      expect((await t.call(userCalls.resetPassword, { userId: pending.data.userId }, owner)).basic.code).toBe(ErrorCodes.notRegistered);
    });

    it('refuses disabling, deleting or resetting yourself (7033) and managing a higher rank (1005)', async () => {
      const self = t.world.users.ownerA.id;
      expect((await t.call(userCalls.enable, { userId: self, enable: false }, owner)).basic.code).toBe(ErrorCodes.cannotOperateSelf);
      expect((await t.call(userCalls.delete, { userId: self }, owner)).basic.code).toBe(ErrorCodes.cannotOperateSelf);
      expect((await t.call(userCalls.resetPassword, { userId: self }, owner)).basic.code).toBe(ErrorCodes.cannotOperateSelf);
      const admin = await t.login('admin-a@test.local');
      expect((await t.call(userCalls.enable, { userId: self, enable: false }, admin)).basic.code).toBe(ErrorCodes.forbidden);
      expect((await t.call(userCalls.delete, { userId: self }, admin)).basic.code).toBe(ErrorCodes.forbidden);
    });

    it("refuses another tenant's users for every action (1004)", async () => {
      const other = t.world.users.ownerB.id;
      expect((await t.call(userCalls.get, { userId: other }, owner)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(userCalls.delete, { userId: other }, owner)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(userCalls.enable, { userId: other, enable: false }, owner)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(userCalls.resetPassword, { userId: other }, owner)).basic.code).toBe(ErrorCodes.notFound);
      // A distributor cannot reach its partner's users either.
      const d = await t.login('dealer-a@test.local');
      expect((await t.call(userCalls.get, { userId: t.world.users.ownerA.id }, d)).basic.code).toBe(ErrorCodes.notFound);
    });
  });

  describe('own account', () => {
    it('gets and sets nickname and phone', async () => {
      const s = await t.login('dealer-a@test.local');
      const set = await t.call(userCalls.infoSet, { nickName: 'Dealer Dan', phone: '+49 1' }, s);
      expect(set.data).toMatchObject({ nickName: 'Dealer Dan', phone: '+49 1', email: 'dealer-a@test.local', companyName: 'Dealer A1' });
      expect((await t.call(userCalls.infoGet, {}, s)).data.nickName).toBe('Dealer Dan');
      expect((await t.call(userCalls.infoSet, { nickName: ' ', phone: '' }, s)).basic.code).toBe(ErrorCodes.invalidParams);
    });

    it('changes the password with the old one (7014 when wrong); other sessions end', async () => {
      await inviteAndRegister('pw@acme.test');
      const a = await t.login('pw@acme.test');
      const b = await t.login('pw@acme.test');
      const wrong = await t.call(
        userCalls.changePassword,
        { oldPassword: 'Not#the1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        a,
      );
      expect(wrong.basic.code).toBe(ErrorCodes.oldPasswordWrong);
      const weak = await t.call(userCalls.changePassword, { oldPassword: PASSWORD, password: '12345678', confirmPassword: '12345678' }, a);
      expect(weak.basic.code).toBe(ErrorCodes.invalidParams);
      const ok = await t.call(
        userCalls.changePassword,
        { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        a,
      );
      expect(ok.basic.code).toBe(200);
      expect((await t.call(authCalls.me, {}, a)).basic.code).toBe(200);
      expect((await t.call(authCalls.me, {}, b)).basic.code).toBe(ErrorCodes.loggedInElsewhere);
      await t.login('pw@acme.test', NEW_PASSWORD);
    });

    it('unregister: the only owner of a company with users cannot; others can with their password', async () => {
      const check = await t.call(userCalls.unregisterCheck, {}, owner);
      expect(check.data).toEqual({ allowed: false, blockers: ['onlyOwnerWithUsers', 'onlyOwnerWithCompanies'] });
      expect((await t.call(userCalls.unregister, { password: PASSWORD }, owner)).basic.code).toBe(ErrorCodes.unregisterRefused);
      await inviteAndRegister('leaver@acme.test');
      const s = await t.login('leaver@acme.test');
      expect((await t.call(userCalls.unregisterCheck, {}, s)).data.allowed).toBe(true);
      expect((await t.call(userCalls.unregister, { password: 'Wrong#pass1' }, s)).basic.code).toBe(ErrorCodes.passwordWrong);
      const other = await t.login('leaver@acme.test');
      expect((await t.call(userCalls.unregister, { password: PASSWORD }, s)).basic.code).toBe(200);
      expect((await t.call(authCalls.me, {}, other)).basic.code).not.toBe(200);
      expect((await t.call(authCalls.login, { account: 'leaver@acme.test', password: PASSWORD })).basic.code).toBe(
        ErrorCodes.wrongCredentials,
      );
    });

    it('keeps user-configs per user: put, list, delete', async () => {
      const a = await t.login('owner-a@test.local');
      const b = await t.login('dealer-a@test.local');
      expect(
        (await t.call(userCalls.configPut, { key: 'usersTable', value: { pageSize: 20, columns: ['email', 'status'] } }, a)).basic.code,
      ).toBe(200);
      expect((await t.call(userCalls.configPut, { key: 'usersTable', value: { pageSize: 50, columns: ['email'] } }, a)).basic.code).toBe(
        200,
      );
      const list = await t.call(userCalls.configList, {}, a);
      expect(list.data.records.map((r) => [r.key, r.value])).toEqual([['usersTable', { pageSize: 50, columns: ['email'] }]]);
      expect((await t.call(userCalls.configList, {}, b)).data.records).toEqual([]);
      expect((await t.call(userCalls.configPut, { key: 'bad key!', value: 1 }, a)).basic.code).toBe(ErrorCodes.invalidParams);
      expect((await t.call(userCalls.configPut, { key: 'huge', value: 'x'.repeat(9000) }, a)).basic.code).toBe(ErrorCodes.invalidParams);
      expect((await t.call(userCalls.configDelete, { key: 'usersTable' }, a)).basic.code).toBe(200);
      expect((await t.call(userCalls.configList, {}, a)).data.records).toEqual([]);
    });
  });

  // Last: it adds a company of its own.
  describe('the copy of the company path', () => {
    it("keeps every user's copy of its company's path (migration 0022 triggers), whichever way the user was written", async () => {
      // A company's path is written after its row (its id is part of it), possibly after its first user.
      const [c] = await t.database.db
        .insert(companies)
        .values({ parentId: null, path: 'pending', depth: 0, type: 'partner', level: 0, name: 'Path Probe' })
        .returning();
      const u = await createUser(t.database, { companyId: c.id, email: 'path-probe@probe.test', userType: 'partner', userAuthType: 1 });
      const pathOf = async (id: number) =>
        (await t.database.query<{ company_path: string }>('select company_path from users where id = $1', [id])).rows[0]?.company_path;
      expect(await pathOf(u.id)).toBe('pending');
      await t.database.db
        .update(companies)
        .set({ path: `/${c.id}/` })
        .where(eq(companies.id, c.id));
      expect(await pathOf(u.id)).toBe(`/${c.id}/`);
      // Written by hand, the copy is put back.
      await t.database.query(`update users set company_path = '/1/' where id = $1`, [u.id]);
      expect(await pathOf(u.id)).toBe(`/${c.id}/`);
      // Every user of the world, whatever made it, agrees with its company.
      const off = await t.database.query<{ n: number }>(
        'select count(*)::int as n from users u join companies c on c.id = u.company_id where u.company_path <> c.path',
      );
      expect(off.rows[0].n).toBe(0);
    });
  });
});
