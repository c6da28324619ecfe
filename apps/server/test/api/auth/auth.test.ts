import {
  ACCESS_TOKEN_TTL_MS,
  authCalls,
  companyCalls,
  ErrorCodes,
  IDLE_TIMEOUT_MS,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  RENEWAL_GRACE_MS,
  ssoCalls,
  partnerCalls,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyBranding, companyDomains, operationLogs, sessions, users, verificationCodes } from '../../../src/db/schema';
import { sha256Hex } from '../../../src/lib/secrets';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { PASSWORD } from '../../support/fixtures';

/** Reads the graphic code's answer from the database (its hash is stored; we brute force the hash by re-issuing a known one). */
async function solvedImageCode(t: TestApp) {
  const r = await t.call(authCalls.imageCode, {});
  expect(r.basic.code).toBe(200);
  // Tests cannot read the SVG text reliably; give the stored code a known answer.
  await t.database.db
    .update(verificationCodes)
    .set({ codeHash: sha256Hex('ABCDE') })
    .where(eq(verificationCodes.id, r.data.codeId));
  return { imageCodeId: r.data.codeId, imageCode: 'abcde' };
}

async function emailedCode(t: TestApp, email: string) {
  const mail = await t.lastMailTo(email);
  const m = mail?.text.match(/\b(\d{6})\b/);
  if (!m) throw new Error(`no code mailed to ${email}: ${mail?.text}`);
  return m[1];
}

describe.each(ENGINES)('auth group (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('logs in and returns the session user with codes, areas and current area', async () => {
    const s = await t.login('owner-a@test.local');
    expect(s.token).toBeTruthy();
    expect(s.signKey).toBeTruthy();
    expect(s.user.coName).toBe('Partner A');
    expect(s.user.level).toBe(1);
    expect(s.user.authResList).toContain('dealer_account_qry');
    expect(s.user.areaList.map((a) => a.name).sort()).toEqual(['DC-EU', 'RDC']);
    expect(s.user.currentArea).toBe(t.world.areas.eu.id);
    // Tokens are stored only as hashes.
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, t.world.users.ownerA.id));
    expect(rows.some((r) => r.tokenHash === sha256Hex(s.token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === s.token)).toBe(false);
  });

  it('tells the remaining attempts, then locks the account, then lets it in after the lock', async () => {
    const email = 'dealer-a@test.local';
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      const r = await t.call(authCalls.login, { account: email, password: 'Wrong@123' });
      expect(r.basic.code).toBe(ErrorCodes.wrongCredentials);
      expect(r.basic.params?.remaining).toBe(LOGIN_MAX_FAILURES - i);
      expect(r.basic.msg).toContain(String(LOGIN_MAX_FAILURES - i));
    }
    const locked = await t.call(authCalls.login, { account: email, password: 'Wrong@123' });
    expect(locked.basic.code).toBe(ErrorCodes.accountLocked);
    // Even the right password is refused while locked.
    const still = await t.call(authCalls.login, { account: email, password: PASSWORD }, null, { locale: 'zh-CN' });
    expect(still.basic.code).toBe(ErrorCodes.accountLocked);
    expect(still.basic.msg).toContain('账号已被锁定');
    t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
    const ok = await t.call(authCalls.login, { account: email, password: PASSWORD });
    expect(ok.basic.code).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(u.status).toBe('normal');
    expect(u.failedLogins).toBe(0);
  });

  it('does not reveal whether an account exists through login', async () => {
    const r = await t.call(authCalls.login, { account: 'nobody@test.local', password: 'Wrong@123' });
    expect(r.basic.code).toBe(ErrorCodes.wrongCredentials);
  });

  it('refuses a disabled (operation locked) account and a frozen company with 7090', async () => {
    await t.database.db.update(users).set({ status: 'operation_locked' }).where(eq(users.id, t.world.users.noCodesA.id));
    const r = await t.call(authCalls.login, { account: 'nocodes-a@test.local', password: PASSWORD });
    expect(r.basic.code).toBe(ErrorCodes.accountDisabled);
    await t.database.db.update(users).set({ status: 'normal' }).where(eq(users.id, t.world.users.noCodesA.id));
  });

  it('answers 7004 for an expired token, renews once, and the old renewal token cannot be reused', async () => {
    const s = await t.login('owner-a@test.local');
    t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
    const expired = await t.call(companyCalls.list, { pageNum: 1, pageSize: 10 }, s);
    expect(expired.basic.code).toBe(ErrorCodes.tokenExpired);
    const renewed = await t.call(authCalls.renew, { renewToken: s.renewToken }, s);
    expect(renewed.basic.code).toBe(200);
    const again = await t.call(companyCalls.list, { pageNum: 1, pageSize: 10 }, renewed.data);
    expect(again.basic.code).toBe(200);
    const reuse = await t.call(authCalls.renew, { renewToken: s.renewToken }, null);
    expect(reuse.basic.code).toBe(ErrorCodes.renewFailed);
    // The old token is gone after renewal.
    const old = await t.call(companyCalls.list, { pageNum: 1, pageSize: 10 }, s);
    expect(old.basic.code).toBe(ErrorCodes.tokenInvalid);
  });

  describe('a renewal whose answer was lost (RENEWAL_GRACE_MS)', () => {
    const list = { pageNum: 1, pageSize: 10 };
    const prevColumns = async (token: string) => {
      const [row] = await t.database.db
        .select({
          prevTokenHash: sessions.prevTokenHash,
          prevRenewTokenHash: sessions.prevRenewTokenHash,
          signKey: sessions.signKey,
          rotatedAt: sessions.rotatedAt,
        })
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256Hex(token)));
      return row;
    };
    /** Signed in, the token used once (kept by the read cache) and expired: the browser is about to renew. */
    const expiredSession = async (email = 'owner-a@test.local') => {
      const s = await t.login(email);
      expect((await t.call(companyCalls.list, list, s)).basic.code).toBe(200);
      t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
      expect((await t.call(companyCalls.list, list, s)).basic.code).toBe(ErrorCodes.tokenExpired);
      return s;
    };
    const renew = async (renewToken: string) => t.call(authCalls.renew, { renewToken }, null);

    it('answers 7004 to the previous token, renews again with the previous renewal token, and the lost answer stops working', async () => {
      const second = await t.secondInstance();
      const s0 = await expiredSession();
      // Cached on the second instance too (7004 there as well).
      expect((await second.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenExpired);
      const lost = await renew(s0.renewToken);
      expect(lost.basic.code).toBe(200);
      const s1 = lost.data;
      // The previous credentials are kept as hashes; no signing key is stored (the previous one is derived from s0's token).
      const kept = await prevColumns(s1.token);
      expect(kept).toEqual({
        prevTokenHash: sha256Hex(s0.token),
        prevRenewTokenHash: sha256Hex(s0.renewToken),
        signKey: null,
        rotatedAt: new Date(t.clock.now()),
      });
      // The page reloaded before the answer arrived: it still holds s0. Told to renew, not logged out, on either instance.
      t.clock.advance(1000);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenExpired);
      expect((await second.call(authCalls.me, {}, s0)).basic.code).toBe(ErrorCodes.tokenExpired);
      const again = await renew(s0.renewToken);
      expect(again.basic.code).toBe(200);
      const s2 = again.data;
      expect(s2.token).not.toBe(s1.token);
      expect(s2.user.userId).toBe(t.world.users.ownerA.id);
      // The previous credentials stay as they were (the grace counts from the first rotation).
      expect(await prevColumns(s2.token)).toEqual(kept);
      // The lost answer's tokens are gone.
      expect((await t.call(companyCalls.list, list, s1)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await second.call(companyCalls.list, list, s1)).basic.code).toBe(ErrorCodes.tokenInvalid);
      // The new answer works, on both instances; its first use gives up the previous credentials.
      expect((await second.call(companyCalls.list, list, s2)).basic.code).toBe(200);
      expect(await prevColumns(s2.token)).toEqual({ prevTokenHash: null, prevRenewTokenHash: null, signKey: null, rotatedAt: null });
      expect((await t.call(companyCalls.list, list, s2)).basic.code).toBe(200);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await second.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      expect((await renew(s1.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      // The session lives on: the current renewal token renews as usual.
      const s3 = await renew(s2.renewToken);
      expect(s3.basic.code).toBe(200);
      expect((await t.call(authCalls.me, {}, s3.data)).basic.code).toBe(200);
    });

    it('gives up the previous credentials once the new token is used', async () => {
      const s0 = await expiredSession();
      const s1 = (await renew(s0.renewToken)).data;
      // The answer arrived: the browser calls with the new token.
      expect((await t.call(authCalls.me, {}, s1)).basic.code).toBe(200);
      expect((await prevColumns(s1.token))!.prevTokenHash).toBeNull();
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      // Nothing was rotated by the refused renewal.
      expect((await t.call(companyCalls.list, list, s1)).basic.code).toBe(200);
    });

    it('ends the grace RENEWAL_GRACE_MS after the rotation, on the clock, whatever was renewed meanwhile', async () => {
      const s0 = await expiredSession();
      const s1 = (await renew(s0.renewToken)).data;
      t.clock.advance(RENEWAL_GRACE_MS - 1000);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenExpired);
      // A renewal with the previous renewal token inside the grace does not extend it.
      const s2 = (await renew(s0.renewToken)).data;
      t.clock.advance(1000);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      expect((await t.call(companyCalls.list, list, s1)).basic.code).toBe(ErrorCodes.tokenInvalid);
      // The current credentials are not affected by the refused replay.
      expect((await t.call(companyCalls.list, list, s2)).basic.code).toBe(200);

      // A plain rotation's grace ends the same way, even with the new token never used.
      const s3 = (await renew(s2.renewToken)).data;
      t.clock.advance(RENEWAL_GRACE_MS + 1);
      expect((await t.call(companyCalls.list, list, s2)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s2.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      expect((await t.call(companyCalls.list, list, s3)).basic.code).toBe(200);
    });

    it('matches the previous token only with its own signing key and only in its own session', async () => {
      const a0 = await expiredSession('owner-a@test.local');
      const b0 = await expiredSession('dealer-a@test.local');
      const a1 = (await renew(a0.renewToken)).data;
      const b1 = (await renew(b0.renewToken)).data;
      // The previous token signed with another key (the new one's, another session's) is unknown, as today.
      expect((await t.call(companyCalls.list, list, { ...a0, signKey: a1.signKey })).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await t.call(companyCalls.list, list, { ...a0, signKey: b0.signKey })).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await t.call(companyCalls.list, list, { ...a0, signKey: b1.signKey })).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await t.call(companyCalls.list, list, a0)).basic.code).toBe(ErrorCodes.tokenExpired);
      // B's new token used: B's previous credentials go, A's stay.
      expect((await t.call(authCalls.me, {}, b1)).data.userId).toBe(t.world.users.dealerUserA.id);
      expect((await t.call(companyCalls.list, list, b0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await t.call(companyCalls.list, list, a0)).basic.code).toBe(ErrorCodes.tokenExpired);
      // A's previous renewal token renews A only; B's session is untouched.
      const a2 = await renew(a0.renewToken);
      expect(a2.basic.code).toBe(200);
      expect(a2.data.user.userId).toBe(t.world.users.ownerA.id);
      expect((await t.call(authCalls.me, {}, a2.data)).data.userId).toBe(t.world.users.ownerA.id);
      expect((await t.call(authCalls.me, {}, b1)).data.userId).toBe(t.world.users.dealerUserA.id);
      expect((await renew(b0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
    });

    it('keeps nothing for an ended session: the previous token and renewal token are refused after logout', async () => {
      const s0 = await expiredSession();
      const s1 = (await renew(s0.renewToken)).data;
      // Another tab logs out with the new token before the lost answer's page renews.
      expect((await t.call(authCalls.logout, {}, s1)).basic.code).toBe(200);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
    });

    it('answers both of two renewals with the same renewal token at once, and only the last one stays', async () => {
      const s0 = await expiredSession();
      // A reload while the first renewal was in flight: the page renews again with the same token.
      const [x, y] = await Promise.all([renew(s0.renewToken), renew(s0.renewToken)]);
      expect([x.basic.code, y.basic.code]).toEqual([200, 200]);
      const codes = [(await t.call(authCalls.me, {}, x.data)).basic.code, (await t.call(authCalls.me, {}, y.data)).basic.code].sort();
      expect(codes).toEqual([200, ErrorCodes.tokenInvalid]);
    });
  });

  it('ends a session idle for over 2 hours with 7009, and renewal then fails', async () => {
    const s = await t.login('owner-a@test.local');
    expect((await t.call(authCalls.me, {}, s)).basic.code).toBe(200);
    t.clock.advance(IDLE_TIMEOUT_MS + 60_000);
    const r = await t.call(authCalls.me, {}, s, { locale: 'en-US' });
    expect(r.basic.code).toBe(ErrorCodes.sessionTimeout);
    expect(r.basic.msg).toMatch(/inactive/i);
    expect((await t.call(authCalls.renew, { renewToken: s.renewToken }, null)).basic.code).toBe(ErrorCodes.renewFailed);
    // Still ended on the next call.
    expect((await t.call(authCalls.me, {}, s)).basic.code).toBe(ErrorCodes.sessionTimeout);
  });

  it('keeps an active session alive past 2 hours', async () => {
    let s = await t.login('owner-a@test.local');
    // Six steps of 29 minutes: past 2 hours in all, renewing the token as the browser does.
    for (let i = 0; i < 6; i++) {
      t.clock.advance(ACCESS_TOKEN_TTL_MS - 60_000);
      let r = await t.call(authCalls.me, {}, s);
      if (r.basic.code === ErrorCodes.tokenExpired) {
        const renewed = await t.call(authCalls.renew, { renewToken: s.renewToken }, s);
        expect(renewed.basic.code).toBe(200);
        s = renewed.data;
        r = await t.call(authCalls.me, {}, s);
      }
      expect(r.basic.code).toBe(200);
    }
  });

  it('logs out: the token no longer works, and the answer says where to go', async () => {
    const s = await t.login('owner-a@test.local');
    await t.database.db
      .insert(companyBranding)
      .values({ companyId: t.world.companies.partnerA.id, title: 'A', unifiedDomain: 'portal.partner-a.test' });
    const r = await t.call(authCalls.logout, {}, s);
    expect(r.basic.code).toBe(200);
    expect(r.data.redirect).toBe('https://portal.partner-a.test/login');
    expect((await t.call(authCalls.me, {}, s)).basic.code).toBe(ErrorCodes.loggedInElsewhere);
    // Without a unified domain: the regional host of the current area.
    await t.database.db.delete(companyBranding).where(eq(companyBranding.companyId, t.world.companies.partnerA.id));
    const s2 = await t.login('owner-a@test.local');
    expect((await t.call(authCalls.logout, {}, s2)).data.redirect).toBe('https://eu.portal.test/login');
  });

  it('issues a graphic code as SVG', async () => {
    const r = await t.call(authCalls.imageCode, {});
    expect(r.data.svg).toMatch(/^<svg/);
  });

  it('registers an enterprise through the e-mailed code, with the SPEC password rules', async () => {
    const email = 'new-customer@test.local';
    const wrongImage = await t.call(authCalls.emailCode, { email, purpose: 'register', imageCodeId: 'nope', imageCode: 'X' });
    expect(wrongImage.basic.code).toBe(ErrorCodes.imageCodeWrong);
    const img = await solvedImageCode(t);
    const sent = await t.call(authCalls.emailCode, { email, purpose: 'register', ...img });
    expect(sent.basic.code).toBe(200);
    expect(sent.data.resendAfterSeconds).toBe(60);
    // Rate limited: a second code within the countdown is refused.
    const img2 = await solvedImageCode(t);
    const again = await t.call(authCalls.emailCode, { email, purpose: 'register', ...img2 });
    expect(again.basic.code).toBe(ErrorCodes.codeResendWait);
    const code = await emailedCode(t, email);

    const base = {
      email,
      emailCode: code,
      companyName: 'New Co',
      nickName: 'Newbie',
      domain: 'portal.partner-a.test',
      agree: true as const,
    };
    const weak = await t.call(authCalls.selfRegister, { ...base, password: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(weak.basic.code).toBe(ErrorCodes.invalidParams);
    const mismatch = await t.call(authCalls.selfRegister, { ...base, password: 'Abcdef12', confirmPassword: 'Abcdef13' });
    expect(mismatch.basic.code).toBe(ErrorCodes.invalidParams);
    const badCode = await t.call(authCalls.selfRegister, {
      ...base,
      emailCode: '000000',
      password: 'Abcdef12',
      confirmPassword: 'Abcdef12',
    });
    expect(badCode.basic.code).toBe(ErrorCodes.verifyCodeWrong);

    await t.database.db.insert(companyDomains).values({ domain: 'portal.partner-a.test', companyId: t.world.companies.partnerA.id });
    const ok = await t.call(authCalls.selfRegister, { ...base, password: 'Abcdef12', confirmPassword: 'Abcdef12' });
    expect(ok.basic.code).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, u.companyId));
    expect(c.parentId).toBe(t.world.companies.partnerA.id);
    expect(c.path).toBe(`${t.world.companies.partnerA.path}${c.id}/`);
    // The enterprise waits for the brand's approval (registration audit), then it can log in.
    expect(ok.data).toMatchObject({ status: 'pending', approverName: 'Partner A' });
    expect(c.status).toBe('inactive');
    expect((await t.call(authCalls.login, { account: email, password: 'Abcdef12' })).basic.code).toBe(ErrorCodes.registrationPending);
    const brandOwner = await t.login('owner-a@test.local');
    const pending = await t.call(partnerCalls.auditPage, { status: 'pending' }, brandOwner);
    expect(pending.data.records.find((a) => a.companyId === c.id)).toMatchObject({ applicantEmail: email, status: 'pending' });
    expect((await t.call(partnerCalls.approveRegistration, { companyId: c.id }, brandOwner)).data.status).toBe('passed');
    expect((await t.call(authCalls.login, { account: email, password: 'Abcdef12' })).basic.code).toBe(200);
    // The code works once.
    const twice = await t.call(authCalls.selfRegister, {
      ...base,
      email: 'other@test.local',
      password: 'Abcdef12',
      confirmPassword: 'Abcdef12',
    });
    expect(twice.basic.code).toBe(ErrorCodes.verifyCodeWrong);
    const logged = await t.database.db.select().from(operationLogs).where(eq(operationLogs.action, 'auth/self-register'));
    expect(logged.length).toBe(1);
    // An existing e-mail gets a register code like any other (no enumeration); "exists" is said after the code (auth-security.test).
    const img3 = await solvedImageCode(t);
    expect((await t.call(authCalls.emailCode, { email: 'owner-b@test.local', purpose: 'register', ...img3 })).basic.code).toBe(200);
  });

  it('finds a password through the e-mailed code and ends the old sessions', async () => {
    const email = 'owner-b@test.local';
    const old = await t.login(email);
    const img = await solvedImageCode(t);
    expect((await t.call(authCalls.emailCode, { email, purpose: 'findPassword', ...img })).basic.code).toBe(200);
    const code = await emailedCode(t, email);
    const r = await t.call(authCalls.findPassword, { email, emailCode: code, password: 'NewPass#2026', confirmPassword: 'NewPass#2026' });
    expect(r.basic.code).toBe(200);
    expect((await t.call(authCalls.me, {}, old)).basic.code).toBe(ErrorCodes.loggedInElsewhere);
    expect((await t.call(authCalls.login, { account: email, password: PASSWORD })).basic.code).toBe(ErrorCodes.wrongCredentials);
    expect((await t.call(authCalls.login, { account: email, password: 'NewPass#2026' })).basic.code).toBe(200);
    const img2 = await solvedImageCode(t);
    // No account: answered alike (no enumeration); "no account" is said after the code (auth-security.test).
    expect((await t.call(authCalls.emailCode, { email: 'ghost@test.local', purpose: 'findPassword', ...img2 })).basic.code).toBe(200);
  });

  it('burns an e-mailed code after 5 wrong answers', async () => {
    const email = 'supplier@test.local';
    const img = await solvedImageCode(t);
    expect((await t.call(authCalls.emailCode, { email, purpose: 'findPassword', ...img })).basic.code).toBe(200);
    const code = await emailedCode(t, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call(authCalls.findPassword, {
        email,
        emailCode: '999999',
        password: 'NewPass#2026',
        confirmPassword: 'NewPass#2026',
      });
      expect(wrong.basic.code).toBe(ErrorCodes.verifyCodeWrong);
    }
    const right = await t.call(authCalls.findPassword, {
      email,
      emailCode: code,
      password: 'NewPass#2026',
      confirmPassword: 'NewPass#2026',
    });
    expect(right.basic.code).toBe(ErrorCodes.verifyCodeWrong);
  });

  it('checks the password and binds a new e-mail', async () => {
    const s = await t.login('nocodes-a@test.local');
    expect((await t.call(authCalls.checkPwd, { password: PASSWORD }, s)).data.valid).toBe(true);
    expect((await t.call(authCalls.checkPwd, { password: 'nope' }, s)).data.valid).toBe(false);
    const img = await solvedImageCode(t);
    const newEmail = 'renamed-a@test.local';
    // A code for binding is asked by the signed-in user, not before login.
    const before = await t.call(authCalls.emailCode, { email: newEmail, purpose: 'bindEmail', ...img } as never);
    expect(before.basic.code).toBe(ErrorCodes.invalidParams);
    expect((await t.call(authCalls.emailBindCode, { email: newEmail, ...img }, null)).basic.code).toBe(ErrorCodes.tokenInvalid);
    expect(await t.lastMailTo(newEmail)).toBeNull();
    expect((await t.call(authCalls.emailBindCode, { email: newEmail, ...(await solvedImageCode(t)) }, s)).basic.code).toBe(200);
    const code = await emailedCode(t, newEmail);
    expect((await t.call(authCalls.emailBind, { email: newEmail, emailCode: code }, s)).basic.code).toBe(200);
    expect((await t.call(authCalls.login, { account: newEmail, password: PASSWORD })).basic.code).toBe(200);
    await t.database.db.update(users).set({ email: 'nocodes-a@test.local' }).where(eq(users.id, t.world.users.noCodesA.id));
  });

  it('brands the login page by domain, falling back to the supplier', async () => {
    await t.database.db
      .insert(companyDomains)
      .values({ domain: 'portal.partner-b.test', companyId: t.world.companies.partnerB.id })
      .onConflictDoNothing();
    await t.database.db
      .insert(companyBranding)
      .values({ companyId: t.world.companies.partnerB.id, title: 'B Vision Cloud', icon: '/logo-b.png' });
    const b = await t.call(authCalls.customerWebsite, { domain: 'portal.partner-b.test:8080' });
    expect(b.data.extra.title).toBe('B Vision Cloud');
    expect(b.data.icon).toBe('/logo-b.png');
    const other = await t.call(authCalls.customerWebsite, { domain: 'unknown.example' });
    expect(other.data.companyName).toBe('Supplier Co');
  });

  it('switches the current area only to an area granted to the user', async () => {
    const s = await t.login('owner-a@test.local');
    const r = await t.call(authCalls.switchArea, { areaId: t.world.areas.rdc.id }, s);
    expect(r.basic.code).toBe(200);
    expect(r.data.currentArea).toBe(t.world.areas.rdc.id);
    expect((await t.call(authCalls.me, {}, s)).data.currentArea).toBe(t.world.areas.rdc.id);
    const denied = await t.call(authCalls.switchArea, { areaId: t.world.areas.us.id }, s);
    expect(denied.basic.code).toBe(ErrorCodes.areaForbidden);
  });

  it("names every area in each language, and in the caller's (issue 11 §3: zh-CN showed English names)", async () => {
    const login = await t.call(authCalls.login, { account: 'owner-a@test.local', password: PASSWORD, locale: 'zh-CN' });
    expect(login.basic.code).toBe(200);
    const s = login.data;
    const eu = (list: { id: number; displayName: string; displayNames: Record<string, string> }[]) =>
      list.find((a) => a.id === t.world.areas.eu.id);
    // The session of a zh-CN login: Chinese names, and both, so the web shows the right one after a language switch.
    expect(eu(s.user.areaList)).toMatchObject({ displayName: '欧洲', displayNames: { 'en-US': 'Europe', 'zh-CN': '欧洲' } });
    expect(eu((await t.call(authCalls.me, {}, s, { locale: 'en-US' })).data.areaList)?.displayName).toBe('Europe');
    expect(eu((await t.call(authCalls.me, {}, s, { locale: 'zh-CN' })).data.areaList)?.displayName).toBe('欧洲');
    expect(eu((await t.call(authCalls.areas, {}, s, { locale: 'zh-CN' })).data.records)).toMatchObject({
      displayName: '欧洲',
      displayNames: { 'en-US': 'Europe', 'zh-CN': '欧洲' },
    });
    const own = await t.call(authCalls.ownResources, { resType: 'area' }, s, { locale: 'zh-CN' });
    expect(own.data.records.find((r) => r.resCode === 'DC-EU')?.resName).toBe('欧洲');
    // A name inside a statistic is the caller's.
    const stats = await t.call(partnerCalls.statistics, {}, s, { locale: 'zh-CN' });
    expect(stats.data.byArea.map((a) => a.areaName)).toContain('欧洲');
    expect((await t.call(partnerCalls.statistics, {}, s, { locale: 'en-US' })).data.byArea.map((a) => a.areaName)).toContain('Europe');
  });

  it('sends the DDC hidden-menu list to distributors only', async () => {
    const dealer = await t.login('dealer-a@test.local');
    expect(dealer.user.hiddenMenus).toEqual(['pointMall']);
    const owner = await t.login('owner-a@test.local');
    expect(owner.user.hiddenMenus).toEqual([]);
  });

  it('signs in through a one-time URL token (single sign-on), once', async () => {
    const s = await t.login('owner-a@test.local');
    const created = await t.call(ssoCalls.createSsoToken, {}, s);
    const ex = await t.call(ssoCalls.exchangeSsoToken, { token: created.data.token });
    expect(ex.basic.code).toBe(200);
    expect(ex.data.user.userId).toBe(t.world.users.ownerA.id);
    expect((await t.call(ssoCalls.exchangeSsoToken, { token: created.data.token })).basic.code).toBe(ErrorCodes.linkInvalid);
    const late = await t.call(ssoCalls.createSsoToken, {}, s);
    t.clock.advance(61_000);
    expect((await t.call(ssoCalls.exchangeSsoToken, { token: late.data.token })).basic.code).toBe(ErrorCodes.linkInvalid);
  });

  it('answers the own resources of the caller', async () => {
    const s = await t.login('dealer-a@test.local');
    const codes = await t.call(authCalls.ownResources, { resType: 'code' }, s);
    expect(codes.data.records.map((r) => r.resCode).sort()).toEqual(['dealer_account_qry', 'dealer_storage_qry']);
    const areas = await t.call(authCalls.ownResources, { resType: 'area' }, s);
    expect(areas.data.records.map((r) => r.resCode)).toEqual(['DC-EU']);
  });
});
