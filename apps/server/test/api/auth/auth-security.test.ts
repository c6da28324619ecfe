/**
 * Issue 11 §1, auth hardening: remote access stays remote (2), lockout concurrency cannot bypass
 * (3), the invitation link is checked before a password is hashed (4), no account enumeration (5),
 * a captcha a script cannot read (6), and the smaller items of 12 (no areas means none, one answer
 * of file/get, check-pwd and password change counted like login, "already done" for double submits).
 */
import {
  storageCalls,
  appKeyCalls,
  ALL_CALLS,
  API_PREFIX,
  authCalls,
  buildBasic,
  type CallDef,
  ErrorCodes,
  IMAGE_CODE_TTL_MS,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  partnerCalls,
  pushSettingsCalls,
  ssoCalls,
  systemCalls,
  userCalls,
} from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { appKeys, companies, files, loginThrottle, operationLogs, users, verificationCodes } from '../../../src/db/schema';
import { purgeLoginThrottle } from '../../../src/lib/jobs/maintenance';
import { sha256Hex } from '../../../src/lib/secrets';
import { createCaptcha } from '../../../src/modules/auth/captcha';
import { createTestApp, type Answer, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createCompany, createUser, PASSWORD } from '../../support/fixtures';

// Counts argon2 hashes (the CPU cost an unauthenticated caller can make the server pay).
const argon = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hashes++;
      return real.hash(...args);
    },
  };
});

const NEW_PASSWORD = 'Fresh#2026pw';
const USER_LINK = /\/customer\/user-register\/(\d+)\/(\d+)\/([0-9a-f]{32})\?t=(\S+)/;
const COMPANY_LINK = /\/customer\/company-register\/(\d+)\/([0-9a-f]+)/;

describe.each(ENGINES)('auth security (%s)', (engine) => {
  let t: TestApp;
  let n = 0;
  /** A fresh source address per use, so that tests do not share the per-address counter. */
  const nextIp = () => `10.${Math.floor(++n / 250)}.${n % 250}.7`;

  /** A signed call from a given source address. */
  async function callFrom<C extends CallDef>(
    ip: string,
    call: C,
    data: z.input<C['data']>,
    session?: Session | null,
  ): Promise<Answer<z.output<C['result']>>> {
    const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path: call.path, data, now: t.clock.now() });
    const res = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/${call.path}`, payload: { basic, data }, remoteAddress: ip });
    const body = res.json();
    return { status: res.statusCode, basic: body.basic, data: body.data };
  }

  /** A graphic code whose answer the test knows (its stored hash is replaced), requested from `ip`. */
  async function solvedImageCode(ip = '127.0.0.1') {
    const r = await callFrom(ip, authCalls.imageCode, {});
    expect(r.basic.code).toBe(200);
    await t.database.db
      .update(verificationCodes)
      .set({ codeHash: sha256Hex('ABCDE') })
      .where(eq(verificationCodes.id, r.data.codeId));
    return { imageCodeId: r.data.codeId, imageCode: 'abcde' };
  }

  async function mailedCode(email: string) {
    const m = (await t.lastMailTo(email))?.text.match(/\b(\d{6})\b/);
    if (!m) throw new Error(`no code mailed to ${email}`);
    return m[1];
  }

  async function newUser(email: string, over: Partial<Parameters<typeof createUser>[1]> = {}) {
    return createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email,
      userType: 'partner',
      userAuthType: 3,
      areaIds: [t.world.areas.eu.id],
      ...over,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  describe('remote access stays remote (§1.2)', () => {
    let remote: Session;
    let target: { id: number; path: string };

    beforeAll(async () => {
      target = await createCompany(t.database, {
        parentId: t.world.companies.partnerA.id,
        type: 'distributor',
        level: 2,
        name: 'Visited Dealer',
        areaId: t.world.areas.eu.id,
      });
      await createUser(t.database, {
        companyId: target.id,
        email: 'visited-owner@test.local',
        userType: 'distributor',
        codes: ['dealer_account_qry', 'dealer_account_mgr', 'dealer_installerinvite_mgr', 'dealer_message_mgr'],
        areaIds: [t.world.areas.eu.id],
      });
      await t.database.db.update(companies).set({ allowSuperiorAccess: true }).where(eq(companies.id, target.id));
      const superior = await t.login('owner-a@test.local');
      const link = await t.call(partnerCalls.createRemoteAccessLink, { companyId: target.id }, superior);
      expect(link.basic.code, link.basic.msg).toBe(200);
      const [, , grantId, token, coId] = link.data.path.split('/');
      const ex = await t.call(partnerCalls.exchangeRemoteAccess, { grantId: Number(grantId), token, coId: Number(coId) }, null);
      expect(ex.basic.code, ex.basic.msg).toBe(200);
      remote = ex.data;
    });

    it('marks exactly the calls that mint tokens, change credentials, bind e-mails, change consent or invite', () => {
      const marked = ALL_CALLS.filter((c) => c.remoteForbidden)
        .map((c) => c.path)
        .sort();
      expect(marked).toEqual(
        [
          ssoCalls.createSsoToken,
          authCalls.emailBindCode,
          authCalls.emailBind,
          userCalls.changePassword,
          userCalls.resetPassword,
          userCalls.unregister,
          userCalls.invite,
          userCalls.reinvite,
          partnerCalls.inviteInstaller,
          partnerCalls.reinviteInstaller,
          partnerCalls.inviteDealer,
          partnerCalls.reinviteDealer,
          partnerCalls.inviteSubCustomer,
          partnerCalls.reinviteSubCustomer,
          partnerCalls.setRemoteAccess,
          partnerCalls.createRemoteAccessLink,
          // A payee account's secret key is a credential of the company's money.
          storageCalls.payeeSave,
          // So are an app's push credentials (FCM service account, APNs signing key).
          pushSettingsCalls.save,
          // Application secrets are shown once: never to a visitor through remote access.
          appKeyCalls.create,
          appKeyCalls.rotate,
        ]
          .map((c) => c.path)
          .sort(),
      );
    });

    it('refuses each of them with 7050 in both locales, and writes every refusal to the operation log', async () => {
      const attempts: Array<[CallDef, unknown]> = [
        [ssoCalls.createSsoToken, {}],
        // Not even the code is mailed (the image code is not looked at before the refusal).
        [authCalls.emailBindCode, { email: 'takeover@evil.test', imageCodeId: 'x', imageCode: 'abcde' }],
        [authCalls.emailBind, { email: 'takeover@evil.test', emailCode: '123456' }],
        [userCalls.changePassword, { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
        [userCalls.resetPassword, { userId: t.world.users.dealerUserA.id }],
        [userCalls.unregister, { password: PASSWORD }],
        [userCalls.invite, { email: 'sleeper@evil.test' }],
        [partnerCalls.inviteInstaller, { name: 'Evil Installer', email: 'evil-installer@evil.test' }],
        [partnerCalls.setRemoteAccess, { allow: true }],
        [partnerCalls.createRemoteAccessLink, { companyId: target.id }],
        [pushSettingsCalls.save, { appKeyId: t.world.app.keyA.id, provider: 'outbox' }],
      ];
      for (const [call, data] of attempts) {
        const r = await t.call(call, data as never, remote);
        expect(r.basic.code, call.path).toBe(ErrorCodes.remoteAccessForbidden);
        const [log] = await t.database.db
          .select()
          .from(operationLogs)
          .where(eq(operationLogs.action, call.path))
          .orderBy(desc(operationLogs.id))
          .limit(1);
        expect(log, call.path).toMatchObject({
          actorUserId: t.world.users.ownerA.id,
          after: { refused: ErrorCodes.remoteAccessForbidden },
        });
        expect(log!.onBehalfOfUserId).not.toBeNull();
      }
      const zh = await t.call(ssoCalls.createSsoToken, {}, remote, { locale: 'zh-CN' });
      expect(zh.basic.msg).toContain('远程访问期间不允许');
      // Nothing was done: no invited user, the e-mail unchanged.
      expect(await t.database.db.select().from(users).where(eq(users.email, 'sleeper@evil.test'))).toHaveLength(0);
      expect(await t.lastMailTo('takeover@evil.test')).toBeNull();
      expect((await t.call(authCalls.me, {}, remote)).data.email).toBe('visited-owner@test.local');
    });

    it('still lets the visit do ordinary work, and the account owner mint an SSO token', async () => {
      expect((await t.call(authCalls.me, {}, remote)).basic.code).toBe(200);
      const own = await t.login('visited-owner@test.local');
      expect((await t.call(ssoCalls.createSsoToken, {}, own)).basic.code).toBe(200);
    });

    it('offers the visit a push test send but not push configuration, which the account owner is offered', async () => {
      await t.database.db.insert(appKeys).values({
        companyId: target.id,
        companyPath: target.path,
        appId: 'appvisiteddealer000001',
        name: 'Visited app',
        secretEnc: 'v1:unused',
        secretLast4: 'used',
      });
      const visit = await t.call(pushSettingsCalls.list, {}, remote);
      expect(visit.basic.code, visit.basic.msg).toBe(200);
      expect(visit.data.records.map((r) => [r.appId, r.actions])).toEqual([['appvisiteddealer000001', ['test']]]);
      const own = await t.login('visited-owner@test.local');
      expect((await t.call(pushSettingsCalls.list, {}, own)).data.records.map((r) => r.actions)).toEqual([['configure', 'test']]);
    });
  });

  describe('lockout that concurrency cannot bypass (§1.3)', () => {
    it('gives parallel wrong passwords no more than the limit of tries', async () => {
      await newUser('parallel@test.local');
      const ip = nextIp();
      const answers = await Promise.all(
        Array.from({ length: 16 }, () => callFrom(ip, authCalls.login, { account: 'parallel@test.local', password: 'Wrong#pass1' })),
      );
      const codes = answers.map((a) => a.basic.code);
      const wrong = answers.filter((a) => a.basic.code === ErrorCodes.wrongCredentials);
      // Each of the first LOGIN_MAX_FAILURES - 1 tries is told a different number of attempts left; every other one is locked.
      expect(wrong.map((a) => a.basic.params?.remaining).sort()).toEqual(Array.from({ length: LOGIN_MAX_FAILURES - 1 }, (_, i) => i + 1));
      expect(codes.filter((c) => c === ErrorCodes.accountLocked)).toHaveLength(16 - (LOGIN_MAX_FAILURES - 1));
      // The right password is refused while locked, with the minutes to wait; after the lock it works.
      const locked = await callFrom(ip, authCalls.login, { account: 'parallel@test.local', password: PASSWORD });
      expect(locked.basic.code).toBe(ErrorCodes.accountLocked);
      expect(locked.basic.params?.minutes).toBe(LOGIN_LOCK_MINUTES);
      expect(locked.basic.msg).toContain(String(LOGIN_LOCK_MINUTES));
      t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
      expect((await callFrom(ip, authCalls.login, { account: 'parallel@test.local', password: PASSWORD })).basic.code).toBe(200);
    });

    it('locks a source address after its limit of failures, for a while, whatever the accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        const r = await callFrom(ip, authCalls.login, { account: `spray-${i % 7}@nowhere.test`, password: 'Wrong#pass1' });
        expect([ErrorCodes.wrongCredentials, ErrorCodes.accountLocked]).toContain(r.basic.code);
      }
      const blocked = await callFrom(ip, authCalls.login, { account: 'owner-b@test.local', password: PASSWORD });
      expect(blocked.basic.code).toBe(ErrorCodes.addressLocked);
      expect(blocked.basic.msg).toContain(`${LOGIN_LOCK_MINUTES} minutes`);
      // Another address is not affected; the locked one works again after the lock.
      expect((await callFrom(nextIp(), authCalls.login, { account: 'owner-b@test.local', password: PASSWORD })).basic.code).toBe(200);
      t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
      expect((await callFrom(ip, authCalls.login, { account: 'owner-b@test.local', password: PASSWORD })).basic.code).toBe(200);
    });

    it('forgets counters whose lock or window is over (maintenance)', async () => {
      const ip = nextIp();
      await callFrom(ip, authCalls.login, { account: 'forgotten@nowhere.test', password: 'Wrong#pass1' });
      const keys = async () => (await t.database.db.select().from(loginThrottle)).map((r) => r.key);
      expect(await keys()).toEqual(expect.arrayContaining([`ip:${ip}`, 'acct:forgotten@nowhere.test']));
      // Still counting now; gone once the window is over.
      await purgeLoginThrottle(t.database, new Date(t.clock.now()));
      expect(await keys()).toEqual(expect.arrayContaining([`ip:${ip}`, 'acct:forgotten@nowhere.test']));
      expect(await purgeLoginThrottle(t.database, new Date(t.clock.now() + LOGIN_LOCK_MINUTES * 60_000 + 1000))).toBeGreaterThanOrEqual(2);
      expect(await keys()).not.toEqual(expect.arrayContaining([`ip:${ip}`]));
    });

    it('counts parallel wrong answers to an e-mailed code atomically: the code burns', async () => {
      const email = 'burn@test.local';
      await newUser(email);
      expect((await t.call(authCalls.emailCode, { email, purpose: 'findPassword', ...(await solvedImageCode()) })).basic.code).toBe(200);
      const code = await mailedCode(email);
      const wrong = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.call(authCalls.findPassword, {
            email,
            emailCode: code === '000000' ? '111111' : '000000',
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          }),
        ),
      );
      expect(wrong.every((w) => w.basic.code === ErrorCodes.verifyCodeWrong)).toBe(true);
      const [row] = await t.database.db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, email), eq(verificationCodes.kind, 'email')));
      expect(row.attempts).toBe(5);
      const right = await t.call(authCalls.findPassword, { email, emailCode: code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(right.basic.code).toBe(ErrorCodes.verifyCodeWrong);
    });

    it('counts wrong passwords of check-pwd and of a password change like login failures (§1.12)', async () => {
      await newUser('checker@test.local');
      const s = await t.login('checker@test.local');
      for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
        expect((await t.call(authCalls.checkPwd, { password: 'Wrong#pass1' }, s)).data).toEqual({ valid: false });
      }
      const last = await t.call(
        userCalls.changePassword,
        { oldPassword: 'Wrong#pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        s,
      );
      expect(last.basic.code).toBe(ErrorCodes.accountLocked);
      // Locked: even the right password is refused, on check-pwd and at login.
      expect((await t.call(authCalls.checkPwd, { password: PASSWORD }, s)).basic.code).toBe(ErrorCodes.accountLocked);
      expect((await t.call(authCalls.login, { account: 'checker@test.local', password: PASSWORD })).basic.code).toBe(
        ErrorCodes.accountLocked,
      );
      t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
      const s2 = await t.login('checker@test.local');
      expect((await t.call(authCalls.checkPwd, { password: PASSWORD }, s2)).data).toEqual({ valid: true });
      const changed = await t.call(
        userCalls.changePassword,
        { oldPassword: 'Not#the1pw', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        s2,
      );
      expect(changed.basic.code).toBe(ErrorCodes.oldPasswordWrong);
      const [u] = await t.database.db.select().from(users).where(eq(users.email, 'checker@test.local'));
      expect(u.failedLogins).toBe(1);
    });
  });

  describe('no account enumeration (§1.5)', () => {
    beforeAll(async () => {
      await newUser('taken@test.local');
    });

    it('answers login for an unknown account exactly like a known one, attempt by attempt', async () => {
      await newUser('known@test.local');
      for (const account of ['known@test.local', 'unknown@test.local']) {
        const ip = nextIp();
        const seen: Array<[number, unknown]> = [];
        for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) {
          const r = await callFrom(ip, authCalls.login, { account, password: 'Wrong#pass1' });
          seen.push([r.basic.code, r.basic.params]);
        }
        expect(seen, account).toEqual([
          ...Array.from({ length: LOGIN_MAX_FAILURES - 1 }, (_, i) => [
            ErrorCodes.wrongCredentials,
            { remaining: LOGIN_MAX_FAILURES - 1 - i },
          ]),
          [ErrorCodes.accountLocked, { minutes: LOGIN_LOCK_MINUTES }],
          [ErrorCodes.accountLocked, { minutes: LOGIN_LOCK_MINUTES }],
        ]);
      }
    });

    it('takes as long for an unknown account as for a known one (a password hash is verified either way)', async () => {
      await newUser('timed@test.local');
      const time = async (account: string) => {
        const started = performance.now();
        await callFrom(nextIp(), authCalls.login, { account, password: 'Wrong#pass1' });
        return performance.now() - started;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await time('timed@test.local'));
        unknown.push(await time(`nobody-${i}@test.local`));
        t.clock.advance(LOGIN_LOCK_MINUTES * 60_000 + 1000);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      // argon2 dominates both; without it the unknown account answers in a small fraction of the time.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
    });

    it('sends an e-mail code alike whether an account uses the address or not, for every purpose', async () => {
      for (const purpose of ['register', 'findPassword'] as const) {
        for (const email of ['taken@test.local', `free-${purpose.toLowerCase()}@test.local`]) {
          const r = await t.call(authCalls.emailCode, { email, purpose, ...(await solvedImageCode()) });
          expect([purpose, email, r.basic.code, r.data]).toEqual([purpose, email, 200, { resendAfterSeconds: expect.any(Number) }]);
        }
        t.clock.advance(61_000);
      }
    });

    it('tells "already exists" / "no account" only after the address was proved with its code', async () => {
      t.clock.advance(61_000);
      // user-exist: nothing without a code, 7012 with a wrong one, the truth with the right one.
      expect((await t.call(authCalls.userExist, { email: 'taken@test.local' })).data).toEqual({ exists: null });
      expect((await t.call(authCalls.userExist, { email: 'free-register@test.local' })).data).toEqual({ exists: null });
      expect((await t.call(authCalls.userExist, { email: 'taken@test.local', emailCode: '000000' })).basic.code).toBe(
        ErrorCodes.verifyCodeWrong,
      );
      t.clock.advance(61_000);
      expect(
        (await t.call(authCalls.emailCode, { email: 'taken@test.local', purpose: 'register', ...(await solvedImageCode()) })).basic.code,
      ).toBe(200);
      const code = await mailedCode('taken@test.local');
      expect((await t.call(authCalls.userExist, { email: 'taken@test.local', emailCode: code })).data).toEqual({ exists: true });
      // Registering the taken address with its code: now "already exists" can be said.
      const reg = await t.call(authCalls.selfRegister, {
        email: 'taken@test.local',
        emailCode: code,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        companyName: 'Dup',
        nickName: 'Dup',
        agree: true,
      });
      expect(reg.basic.code).toBe(ErrorCodes.emailExists);
      // Password find for an address without an account: a wrong code answers as for any account, the right one says so.
      const free = 'free-findpassword@test.local';
      t.clock.advance(61_000);
      expect((await t.call(authCalls.emailCode, { email: free, purpose: 'findPassword', ...(await solvedImageCode()) })).basic.code).toBe(
        200,
      );
      expect(
        (await t.call(authCalls.findPassword, { email: free, emailCode: '000001', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))
          .basic.code,
      ).toBe(ErrorCodes.verifyCodeWrong);
      const right = await t.call(authCalls.findPassword, {
        email: free,
        emailCode: await mailedCode(free),
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(right.basic.code).toBe(ErrorCodes.accountNotFound);
    });
  });

  describe('a captcha a script cannot read (§1.6)', () => {
    it('draws the answer as paths: no <text>, no characters of the answer in the markup', async () => {
      for (let i = 0; i < 20; i++) {
        const { text, svg } = createCaptcha();
        expect(text).toMatch(/^[A-Z2-9]{5}$/);
        expect(svg).not.toMatch(/<text|<tspan|font-family/i);
        // Nothing but markup: no text node at all, so no character of the answer to read.
        expect(svg.replace(/<[^>]*>/g, '').trim()).toBe('');
        expect((svg.match(/<path/g) ?? []).length).toBeGreaterThanOrEqual(text.length);
      }
      const r = await t.call(authCalls.imageCode, {});
      expect(r.data.svg).toMatch(/^<svg[^>]*>/);
      expect(r.data.svg).not.toMatch(/<text/i);
      expect(r.data.svg.replace(/<[^>]*>/g, '').trim()).toBe('');
    });

    it('is good once, right or wrong, for its requester only, and expires', async () => {
      const email = 'captcha@test.local';
      // Once: the second use of a right answer fails.
      const once = await solvedImageCode();
      expect((await t.call(authCalls.emailCode, { email, purpose: 'register', ...once })).basic.code).toBe(200);
      t.clock.advance(61_000);
      expect((await t.call(authCalls.emailCode, { email, purpose: 'register', ...once })).basic.code).toBe(ErrorCodes.imageCodeWrong);
      // A wrong answer uses it up too: no second guess.
      const guessed = await solvedImageCode();
      expect((await t.call(authCalls.emailCode, { email, purpose: 'register', ...guessed, imageCode: 'ZZZZZ' })).basic.code).toBe(
        ErrorCodes.imageCodeWrong,
      );
      expect((await t.call(authCalls.emailCode, { email, purpose: 'register', ...guessed })).basic.code).toBe(ErrorCodes.imageCodeWrong);
      // Bound to who asked for it: solved by one address, refused from another.
      const asked = await solvedImageCode('10.200.0.1');
      expect((await callFrom('10.200.0.2', authCalls.emailCode, { email, purpose: 'register', ...asked })).basic.code).toBe(
        ErrorCodes.imageCodeWrong,
      );
      // Expired.
      const late = await solvedImageCode();
      t.clock.advance(IMAGE_CODE_TTL_MS + 1000);
      expect((await t.call(authCalls.emailCode, { email, purpose: 'register', ...late })).basic.code).toBe(ErrorCodes.imageCodeWrong);
    });
  });

  describe('smaller items (§1.12, §1.4)', () => {
    let owner: Session;
    beforeAll(async () => {
      owner = await t.login('owner-a@test.local');
    });

    it('gives an invited user without areas no area at all', async () => {
      const invited = await t.call(userCalls.invite, { email: 'no-areas@acme.test', authResList: ['dealer_account_qry'] }, owner);
      expect(invited.basic.code, invited.basic.msg).toBe(200);
      const m = (await t.lastMailTo('no-areas@acme.test'))!.text.match(USER_LINK)!;
      const link = { corpId: Number(m[1]), userId: Number(m[2]), emailMd5: m[3], token: decodeURIComponent(m[4]) };
      expect(
        (await t.call(userCalls.register, { ...link, nickName: 'Nora', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, null)).basic
          .code,
      ).toBe(200);
      const s = await t.login('no-areas@acme.test', NEW_PASSWORD);
      expect(s.user.areaList).toEqual([]);
      expect(s.user.currentArea).toBe(0);
      expect((await t.call(authCalls.areas, {}, s)).data.records).toEqual([]);
      expect((await t.call(authCalls.ownResources, { resType: 'area' }, s)).data.records).toEqual([]);
      expect((await t.call(authCalls.switchArea, { areaId: t.world.areas.eu.id }, s)).basic.code).toBe(ErrorCodes.areaForbidden);
    });

    it('answers file/get the same for a wrong session and for a wrong path', async () => {
      const body = Buffer.from('secret contents');
      const key = `test/${t.world.companies.partnerA.id}/same-answer.txt`;
      await t.fileStore.put(key, body, { contentType: 'text/plain' });
      const [f] = await t.database.db
        .insert(files)
        .values({
          companyId: t.world.companies.partnerA.id,
          path: key,
          name: 'same-answer.txt',
          mime: 'text/plain',
          size: body.length,
          sha256: 'x',
        })
        .returning();
      const link = await t.call(systemCalls.fileLink, { fileId: f.id }, owner);
      const url = link.data.url;
      expect((await t.app.inject({ method: 'GET', url })).body).toBe('secret contents');
      const wrongSession = await t.app.inject({ method: 'GET', url: url.replace(/tid=\d+/, 'tid=999999') });
      const wrongUser = await t.app.inject({ method: 'GET', url: url.replace(/uid=\d+/, 'uid=999999') });
      const wrongPath = await t.app.inject({
        method: 'GET',
        url: url.replace(/path=[^&]+/, `path=${encodeURIComponent(`test/${t.world.companies.partnerB.id}/other.txt`)}`),
      });
      for (const r of [wrongUser, wrongPath]) {
        expect([r.statusCode, r.body]).toEqual([wrongSession.statusCode, wrongSession.body]);
      }
      expect(wrongSession.json().basic.code).toBe(ErrorCodes.fileLinkInvalid);
    });

    it('answers the loser of a double submit "already done" (7052)', async () => {
      const email = 'double@test.local';
      await newUser(email);
      expect((await t.call(authCalls.emailCode, { email, purpose: 'findPassword', ...(await solvedImageCode()) })).basic.code).toBe(200);
      const data = { email, emailCode: await mailedCode(email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      const both = await Promise.all([t.call(authCalls.findPassword, data), t.call(authCalls.findPassword, data)]);
      expect(both.map((r) => r.basic.code).sort()).toEqual([200, ErrorCodes.alreadyDone].sort());
      const zh = await t.call(authCalls.findPassword, data, null, { locale: 'zh-CN' });
      expect([zh.basic.code, zh.basic.msg]).toEqual([ErrorCodes.alreadyDone, '该操作已完成（表单可能被重复提交）。']);
    });

    it('checks the invitation link before hashing a password (no argon2 for a bad link)', async () => {
      const r = await t.call(partnerCalls.inviteInstaller, { name: 'Hash Later Ltd', email: 'hash-later@inv.test' }, owner);
      expect(r.basic.code, r.basic.msg).toBe(200);
      const [, inviteId, sign] = (await t.lastMailTo('hash-later@inv.test'))!.text.match(COMPANY_LINK)!;
      const form = {
        inviteId: Number(inviteId),
        companyName: 'Hash Later Ltd',
        contact: 'Ann',
        telephone: '+49 30 1',
        nickName: 'Ann',
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      };
      const before = argon.hashes;
      const bad = await t.call(partnerCalls.registerCompany, { ...form, sign: sign.replace(/^./, (c) => (c === '0' ? '1' : '0')) }, null);
      expect(bad.basic.code).toBe(ErrorCodes.linkInvalid);
      expect(argon.hashes - before).toBe(0);
      const good = await t.call(partnerCalls.registerCompany, { ...form, sign }, null);
      expect(good.basic.code, good.basic.msg).toBe(200);
      expect(argon.hashes - before).toBe(1);
    });
  });
});
