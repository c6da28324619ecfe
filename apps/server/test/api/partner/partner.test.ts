/**
 * The partner network: invitations (installer, dealer, sub-customer), registration through signed
 * links, registration audit, company administration (update, freeze, undo invite, statistics),
 * corporate information with the logo, and remote access.
 */
import {
  API_PREFIX,
  authCalls,
  buildBasic,
  companyCalls,
  DAY_MS,
  ErrorCodes,
  FILE_UPLOAD_PATH,
  INVITE_CHURN_WINDOW_MINUTES,
  partnerCalls,
  REMOTE_LINK_TTL_MINUTES,
  REMOTE_SESSION_MINUTES,
  systemCalls,
} from '@portal/contract';
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mails, operationLogs } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createCompany, createUser, PASSWORD } from '../../support/fixtures';
import { crc32, makePng } from '../../lib/helpers/images';

const NEW_PASSWORD = 'Reg1ster#pw';

function linkParts(text: string) {
  const m = /https?:\/\/[^/\s]+\/customer\/(company-register|sub-company-register)\/(\d+)\/([0-9a-f]+)/.exec(text);
  if (!m) throw new Error(`no registration link in: ${text}`);
  return { route: m[1], inviteId: Number(m[2]), sign: m[3] };
}

const registration = (inviteId: number, sign: string, over: Record<string, unknown> = {}) => ({
  inviteId,
  sign,
  companyName: 'Registered Co',
  contact: 'Ann Lee',
  telephone: '+49 30 1234',
  nickName: 'Ann',
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...over,
});

describe.each(ENGINES)('partner network (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;

  async function relogin() {
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
  }

  async function inviteInstaller(email: string, name = 'Invited Installer') {
    const r = await t.call(partnerCalls.inviteInstaller, { name, email }, owner);
    expect(r.basic.code, r.basic.msg).toBe(200);
    const mail = await t.lastMailTo(email);
    return { ...r.data, mail: mail!, link: linkParts(mail!.text) };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await relogin();
  });
  afterAll(() => t?.close());

  describe('installer invitation and registration', () => {
    let invited: Awaited<ReturnType<typeof inviteInstaller>>;

    it('validates name and e-mail (SPEC §5: both required)', async () => {
      const noName = await t.call(partnerCalls.inviteInstaller, { name: ' ', email: 'x@inv.test' }, owner);
      expect(noName.basic.code).toBe(ErrorCodes.invalidParams);
      const badMail = await t.call(partnerCalls.inviteInstaller, { name: 'X', email: 'not-an-email' }, owner);
      expect(badMail.basic.code).toBe(ErrorCodes.invalidParams);
    });

    it('creates a not-activated company under the inviter and e-mails a signed company-register link', async () => {
      invited = await inviteInstaller('new.installer@inv.test', 'Nordic Installers');
      expect(invited.link.route).toBe('company-register');
      expect(invited.link.inviteId).toBe(invited.inviteId);
      expect(invited.mail.text).toContain('7');
      const list = await t.call(companyCalls.list, { status: 'inactive' }, owner);
      const row = list.data.records.find((c) => c.id === invited.companyId)!;
      expect(row).toMatchObject({
        name: 'Nordic Installers',
        type: 'installer',
        status: 'inactive',
        parentId: t.world.companies.partnerA.id,
      });
      const detail = await t.call(partnerCalls.companyDetail, { companyId: invited.companyId }, owner);
      expect(detail.data.invitation).toMatchObject({ state: 'valid', email: 'new.installer@inv.test', kind: 'installer' });
      expect(detail.data.company.actions).toEqual(['update', 'reinvite', 'undoInvite']);
      // The list answers the same abilities as the detail (one policy).
      expect(row.actions).toEqual(detail.data.company.actions);
      const [c] = await t.database.db.select().from(companies).where(eq(companies.id, invited.companyId));
      expect(c.path).toBe(`${t.world.companies.partnerA.path}${c.id}/`);
      expect(c.depth).toBe(t.world.companies.partnerA.depth + 1);
    });

    it('refuses a repeated invitation of the same e-mail (7021) and a re-invite within a minute (7021)', async () => {
      const again = await t.call(partnerCalls.inviteInstaller, { name: 'Again', email: 'new.installer@inv.test' }, owner);
      expect(again.basic.code).toBe(ErrorCodes.invitationAlreadySent);
      const quick = await t.call(partnerCalls.reinviteInstaller, { companyId: invited.companyId }, owner);
      expect(quick.basic.code).toBe(ErrorCodes.invitationAlreadySent);
    });

    it('refuses an e-mail that already has an account (7016)', async () => {
      const r = await t.call(partnerCalls.inviteInstaller, { name: 'B', email: 'owner-b@test.local' }, owner);
      expect(r.basic.code).toBe(ErrorCodes.userExists);
    });

    it('checks a link: valid with its details, tampered or on the wrong page invalid', async () => {
      const ok = await t.call(partnerCalls.checkCompanyInvite, { inviteId: invited.inviteId, sign: invited.link.sign }, null);
      expect(ok.data).toMatchObject({
        state: 'valid',
        invitation: { email: 'new.installer@inv.test', companyName: 'Nordic Installers', inviterName: 'Partner A', needsApproval: false },
      });
      const flipped = invited.link.sign.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      expect((await t.call(partnerCalls.checkCompanyInvite, { inviteId: invited.inviteId, sign: flipped }, null)).data).toEqual({
        state: 'invalid',
        invitation: null,
      });
      expect(
        (await t.call(partnerCalls.checkCompanyInvite, { inviteId: invited.inviteId + 1000, sign: invited.link.sign }, null)).data.state,
      ).toBe('invalid');
      expect(
        (await t.call(partnerCalls.checkSubCustomerInvite, { inviteId: invited.inviteId, sign: invited.link.sign }, null)).data.state,
      ).toBe('invalid');
      const bad = await t.call(partnerCalls.registerCompany, registration(invited.inviteId, flipped), null);
      expect(bad.basic.code).toBe(ErrorCodes.linkInvalid);
    });

    it('re-invites after the window: a fresh link, and the old one is replaced', async () => {
      t.clock.advance(61_000);
      const r = await t.call(partnerCalls.reinviteInstaller, { companyId: invited.companyId }, owner);
      expect(r.basic.code).toBe(200);
      const fresh = linkParts((await t.lastMailTo('new.installer@inv.test'))!.text);
      expect(fresh.inviteId).not.toBe(invited.inviteId);
      expect(
        (await t.call(partnerCalls.checkCompanyInvite, { inviteId: invited.inviteId, sign: invited.link.sign }, null)).data.state,
      ).toBe('replaced');
      expect((await t.call(partnerCalls.registerCompany, registration(invited.inviteId, invited.link.sign), null)).basic.code).toBe(
        ErrorCodes.linkInvalid,
      );
      invited = { ...invited, inviteId: fresh.inviteId, link: fresh };
    });

    it('applies the SPEC §5 password rules and confirm-must-match on registration', async () => {
      const weak = await t.call(
        partnerCalls.registerCompany,
        registration(invited.inviteId, invited.link.sign, { password: 'abcdefgh', confirmPassword: 'abcdefgh' }),
        null,
      );
      expect(weak.basic.code).toBe(ErrorCodes.invalidParams);
      const short = await t.call(
        partnerCalls.registerCompany,
        registration(invited.inviteId, invited.link.sign, { password: 'ab1!', confirmPassword: 'ab1!' }),
        null,
      );
      expect(short.basic.code).toBe(ErrorCodes.invalidParams);
      const mismatch = await t.call(
        partnerCalls.registerCompany,
        registration(invited.inviteId, invited.link.sign, { confirmPassword: 'Other#pw123' }),
        null,
      );
      expect(mismatch.basic.code).toBe(ErrorCodes.invalidParams);
      expect(mismatch.basic.msg).toMatch(/match/i);
    });

    it('registers the company and its owner once: activated, can log in, the link is used up', async () => {
      const r = await t.call(
        partnerCalls.registerCompany,
        registration(invited.inviteId, invited.link.sign, { companyName: 'Nordic Installers AB' }),
        null,
      );
      expect(r.basic.code, r.basic.msg).toBe(200);
      expect(r.data).toEqual({ email: 'new.installer@inv.test', status: 'active' });
      const session = await t.login('new.installer@inv.test', NEW_PASSWORD);
      expect(session.user).toMatchObject({
        coId: invited.companyId,
        coName: 'Nordic Installers AB',
        userType: 'installer',
        userAuthType: 1,
      });
      expect(session.user.authResList).toContain('dealer_subcustomerinvite_mgr');
      expect(session.user.authResList).not.toContain('dealer_upgrade_mgr');
      // A second submit of the same form: "already done" (7052), not an unrelated code.
      const again = await t.call(partnerCalls.registerCompany, registration(invited.inviteId, invited.link.sign), null);
      expect(again.basic.code).toBe(ErrorCodes.alreadyDone);
      expect(
        (await t.call(partnerCalls.checkCompanyInvite, { inviteId: invited.inviteId, sign: invited.link.sign }, null)).data.state,
      ).toBe('used');
      // Activated: no more re-invite or undo.
      expect((await t.call(partnerCalls.reinviteInstaller, { companyId: invited.companyId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      expect((await t.call(partnerCalls.undoInvite, { companyId: invited.companyId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
    });

    it('freezes and unfreezes an activated company; a frozen company cannot log in', async () => {
      const f = await t.call(partnerCalls.freezeCompany, { companyId: invited.companyId }, owner);
      expect(f.data.status).toBe('frozen');
      const login = await t.call(authCalls.login, { account: 'new.installer@inv.test', password: NEW_PASSWORD }, null);
      expect(login.basic.code).toBe(ErrorCodes.accountDisabled);
      expect((await t.call(partnerCalls.freezeCompany, { companyId: invited.companyId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      expect((await t.call(partnerCalls.unfreezeCompany, { companyId: invited.companyId }, owner)).data.status).toBe('active');
      expect((await t.call(partnerCalls.unfreezeCompany, { companyId: invited.companyId }, owner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      await t.login('new.installer@inv.test', NEW_PASSWORD);
    });

    it('freezing a company freezes the companies below it: their users cannot log in or go on calling', async () => {
      const { dealerA, installerA } = t.world.companies;
      await createUser(t.database, {
        companyId: installerA.id,
        email: `below.frozen.${engine}@test.local`,
        userType: 'installer',
        codes: ['dealer_account_qry'],
      });
      const below = await t.login(`below.frozen.${engine}@test.local`);
      expect((await t.call(companyCalls.ownCompany, {}, below)).basic.code).toBe(200);

      expect((await t.call(partnerCalls.freezeCompany, { companyId: dealerA.id }, owner)).data.status).toBe('frozen');
      // The open session ends on its next call; a new login is refused.
      expect((await t.call(companyCalls.ownCompany, {}, below)).basic.code).toBe(ErrorCodes.accountDisabled);
      const again = await t.call(authCalls.login, { account: `below.frozen.${engine}@test.local`, password: PASSWORD }, null);
      expect(again.basic.code).toBe(ErrorCodes.accountDisabled);
      // The installer company keeps its own state: unfreezing the dealer restores access below it.
      const [inst] = await t.database.db.select().from(companies).where(eq(companies.id, installerA.id));
      expect(inst!.status).toBe('active');
      expect((await t.call(partnerCalls.unfreezeCompany, { companyId: dealerA.id }, owner)).data.status).toBe('active');
      await t.login(`below.frozen.${engine}@test.local`);
    });

    it('refuses to freeze a not-activated company (1017)', async () => {
      const x = await inviteInstaller('frozen.never@inv.test');
      expect((await t.call(partnerCalls.freezeCompany, { companyId: x.companyId }, owner)).basic.code).toBe(ErrorCodes.illegalTransition);
    });

    it('expires a link after 7 days', async () => {
      const x = await inviteInstaller('late.installer@inv.test');
      t.clock.advance(7 * DAY_MS + 1000);
      await relogin();
      expect((await t.call(partnerCalls.checkCompanyInvite, { inviteId: x.inviteId, sign: x.link.sign }, null)).data.state).toBe('expired');
      expect((await t.call(partnerCalls.registerCompany, registration(x.inviteId, x.link.sign), null)).basic.code).toBe(
        ErrorCodes.linkInvalid,
      );
      // An expired invitation can be sent again.
      expect((await t.call(partnerCalls.reinviteInstaller, { companyId: x.companyId }, owner)).basic.code).toBe(200);
    });
  });

  describe('undo invite and e-mail churn', () => {
    it('revokes the link and removes the company', async () => {
      const x = await inviteInstaller('undo.me@inv.test');
      const r = await t.call(partnerCalls.undoInvite, { companyId: x.companyId }, owner);
      expect(r.basic.code).toBe(200);
      expect((await t.call(companyCalls.get, { companyId: x.companyId }, owner)).basic.code).toBe(ErrorCodes.notFound);
      expect((await t.call(partnerCalls.checkCompanyInvite, { inviteId: x.inviteId, sign: x.link.sign }, null)).data.state).toBe('revoked');
      expect((await t.call(partnerCalls.registerCompany, registration(x.inviteId, x.link.sign), null)).basic.code).toBe(
        ErrorCodes.linkInvalid,
      );
    });

    it('refuses an e-mail invited and revoked repeatedly (20052) with the minutes to wait, then allows it again', async () => {
      for (let i = 0; i < 2; i++) {
        const x = await inviteInstaller('undo.me@inv.test');
        expect((await t.call(partnerCalls.undoInvite, { companyId: x.companyId }, owner)).basic.code).toBe(200);
        t.clock.advance(60_000);
      }
      const r = await t.call(partnerCalls.inviteInstaller, { name: 'Churn', email: 'undo.me@inv.test' }, owner);
      expect(r.basic.code).toBe(ErrorCodes.emailChurn);
      expect(Number(r.basic.params?.minutes)).toBeGreaterThan(50);
      expect(r.basic.msg).toMatch(/\d+ minutes/);
      t.clock.advance(INVITE_CHURN_WINDOW_MINUTES * 60_000);
      await relogin();
      expect((await t.call(partnerCalls.inviteInstaller, { name: 'Churn', email: 'undo.me@inv.test' }, owner)).basic.code).toBe(200);
    });
  });

  describe('dealer and sub-customer invitations, registration audit', () => {
    let installerOwner: Session;
    let sub: { companyId: number; inviteId: number; sign: string };

    beforeAll(async () => {
      await createUser(t.database, {
        companyId: t.world.companies.installerA.id,
        email: 'inst-owner@test.local',
        userType: 'installer',
        codes: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_subcustomerinvite_mgr', 'dealer_installerinvite_mgr'],
      });
      await createUser(t.database, {
        companyId: t.world.companies.dealerA.id,
        email: 'dealer-mgr@test.local',
        userType: 'distributor',
        codes: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_installerinvite_mgr'],
      });
      installerOwner = await t.login('inst-owner@test.local');
    });

    it('lets a partner invite a dealer, and refuses a dealer inviting a dealer (7044)', async () => {
      const r = await t.call(partnerCalls.inviteDealer, { name: 'Level Two Ltd', email: 'dealer2@inv.test' }, owner);
      expect(r.basic.code).toBe(200);
      const link = linkParts((await t.lastMailTo('dealer2@inv.test'))!.text);
      expect(link.route).toBe('company-register');
      const dealer = await t.login('dealer-mgr@test.local');
      expect((await t.call(partnerCalls.inviteDealer, { name: 'Nope', email: 'dealer3@inv.test' }, dealer)).basic.code).toBe(
        ErrorCodes.partnerOnly,
      );
      // A dealer may invite installers.
      expect(
        (await t.call(partnerCalls.inviteInstaller, { name: 'Dealer Installer', email: 'dealer-inst@inv.test' }, dealer)).basic.code,
      ).toBe(200);
      const reg = await t.call(
        partnerCalls.registerCompany,
        registration(link.inviteId, link.sign, { companyName: 'Level Two Ltd' }),
        null,
      );
      expect(reg.data.status).toBe('active');
      const s = await t.login('dealer2@inv.test', NEW_PASSWORD);
      expect(s.user).toMatchObject({ level: 2, userType: 'distributor' });
      expect(s.user.authResList).not.toContain('dealer_upgrade_qry');
    });

    it('refuses an installer inviting an installer (1005)', async () => {
      expect((await t.call(partnerCalls.inviteInstaller, { name: 'X', email: 'x-inst@inv.test' }, installerOwner)).basic.code).toBe(
        ErrorCodes.forbidden,
      );
    });

    it('invites a sub-customer whose registration waits for approval; login says so (7040)', async () => {
      const r = await t.call(partnerCalls.inviteSubCustomer, { name: 'Harbour Hotel', email: 'hotel@inv.test' }, installerOwner);
      expect(r.basic.code).toBe(200);
      const link = linkParts((await t.lastMailTo('hotel@inv.test'))!.text);
      expect(link.route).toBe('sub-company-register');
      sub = { companyId: r.data.companyId, inviteId: link.inviteId, sign: link.sign };
      expect((await t.call(partnerCalls.checkCompanyInvite, { inviteId: sub.inviteId, sign: sub.sign }, null)).data.state).toBe('invalid');
      const check = await t.call(partnerCalls.checkSubCustomerInvite, { inviteId: sub.inviteId, sign: sub.sign }, null);
      expect(check.data.invitation).toMatchObject({ kind: 'customer', needsApproval: true, inviterName: 'Installer A1a' });
      const reg = await t.call(
        partnerCalls.registerSubCustomer,
        registration(sub.inviteId, sub.sign, { companyName: 'Harbour Hotel GmbH' }),
        null,
      );
      expect(reg.data).toEqual({ email: 'hotel@inv.test', status: 'pending' });
      const login = await t.call(authCalls.login, { account: 'hotel@inv.test', password: NEW_PASSWORD }, null);
      expect(login.basic.code).toBe(ErrorCodes.registrationPending);
      expect(login.basic.msg).toContain('Installer A1a');
      // Registered (link used): neither re-invite nor undo.
      expect((await t.call(partnerCalls.reinviteSubCustomer, { companyId: sub.companyId }, installerOwner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      expect((await t.call(partnerCalls.undoInvite, { companyId: sub.companyId }, installerOwner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
    });

    it('lists the audit for the approver and its superiors, not for another tenant', async () => {
      const mine = await t.call(partnerCalls.auditPage, { status: 'pending' }, installerOwner);
      expect(mine.data.records.map((a) => a.companyName)).toEqual(['Harbour Hotel GmbH']);
      expect(mine.data.records[0]).toMatchObject({
        applicantEmail: 'hotel@inv.test',
        applicantName: 'Ann',
        status: 'pending',
        reason: null,
      });
      expect((await t.call(partnerCalls.auditPage, {}, owner)).data.total).toBe(1);
      expect((await t.call(partnerCalls.auditPage, {}, ownerB)).data.total).toBe(0);
      expect((await t.call(partnerCalls.approveRegistration, { companyId: sub.companyId }, ownerB)).basic.code).toBe(ErrorCodes.notFound);
      const stats = await t.call(partnerCalls.statistics, {}, installerOwner);
      expect(stats.data.pendingAudits).toBe(1);
    });

    it('rejects with a reason the applicant sees on login (7041); a rejected audit cannot be approved (1017)', async () => {
      const noReason = await t.call(partnerCalls.rejectRegistration, { companyId: sub.companyId, reason: '  ' }, installerOwner);
      expect(noReason.basic.code).toBe(ErrorCodes.invalidParams);
      const r = await t.call(
        partnerCalls.rejectRegistration,
        { companyId: sub.companyId, reason: 'Unknown business address' },
        installerOwner,
      );
      expect(r.data).toMatchObject({ status: 'rejected', reason: 'Unknown business address' });
      const login = await t.call(authCalls.login, { account: 'hotel@inv.test', password: NEW_PASSWORD }, null, { locale: 'zh-CN' });
      expect(login.basic.code).toBe(ErrorCodes.registrationRejected);
      expect(login.basic.msg).toContain('Unknown business address');
      expect((await t.call(partnerCalls.approveRegistration, { companyId: sub.companyId }, installerOwner)).basic.code).toBe(
        ErrorCodes.illegalTransition,
      );
      expect((await t.lastMailTo('hotel@inv.test'))!.text).toContain('Unknown business address');
    });

    it('the applicant corrects a rejected registration and sends it again: pending, then approved', async () => {
      const fixed = { companyName: 'Harbour Hotel Hamburg GmbH', contact: 'Ann Lee', telephone: '+49 40 555' };
      // Wrong password: refused and counted like a login failure.
      const wrong = await t.call(partnerCalls.resubmitRegistration, { account: 'hotel@inv.test', password: 'Wrong#pass1', ...fixed }, null);
      expect(wrong.basic.code).toBe(ErrorCodes.wrongCredentials);
      // Only a rejected registration can be resubmitted; someone without one gets 1017.
      const notMine = await t.call(
        partnerCalls.resubmitRegistration,
        { account: 'owner-a@test.local', password: PASSWORD, ...fixed },
        null,
      );
      expect(notMine.basic.code).toBe(ErrorCodes.illegalTransition);
      const r = await t.call(partnerCalls.resubmitRegistration, { account: 'hotel@inv.test', password: NEW_PASSWORD, ...fixed }, null);
      expect(r.data).toEqual({ status: 'pending', approverName: 'Installer A1a' });
      expect((await t.call(authCalls.login, { account: 'hotel@inv.test', password: NEW_PASSWORD }, null)).basic.code).toBe(
        ErrorCodes.registrationPending,
      );
      // Twice in a row (a double submit): "already done" (7052).
      expect(
        (await t.call(partnerCalls.resubmitRegistration, { account: 'hotel@inv.test', password: NEW_PASSWORD, ...fixed }, null)).basic.code,
      ).toBe(ErrorCodes.alreadyDone);
      const pending = await t.call(partnerCalls.auditPage, { status: 'pending' }, installerOwner);
      expect(pending.data.records.find((a) => a.companyId === sub.companyId)).toMatchObject({
        companyName: fixed.companyName,
        reason: null,
      });
      expect((await t.call(partnerCalls.approveRegistration, { companyId: sub.companyId }, installerOwner)).data.status).toBe('passed');
      const s = await t.login('hotel@inv.test', NEW_PASSWORD);
      expect(s.user.coName).toBe(fixed.companyName);
    });

    it('approves a pending registration: the company is activated and its owner can log in', async () => {
      const r = await t.call(partnerCalls.inviteSubCustomer, { name: 'Dock Offices', email: 'dock@inv.test' }, installerOwner);
      const link = linkParts((await t.lastMailTo('dock@inv.test'))!.text);
      await t.call(partnerCalls.registerSubCustomer, registration(link.inviteId, link.sign, { companyName: 'Dock Offices' }), null);
      const a = await t.call(partnerCalls.approveRegistration, { companyId: r.data.companyId }, installerOwner);
      expect(a.data).toMatchObject({ status: 'passed', decidedByName: 'inst-owner' });
      // Approved twice (a double submit): "already done" (7052).
      expect((await t.call(partnerCalls.approveRegistration, { companyId: r.data.companyId }, installerOwner)).basic.code).toBe(
        ErrorCodes.alreadyDone,
      );
      const s = await t.login('dock@inv.test', NEW_PASSWORD);
      expect(s.user).toMatchObject({ userType: 'customer', coName: 'Dock Offices' });
      expect((await t.lastMailTo('dock@inv.test'))!.subject).toMatch(/approved/);
    });
  });

  describe('company administration', () => {
    it('updates a downstream company, never its own, an ancestor or another tenant', async () => {
      const base = { name: 'Dealer A1 GmbH', contact: 'Max', telephone: '+49 (30) 555-01', email: 'info@dealer-a1.test', userLimit: 50 };
      const r = await t.call(partnerCalls.updateCompany, { companyId: t.world.companies.dealerA.id, ...base }, owner);
      expect(r.data).toMatchObject({ name: 'Dealer A1 GmbH', contact: 'Max', userLimit: 50 });
      expect((await t.call(partnerCalls.updateCompany, { companyId: t.world.companies.partnerA.id, ...base }, owner)).basic.code).toBe(
        ErrorCodes.notFound,
      );
      expect((await t.call(partnerCalls.updateCompany, { companyId: t.world.companies.supplier.id, ...base }, owner)).basic.code).toBe(
        ErrorCodes.notFound,
      );
      expect((await t.call(partnerCalls.updateCompany, { companyId: t.world.companies.dealerB.id, ...base }, owner)).basic.code).toBe(
        ErrorCodes.notFound,
      );
      const dealer = await t.login('dealer-mgr@test.local');
      expect((await t.call(partnerCalls.updateCompany, { companyId: t.world.companies.partnerA.id, ...base }, dealer)).basic.code).toBe(
        ErrorCodes.notFound,
      );
    });

    it('checks the user limit, the telephone and the area', async () => {
      const base = { companyId: t.world.companies.dealerA.id, name: 'Dealer A1', contact: '', telephone: '', email: '' };
      const low = await t.call(partnerCalls.updateCompany, { ...base, userLimit: 1 }, owner);
      expect(low.basic.code).toBe(ErrorCodes.userLimitBelowUsers);
      expect(low.basic.params?.count).toBe(2);
      expect((await t.call(partnerCalls.updateCompany, { ...base, userLimit: 0 }, owner)).basic.code).toBe(ErrorCodes.invalidParams);
      expect((await t.call(partnerCalls.updateCompany, { ...base, telephone: 'call me', userLimit: 5 }, owner)).basic.code).toBe(
        ErrorCodes.invalidParams,
      );
      expect((await t.call(partnerCalls.updateCompany, { ...base, userLimit: 5, areaId: t.world.areas.us.id }, owner)).basic.code).toBe(
        ErrorCodes.areaForbidden,
      );
      expect((await t.call(partnerCalls.updateCompany, { ...base, userLimit: 5, areaId: t.world.areas.rdc.id }, owner)).data.areaId).toBe(
        t.world.areas.rdc.id,
      );
    });

    it('counts companies by type, state and area, and users against the limit', async () => {
      const s = (await t.call(partnerCalls.statistics, {}, owner)).data;
      const list = await t.call(companyCalls.list, { pageSize: 100 }, owner);
      expect(s.total).toBe(list.data.total);
      expect(s.byType.reduce((n, x) => n + x.count, 0)).toBe(s.total);
      expect(s.byStatus.find((x) => x.key === 'inactive')!.count).toBeGreaterThan(0);
      expect(s.byArea.reduce((n, x) => n + x.count, 0)).toBe(s.total);
      expect(s.users.count).toBe(list.data.records.reduce((n, c) => n + c.userCount, 0));
      expect(s.users.limit).toBe(list.data.records.reduce((n, c) => n + c.userLimit, 0));
      const other = (await t.call(partnerCalls.statistics, {}, ownerB)).data;
      expect(other.total).toBe(1);
    });
  });

  describe('corporate information and logo', () => {
    async function upload(session: Session, name: string, body: Buffer) {
      const data = { purpose: 'logo', name, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      const basic = buildBasic({ token: session.token, signKey: session.signKey, path: FILE_UPLOAD_PATH, data, now: t.clock.now() });
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=logo&name=${encodeURIComponent(name)}`,
        payload: body,
        headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
      });
      return res.json() as { basic: { code: number }; data: { fileId: number } };
    }

    it('gets and sets the own company, with the area options of the caller', async () => {
      const g = await t.call(partnerCalls.corpInfo, {}, owner);
      expect(g.data).toMatchObject({
        id: t.world.companies.partnerA.id,
        name: 'Partner A',
        allowSuperiorAccess: false,
        logoFileId: null,
        actions: ['edit', 'setLogo', 'setRemoteAccess'],
      });
      expect(g.data.areaOptions.map((a) => a.id).sort()).toEqual([t.world.areas.rdc.id, t.world.areas.eu.id].sort());
      const s = await t.call(
        partnerCalls.setCorpInfo,
        {
          name: 'Partner A Ltd',
          contact: 'Eva',
          telephone: '+44 20 7946 0000',
          email: 'hello@partner-a.test',
          areaId: t.world.areas.rdc.id,
        },
        owner,
      );
      expect(s.data).toMatchObject({ name: 'Partner A Ltd', contact: 'Eva', areaId: t.world.areas.rdc.id });
      expect((await t.call(partnerCalls.setCorpInfo, { name: '', contact: '', telephone: '', email: '' }, owner)).basic.code).toBe(
        ErrorCodes.invalidParams,
      );
      expect((await t.call(partnerCalls.setCorpInfo, { name: 'A', contact: '', telephone: '', email: 'bad' }, owner)).basic.code).toBe(
        ErrorCodes.invalidParams,
      );
      expect(
        (await t.call(partnerCalls.setCorpInfo, { name: 'A', contact: '', telephone: '', email: '', areaId: t.world.areas.us.id }, owner))
          .basic.code,
      ).toBe(ErrorCodes.areaForbidden);
    });

    it('uses an uploaded logo: recommended size, other sizes with a warning', async () => {
      const up = await upload(owner, 'logo.png', makePng(720, 200));
      expect(up.basic.code).toBe(200);
      const r = await t.call(partnerCalls.setLogo, { fileId: up.data.fileId }, owner);
      expect(r.data).toEqual({ logoFileId: up.data.fileId, width: 720, height: 200, recommendedSize: true });
      expect((await t.call(partnerCalls.corpInfo, {}, owner)).data.logoFileId).toBe(up.data.fileId);
      const small = await upload(owner, 'small.png', makePng(100, 40));
      expect((await t.call(partnerCalls.setLogo, { fileId: small.data.fileId }, owner)).data.recommendedSize).toBe(false);
      const link = await t.call(systemCalls.fileLink, { fileId: up.data.fileId }, owner);
      expect(link.basic.code).toBe(200);
    });

    it('refuses a logo of 500 KB or more (1010) and another company’s file (1004)', async () => {
      const png = makePng(720, 200);
      const padding = randomBytes(520 * 1024);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(padding.length);
      const td = Buffer.concat([Buffer.from('zzZz', 'latin1'), padding]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(td));
      const big = Buffer.concat([png.subarray(0, png.length - 12), len, td, crc, png.subarray(png.length - 12)]);
      const up = await upload(owner, 'big.png', big);
      expect(up.basic.code).toBe(200);
      const r = await t.call(partnerCalls.setLogo, { fileId: up.data.fileId }, owner);
      expect(r.basic.code).toBe(ErrorCodes.fileTooLarge);
      expect(r.basic.msg).toContain('500 KB');
      expect((await t.call(partnerCalls.setLogo, { fileId: t.world.files.fileB.id }, owner)).basic.code).toBe(ErrorCodes.notFound);
    });
  });

  describe('remote access', () => {
    let accountOwner: Session;
    let target: { id: number; path: string };

    beforeAll(async () => {
      target = await createCompany(t.database, {
        parentId: t.world.companies.partnerA.id,
        type: 'distributor',
        level: 2,
        name: 'Remote Dealer',
        areaId: t.world.areas.eu.id,
      });
      await createUser(t.database, {
        companyId: target.id,
        email: 'remote-owner@test.local',
        userType: 'distributor',
        codes: ['dealer_account_qry', 'dealer_account_mgr'],
        areaIds: [t.world.areas.eu.id],
        nickname: 'Rita',
      });
      await createUser(t.database, {
        companyId: target.id,
        email: 'remote-admin@test.local',
        userType: 'distributor',
        userAuthType: 2,
        codes: ['dealer_account_qry'],
      });
      accountOwner = await t.login('remote-owner@test.local');
    });

    it('refuses a link while the account does not allow superior access (7042)', async () => {
      const r = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      expect(r.basic.code).toBe(ErrorCodes.remoteAccessNotAllowed);
      const detail = await t.call(partnerCalls.companyDetail, { companyId: target.id }, owner);
      expect(detail.data.company.actions).not.toContain('remoteAccess');
    });

    it('e-mails the administrators when the switch changes', async () => {
      const r = await t.call(partnerCalls.setRemoteAccess, { allow: true }, accountOwner);
      expect(r.data).toEqual({ allowSuperiorAccess: true, endedSessions: 0 });
      expect((await t.lastMailTo('remote-owner@test.local'))!.subject).toMatch(/allowed/);
      expect((await t.lastMailTo('remote-admin@test.local'))!.subject).toMatch(/allowed/);
    });

    it('opens the owner account once, acting as the superior, logged with both identities', async () => {
      const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      expect(link.basic.code).toBe(200);
      const [, , grantId, token, coId] = link.data.path.split('/');
      expect(Number(coId)).toBe(target.id);
      const wrongCo = await t.call(
        partnerCalls.exchangeRemoteAccess,
        { grantId: Number(grantId), token, coId: t.world.companies.dealerA.id },
        null,
      );
      expect(wrongCo.basic.code).toBe(ErrorCodes.linkInvalid);
      const tampered = await t.call(
        partnerCalls.exchangeRemoteAccess,
        { grantId: Number(grantId), token: token + 'x', coId: target.id },
        null,
      );
      expect(tampered.basic.code).toBe(ErrorCodes.linkInvalid);
      const ex = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: target.id }, null);
      expect(ex.basic.code, ex.basic.msg).toBe(200);
      expect(ex.data.user).toMatchObject({ coId: target.id, nickName: 'Rita' });
      expect(ex.data.user.remoteAccess).toMatchObject({
        byUserId: t.world.users.ownerA.id,
        byCoName: 'Partner A Ltd',
        expiresAt: t.clock.now() + REMOTE_SESSION_MINUTES * 60_000,
      });
      const reuse = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: target.id }, null);
      expect(reuse.basic.code).toBe(ErrorCodes.linkInvalid);

      const remote = ex.data;
      const upd = await t.call(
        partnerCalls.setCorpInfo,
        { name: 'Remote Dealer', contact: 'Fixed remotely', telephone: '', email: '' },
        remote,
      );
      // Editing stays possible; the consent switch does not.
      expect(upd.data.actions).toEqual(['edit', 'setLogo']);
      const [log] = await t.database.db
        .select()
        .from(operationLogs)
        .where(eq(operationLogs.action, partnerCalls.setCorpInfo.path))
        .orderBy(desc(operationLogs.id))
        .limit(1);
      expect(log).toMatchObject({
        actorUserId: t.world.users.ownerA.id,
        onBehalfOfUserId: (await t.login('remote-owner@test.local')).user.userId,
      });
      // The consent switch is the account's own, and no chained remote access.
      expect((await t.call(partnerCalls.setRemoteAccess, { allow: true }, remote)).basic.code).toBe(ErrorCodes.remoteAccessForbidden);
    });

    it('expires an unused link', async () => {
      const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      const [, , grantId, token] = link.data.path.split('/');
      t.clock.advance(REMOTE_LINK_TTL_MINUTES * 60_000 + 1000);
      const ex = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: target.id }, null);
      expect(ex.basic.code).toBe(ErrorCodes.linkInvalid);
    });

    it('ends the remote session after its time (9104)', async () => {
      await relogin();
      const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      const [, , grantId, token] = link.data.path.split('/');
      const remote = (await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: target.id }, null)).data;
      t.clock.advance(REMOTE_SESSION_MINUTES * 60_000 + 1000);
      expect((await t.call(authCalls.me, {}, remote)).basic.code).toBe(ErrorCodes.remoteAccessEnded);
    });

    it('turning the switch off ends active remote sessions and refuses new links', async () => {
      await relogin();
      accountOwner = await t.login('remote-owner@test.local');
      const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      const [, , grantId, token] = link.data.path.split('/');
      const remote = (await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: target.id }, null)).data;
      expect((await t.call(authCalls.me, {}, remote)).basic.code).toBe(200);
      const pending = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner);
      const off = await t.call(partnerCalls.setRemoteAccess, { allow: false }, accountOwner);
      expect(off.data).toEqual({ allowSuperiorAccess: false, endedSessions: 1 });
      expect((await t.call(authCalls.me, {}, remote)).basic.code).toBe(ErrorCodes.remoteAccessEnded);
      const [, , g2, tok2] = pending.data.path.split('/');
      expect(
        (await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(g2), token: tok2, coId: target.id }, null)).basic.code,
      ).toBe(ErrorCodes.linkInvalid);
      expect((await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, owner)).basic.code).toBe(
        ErrorCodes.remoteAccessNotAllowed,
      );
      expect((await t.lastMailTo('remote-admin@test.local'))!.subject).toMatch(/withdrawn/);
      const [m] = await t.database.db
        .select()
        .from(mails)
        .where(and(eq(mails.to, 'remote-owner@test.local')))
        .orderBy(desc(mails.id))
        .limit(1);
      expect(m.text).toContain('remote-owner@test.local');
    });

    it("refuses another tenant's company for a link", async () => {
      expect((await t.call(partnerCalls.createRemoteAccessLink, { companyId: t.world.companies.dealerB.id }, owner)).basic.code).toBe(
        ErrorCodes.notFound,
      );
      expect((await t.call(partnerCalls.createRemoteAccessLink, { companyId: t.world.companies.partnerA.id }, owner)).basic.code).toBe(
        ErrorCodes.notFound,
      );
    });
  });
});
