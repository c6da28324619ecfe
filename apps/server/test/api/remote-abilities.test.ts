/**
 * Remote access stays remote on the screens too (issue 11 §1.2 with §2): every call a remote-access
 * visit may not make (`remoteForbidden`, refused with 7050 by the router) is also left out of the
 * abilities the server answers to that visit, wherever a screen offers it (an entity's `actions`, a
 * module's abilities call, the own account's `actions`), so the web, which offers only what is
 * answered, never shows it. The account's own session is offered each of them.
 *
 * The visit: the supplier opens partner B (a partner, so that every kind of invitation, application
 * keys, push settings and payee accounts are the visited account's to manage).
 */
import {
  ALL_CALLS,
  appKeyCalls,
  authCalls,
  DAY_MS,
  ErrorCodes,
  OWN_ACCOUNT_ACTIONS,
  partnerCalls,
  pushSettingsCalls,
  ssoCalls,
  storageCalls,
  userCalls,
  companyCalls,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invitations, users } from '../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';
import { createCompany, createUser } from '../support/fixtures';

describe.each(ENGINES)('a remote-access visit is not offered what it may not do (%s)', (engine) => {
  let t: TestApp;
  let own: Session;
  let remote: Session;
  /** Partner B's objects each remote-forbidden action would be taken on. */
  const ids = { staff: 0, unregistered: 0, openToVisits: 0, invited: { installer: 0, distributor: 0, customer: 0 } };

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { companies: c, areas, users: u } = t.world;
    const B = c.partnerB;
    ids.staff = (await createUser(t.database, { companyId: B.id, email: 'staff-b@test.local', userType: 'partner', userAuthType: 3 })).id;
    const invitedUser = await createUser(t.database, {
      companyId: B.id,
      email: 'invited-b@test.local',
      userType: 'partner',
      userAuthType: 3,
    });
    await t.database.db.update(users).set({ registered: false }).where(eq(users.id, invitedUser.id));
    ids.unregistered = invitedUser.id;

    // A company of each kind invited by partner B two minutes ago (a re-invite is not "too frequent").
    for (const kind of ['installer', 'distributor', 'customer'] as const) {
      const invited = await createCompany(t.database, {
        parentId: B.id,
        type: kind,
        level: kind === 'distributor' ? 2 : 0,
        name: `Invited ${kind}`,
        areaId: areas.us.id,
        status: 'inactive',
      });
      await t.database.db.insert(invitations).values({
        kind,
        companyId: invited.id,
        inviterCompanyId: B.id,
        inviterUserId: u.ownerB.id,
        name: invited.name,
        email: `invited-${kind}@test.local`,
        createdAt: new Date(t.clock.now() - 120_000),
        expiresAt: new Date(t.clock.now() + 7 * DAY_MS),
      });
      ids.invited[kind] = invited.id;
    }
    // A downstream installer that lets its superiors in, with its owner.
    const open = await createCompany(t.database, { parentId: B.id, type: 'installer', name: 'Open Installer', areaId: areas.us.id });
    await createUser(t.database, { companyId: open.id, email: 'open-installer@test.local', userType: 'installer' });
    await t.database.db.update(companies).set({ allowSuperiorAccess: true }).where(eq(companies.id, open.id));
    ids.openToVisits = open.id;

    // The supplier visits partner B, which allows it.
    await t.database.db.update(companies).set({ allowSuperiorAccess: true }).where(eq(companies.id, B.id));
    const supplier = await t.login('supplier@test.local');
    const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: B.id }, supplier);
    expect(link.basic.code, link.basic.msg).toBe(200);
    const [, , grantId, token, coId] = link.data.path.split('/');
    const visit = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token: token!, coId: Number(coId) }, null);
    expect(visit.basic.code, visit.basic.msg).toBe(200);
    remote = visit.data;
    expect(visit.data.user.remoteAccess).not.toBeNull();
    own = await t.login('owner-b@test.local');
  });
  afterAll(() => t?.close());

  const companyActions = async (companyId: number, s: Session) => (await t.call(companyCalls.get, { companyId }, s)).data.actions;
  const userActions = async (userId: number, s: Session) => (await t.call(userCalls.get, { userId }, s)).data.actions;
  const ownActions = async (s: Session) => (await t.call(userCalls.infoGet, {}, s)).data.actions;

  /**
   * Where the web offers each remote-forbidden call: whether the session is offered it (read from
   * the answer the screen shows it by), or why no screen offers it at all.
   */
  const OFFERED_BY: Record<string, ((s: Session) => Promise<boolean>) | { noScreen: string }> = {
    [ssoCalls.createSsoToken.path]: { noScreen: 'no screen mints a single-sign-on token; scripts and regional hosts call it' },
    // The account dialog's tabs (customer/user/info/get `actions`).
    [authCalls.emailBind.path]: async (s) => (await ownActions(s)).includes('bindEmail'),
    [authCalls.emailBindCode.path]: async (s) => (await ownActions(s)).includes('bindEmail'),
    [userCalls.changePassword.path]: async (s) => (await ownActions(s)).includes('changePassword'),
    [userCalls.unregister.path]: async (s) => (await ownActions(s)).includes('unregister'),
    // Users: the page's invite button (customer/user/abilities) and each user's menu.
    [userCalls.invite.path]: async (s) => (await t.call(userCalls.abilities, {}, s)).data.actions.includes('inviteUser'),
    [userCalls.reinvite.path]: async (s) => (await userActions(ids.unregistered, s)).includes('reinvite'),
    [userCalls.resetPassword.path]: async (s) => (await userActions(ids.staff, s)).includes('resetPassword'),
    // Downstream companies: the invite button's kinds (customer/partner/abilities) and each company's actions.
    [partnerCalls.inviteInstaller.path]: async (s) =>
      (await t.call(partnerCalls.abilities, {}, s)).data.actions.includes('inviteInstaller'),
    [partnerCalls.inviteDealer.path]: async (s) => (await t.call(partnerCalls.abilities, {}, s)).data.actions.includes('inviteDistributor'),
    [partnerCalls.inviteSubCustomer.path]: async (s) =>
      (await t.call(partnerCalls.abilities, {}, s)).data.actions.includes('inviteCustomer'),
    [partnerCalls.reinviteInstaller.path]: async (s) => (await companyActions(ids.invited.installer, s)).includes('reinvite'),
    [partnerCalls.reinviteDealer.path]: async (s) => (await companyActions(ids.invited.distributor, s)).includes('reinvite'),
    [partnerCalls.reinviteSubCustomer.path]: async (s) => (await companyActions(ids.invited.customer, s)).includes('reinvite'),
    [partnerCalls.createRemoteAccessLink.path]: async (s) => (await companyActions(ids.openToVisits, s)).includes('remoteAccess'),
    // Corporate information: the consent switch.
    [partnerCalls.setRemoteAccess.path]: async (s) => (await t.call(partnerCalls.corpInfo, {}, s)).data.actions.includes('setRemoteAccess'),
    // Applications: the create button (app/abilities) and each key's rotate.
    [appKeyCalls.create.path]: async (s) => (await t.call(appKeyCalls.abilities, {}, s)).data.actions.includes('createKey'),
    [appKeyCalls.rotate.path]: async (s) => {
      const keys = (await t.call(appKeyCalls.list, { pageSize: 100 }, s)).data.records;
      expect(keys.length).toBeGreaterThan(0);
      return keys.some((k) => k.actions.includes('rotate'));
    },
    // Push settings and payee accounts: configure.
    [pushSettingsCalls.save.path]: async (s) => {
      const apps = (await t.call(pushSettingsCalls.list, {}, s)).data.records;
      expect(apps.length).toBeGreaterThan(0);
      return apps.some((a) => a.actions.includes('configure'));
    },
    [storageCalls.payeeSave.path]: async (s) =>
      (await t.call(storageCalls.payeeList, {}, s)).data.accounts.some((a) => a.actions.includes('configure')),
  };

  it('knows where the web offers every remote-forbidden call', () => {
    const marked = ALL_CALLS.filter((c) => c.remoteForbidden)
      .map((c) => c.path)
      .sort();
    expect(Object.keys(OFFERED_BY).sort()).toEqual(marked);
  });

  it.each(Object.keys(OFFERED_BY).filter((p) => typeof OFFERED_BY[p] === 'function'))(
    '%s: offered to the account itself, never to the visit',
    async (path) => {
      const offered = OFFERED_BY[path] as (s: Session) => Promise<boolean>;
      expect(await offered(own), 'the account itself').toBe(true);
      expect(await offered(remote), 'the remote visit').toBe(false);
    },
  );

  it("answers the visit the own account's profile only, and the account holder every tab", async () => {
    expect(await ownActions(own)).toEqual([...OWN_ACCOUNT_ACTIONS]);
    expect(await ownActions(remote)).toEqual(['editProfile']);
    // The profile is the visited account's (a visit may fix a typo); the credentials are not.
    const set = await t.call(userCalls.infoSet, { nickName: 'Fixed by HQ', phone: '' }, remote);
    expect(set.basic.code, set.basic.msg).toBe(200);
    expect(set.data.actions).toEqual(['editProfile']);
    const unregister = await t.call(userCalls.unregister, { password: 'whatever' }, remote);
    expect(unregister.basic.code).toBe(ErrorCodes.remoteAccessForbidden);
  });
});
