/**
 * The end user's account through the app-facing API (issue 12 item 8): registration with an
 * e-mailed code, login with the portal's lockout (also under concurrency), renewal after 7004 (and
 * again with the previous renewal token within RENEWAL_GRACE_MS, for an app that lost the answer),
 * logout, a new password, profile, deletion; the envelope's sign, nonce and time window; no
 * account enumeration; each brand's accounts apart.
 */
import {
  appApiCalls,
  buildBasic,
  callUrlPath,
  ErrorCodes,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  RENEWAL_GRACE_MS,
  SIGN_TIME_WINDOW_MS,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { endUserSessions } from '../../../src/db/schema';
import { sha256Hex } from '../../../src/lib/secrets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, APP_B, PASSWORD } from '../../support/fixtures';
import { appCreds, mailedCode, registerEndUser } from './helpers';

describe.each(ENGINES)('end-user accounts (%s)', (engine) => {
  let t: TestApp;
  const appA = appCreds(APP_A);
  const appB = appCreds(APP_B);
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('registers with an e-mailed code and is signed in; the profile is its own', async () => {
    const s = await registerEndUser(t, appA, 'reg-1@test.local');
    const p = await t.call(appApiCalls.profile, {}, s);
    expect(p.data).toMatchObject({ email: 'reg-1@test.local', nickname: 'reg-1', status: 'normal', locale: 'en-US' });
    const u = await t.call(appApiCalls.profileUpdate, { nickname: 'Reggie', locale: 'zh-CN', country: 'de' }, s);
    expect(u.data).toMatchObject({ nickname: 'Reggie', locale: 'zh-CN', country: 'DE' });
  });

  it('mails a code whether the e-mail is registered or not, and tells "registered" only to who proves it', async () => {
    const known = await t.call(appApiCalls.emailCode, { email: 'enduser-a@test.local', purpose: 'register' }, appA);
    const unknown = await t.call(appApiCalls.emailCode, { email: 'nobody-a@test.local', purpose: 'register' }, appA);
    expect(known.basic).toEqual(unknown.basic);
    expect(known.data).toEqual(unknown.data);
    const code = await mailedCode(t, 'enduser-a@test.local');
    const wrong = await t.call(
      appApiCalls.register,
      { email: 'enduser-a@test.local', emailCode: '000000', password: 'Appuser#123', nickname: 'x' },
      appA,
      { locale: 'zh-CN' },
    );
    expect(wrong.basic).toMatchObject({ code: ErrorCodes.verifyCodeWrong, msg: '验证码错误或已过期。' });
    const taken = await t.call(
      appApiCalls.register,
      { email: 'enduser-a@test.local', emailCode: code, password: 'Appuser#123', nickname: 'x' },
      appA,
    );
    expect(taken.basic).toMatchObject({ code: ErrorCodes.endUserEmailTaken, msg: 'This e-mail is already registered in this app.' });
    // The same e-mail is another account in another brand's app.
    const inB = await registerEndUser(t, appB, 'enduser-a@test.local');
    expect((await t.call(appApiCalls.profile, {}, inB)).data.email).toBe('enduser-a@test.local');
    // A code is good for its brand only.
    await t.call(appApiCalls.emailCode, { email: 'cross@test.local', purpose: 'register' }, appA);
    const crossCode = await mailedCode(t, 'cross@test.local');
    const cross = await t.call(
      appApiCalls.register,
      { email: 'cross@test.local', emailCode: crossCode, password: 'Appuser#123', nickname: 'x' },
      appB,
    );
    expect(cross.basic.code).toBe(ErrorCodes.verifyCodeWrong);
  });

  it('answers an unknown account as a wrong password; a brand’s account is not another brand’s', async () => {
    const unknown = await t.call(appApiCalls.login, { account: 'ghost@test.local', password: 'Wrong#1234' }, appA);
    const wrong = await t.call(appApiCalls.login, { account: 'enduser-b@test.local', password: PASSWORD }, appA);
    expect(unknown.basic.code).toBe(ErrorCodes.wrongCredentials);
    expect(wrong.basic.code).toBe(ErrorCodes.wrongCredentials);
    expect(unknown.basic.params).toEqual(wrong.basic.params);
  });

  it('gives parallel wrong passwords no more than the limit of tries, then locks for a while', async () => {
    await registerEndUser(t, appA, 'parallel@test.local', 'Right#pass1');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.call(appApiCalls.login, { account: 'parallel@test.local', password: 'Wrong#pass1' }, appA)),
    );
    const wrong = answers.filter((a) => a.basic.code === ErrorCodes.wrongCredentials);
    expect(wrong.map((a) => a.basic.params?.remaining).sort()).toEqual(Array.from({ length: LOGIN_MAX_FAILURES - 1 }, (_, i) => i + 1));
    expect(answers.filter((a) => a.basic.code === ErrorCodes.accountLocked)).toHaveLength(12 - (LOGIN_MAX_FAILURES - 1));
    const locked = await t.call(appApiCalls.login, { account: 'parallel@test.local', password: 'Right#pass1' }, appA, { locale: 'zh-CN' });
    expect(locked.basic.code).toBe(ErrorCodes.accountLocked);
    expect(locked.basic.params?.minutes).toBe(LOGIN_LOCK_MINUTES);
    t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
    expect((await t.call(appApiCalls.login, { account: 'parallel@test.local', password: 'Right#pass1' }, appA)).basic.code).toBe(200);
  });

  it('answers 7004 when the token expired, renews once with the renewal token, and logs out', async () => {
    const s = (await t.call(appApiCalls.login, { account: 'reg-1@test.local', password: 'Appuser#123' }, appA)).data;
    t.clock.advance(t.services.config.accessTokenTtlMs + 1000);
    const expired = await t.call(appApiCalls.profile, {}, { ...s, renewToken: '' }, { locale: 'en-US' });
    expect(expired.basic).toMatchObject({ code: ErrorCodes.tokenExpired, msg: 'Your login token has expired.' });
    // Renewal is an app-signed call (the expired session cannot sign any more).
    const r = await t.call(appApiCalls.renew, { renewToken: s.renewToken }, appA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    // Another brand's app cannot renew it.
    expect((await t.call(appApiCalls.renew, { renewToken: r.data.renewToken }, appB)).basic.code).toBe(ErrorCodes.renewFailed);
    expect((await t.call(appApiCalls.renew, { renewToken: s.renewToken }, appB)).basic.code).toBe(ErrorCodes.renewFailed);
    const fresh = { ...r.data };
    expect((await t.call(appApiCalls.profile, {}, fresh)).basic.code).toBe(200);
    // The new token used, the renewal token is spent.
    const again = await t.call(appApiCalls.renew, { renewToken: s.renewToken }, appA);
    expect(again.basic.code).toBe(ErrorCodes.renewFailed);
    expect((await t.call(appApiCalls.logout, {}, fresh)).basic.code).toBe(200);
    expect((await t.call(appApiCalls.profile, {}, fresh)).basic.code).toBe(ErrorCodes.tokenInvalid);
    expect((await t.call(appApiCalls.renew, { renewToken: r.data.renewToken }, appA)).basic.code).toBe(ErrorCodes.renewFailed);
  });

  describe('a renewal whose answer was lost (RENEWAL_GRACE_MS)', () => {
    type Session = { token: string; renewToken: string; signKey: string };
    const prevColumns = async (token: string) => {
      const [row] = await t.database.db
        .select({
          prevTokenHash: endUserSessions.prevTokenHash,
          prevRenewTokenHash: endUserSessions.prevRenewTokenHash,
          signKey: endUserSessions.signKey,
          rotatedAt: endUserSessions.rotatedAt,
        })
        .from(endUserSessions)
        .where(eq(endUserSessions.tokenHash, sha256Hex(token)));
      return row;
    };
    const profile = async (s: Session) => (await t.call(appApiCalls.profile, {}, s)).basic.code;
    const renew = (renewToken: string, app = appA) => t.call(appApiCalls.renew, { renewToken }, app);
    /** Signed in, the token used once and expired: the app is about to renew. */
    const expiredSession = async (email: string) => {
      await registerEndUser(t, appA, email, 'Grace#pass1');
      const s = (await t.call(appApiCalls.login, { account: email, password: 'Grace#pass1' }, appA)).data;
      expect(await profile(s)).toBe(200);
      t.clock.advance(t.services.config.accessTokenTtlMs + 1000);
      expect(await profile(s)).toBe(ErrorCodes.tokenExpired);
      return s;
    };

    it('answers 7004 to the previous token, renews again with the previous renewal token, and the lost answer stops working', async () => {
      const s0 = await expiredSession('grace-1@test.local');
      const lost = await renew(s0.renewToken);
      expect(lost.basic.code).toBe(200);
      const s1 = lost.data;
      const kept = await prevColumns(s1.token);
      expect(kept).toEqual({
        prevTokenHash: sha256Hex(s0.token),
        prevRenewTokenHash: sha256Hex(s0.renewToken),
        signKey: null,
        rotatedAt: new Date(t.clock.now()),
      });
      // The app was killed before the answer arrived: it still holds s0. Told to renew, not signed out.
      t.clock.advance(1000);
      expect(await profile(s0)).toBe(ErrorCodes.tokenExpired);
      // Another brand's app cannot use the previous renewal token either.
      expect((await renew(s0.renewToken, appB)).basic.code).toBe(ErrorCodes.renewFailed);
      const again = await renew(s0.renewToken);
      expect(again.basic.code).toBe(200);
      const s2 = again.data;
      expect(s2.token).not.toBe(s1.token);
      // The previous hashes stay as they were (the grace counts from the first rotation).
      expect(await prevColumns(s2.token)).toEqual(kept);
      // The lost answer's tokens are gone.
      expect(await profile(s1)).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s1.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      // The new answer works; its first use gives up the previous hashes.
      expect(await profile(s2)).toBe(200);
      expect(await prevColumns(s2.token)).toEqual({ prevTokenHash: null, prevRenewTokenHash: null, signKey: null, rotatedAt: null });
      expect(await profile(s0)).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      // The session lives on: the current renewal token renews as usual.
      const s3 = await renew(s2.renewToken);
      expect(s3.basic.code).toBe(200);
      expect(await profile(s3.data)).toBe(200);
    });

    it('ends the grace RENEWAL_GRACE_MS after the rotation, whatever was renewed meanwhile', async () => {
      const s0 = await expiredSession('grace-2@test.local');
      const s1 = (await renew(s0.renewToken)).data;
      t.clock.advance(RENEWAL_GRACE_MS - 1000);
      expect(await profile(s0)).toBe(ErrorCodes.tokenExpired);
      // A renewal with the previous renewal token inside the grace does not extend it.
      const s2 = (await renew(s0.renewToken)).data;
      t.clock.advance(1000);
      expect(await profile(s0)).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(s0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      expect(await profile(s1)).toBe(ErrorCodes.tokenInvalid);
      expect(await profile(s2)).toBe(200);
    });

    it('matches the previous token only with its own signing key; nothing is kept for an ended session', async () => {
      const a0 = await expiredSession('grace-3@test.local');
      const b0 = await expiredSession('grace-4@test.local');
      const a1 = (await renew(a0.renewToken)).data;
      await renew(b0.renewToken);
      // The previous token signed with another key (the new one's, another session's) is unknown.
      expect(await profile({ ...a0, signKey: a1.signKey })).toBe(ErrorCodes.tokenInvalid);
      expect(await profile({ ...a0, signKey: b0.signKey })).toBe(ErrorCodes.tokenInvalid);
      expect(await profile(a0)).toBe(ErrorCodes.tokenExpired);
      // Logged out with the new token before the lost answer's app renews: the previous ones are refused.
      expect((await t.call(appApiCalls.logout, {}, a1)).basic.code).toBe(200);
      expect(await profile(a0)).toBe(ErrorCodes.tokenInvalid);
      expect((await renew(a0.renewToken)).basic.code).toBe(ErrorCodes.renewFailed);
      // B's session is untouched by A's.
      expect(await profile(b0)).toBe(ErrorCodes.tokenExpired);
    });
  });

  it('sets a new password with the e-mailed code and ends the sessions; "no account" only after the code', async () => {
    const s = (await t.call(appApiCalls.login, { account: 'reg-1@test.local', password: 'Appuser#123' }, appA)).data;
    expect((await t.call(appApiCalls.emailCode, { email: 'reg-1@test.local', purpose: 'findPassword' }, appA)).basic.code).toBe(200);
    const code = await mailedCode(t, 'reg-1@test.local');
    const r = await t.call(appApiCalls.passwordFind, { email: 'reg-1@test.local', emailCode: code, password: 'Newpass#456' }, appA);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect((await t.call(appApiCalls.profile, {}, s)).basic.code).toBe(ErrorCodes.tokenInvalid);
    expect((await t.call(appApiCalls.login, { account: 'reg-1@test.local', password: 'Newpass#456' }, appA)).basic.code).toBe(200);
    await t.call(appApiCalls.emailCode, { email: 'nobody-x@test.local', purpose: 'findPassword' }, appA);
    const noneCode = await mailedCode(t, 'nobody-x@test.local');
    const none = await t.call(
      appApiCalls.passwordFind,
      { email: 'nobody-x@test.local', emailCode: noneCode, password: 'Newpass#456' },
      appA,
    );
    expect(none.basic.code).toBe(ErrorCodes.accountNotFound);
  });

  it('deletes the account with its password; the e-mail may register again', async () => {
    const s = await registerEndUser(t, appA, 'leaving@test.local', 'Leave#1234');
    const wrong = await t.call(appApiCalls.deleteAccount, { password: 'Wrong#1234' }, s);
    expect(wrong.basic.code).toBe(ErrorCodes.wrongCredentials);
    expect((await t.call(appApiCalls.deleteAccount, { password: 'Leave#1234' }, s)).basic.code).toBe(200);
    expect((await t.call(appApiCalls.profile, {}, s)).basic.code).toBe(ErrorCodes.tokenInvalid);
    expect((await t.call(appApiCalls.login, { account: 'leaving@test.local', password: 'Leave#1234' }, appA)).basic.code).toBe(
      ErrorCodes.wrongCredentials,
    );
    t.clock.advance(61_000);
    await registerEndUser(t, appA, 'leaving@test.local', 'Again#1234');
  });

  it('refuses a replayed nonce, a stale time and a tampered body, like every signed call', async () => {
    const data = { account: 'enduser-a@test.local', password: PASSWORD };
    const basic = buildBasic({ token: APP_A.appId, signKey: APP_A.secret, path: appApiCalls.login.path, data, now: t.clock.now() });
    const send = (b: unknown, d: unknown = data) =>
      t.app.inject({ method: 'POST', url: callUrlPath(appApiCalls.login), payload: { basic: b, data: d } });
    expect((await send(basic)).json().basic.code).toBe(200);
    expect((await send(basic)).json().basic.code).toBe(ErrorCodes.replayedNonce);
    const tampered = buildBasic({ token: APP_A.appId, signKey: APP_A.secret, path: appApiCalls.login.path, data, now: t.clock.now() });
    expect((await send(tampered, { ...data, password: 'other' })).json().basic.code).toBe(ErrorCodes.badSign);
    const stale = buildBasic({
      token: APP_A.appId,
      signKey: APP_A.secret,
      path: appApiCalls.login.path,
      data,
      now: t.clock.now() - SIGN_TIME_WINDOW_MS - 1000,
    });
    expect((await send(stale)).json().basic.code).toBe(ErrorCodes.staleTime);
    // An end user's session: the same nonce once.
    const s = (await t.call(appApiCalls.login, data, appA)).data;
    const b2 = buildBasic({ token: s.token, signKey: s.signKey, path: appApiCalls.profile.path, data: {}, now: t.clock.now() });
    const profile = (b: unknown) =>
      t.app.inject({ method: 'POST', url: callUrlPath(appApiCalls.profile), payload: { basic: b, data: {} } });
    expect((await profile(b2)).json().basic.code).toBe(200);
    expect((await profile(b2)).json().basic.code).toBe(ErrorCodes.replayedNonce);
  });
});
