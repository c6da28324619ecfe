/**
 * Signing keys are secrets at rest: a session's key is derived from its token under the server's
 * secret (lib/secrets sessionSignKey) and never stored, for portal sessions and app end-user
 * sessions alike; a session live when migration 0045 ran keeps its stored key until it renews.
 */
import { ACCESS_TOKEN_TTL_MS, appApiCalls, authCalls, companyCalls, ErrorCodes } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../../src/db/client';
import { clearUnusableSignKeys } from '../../../src/lib/jobs/maintenance';
import { endUserSessions, sessions } from '../../../src/db/schema';
import { sessionSignKey, sha256Hex } from '../../../src/lib/secrets';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { APP_A, PASSWORD } from '../../support/fixtures';
import { appCreds } from '../app-api/helpers';

describe.each(ENGINES)('session signing keys (%s)', (engine) => {
  let t: TestApp;
  const list = { pageNum: 1, pageSize: 10 };
  const appA = appCreds(APP_A);
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const derived = (token: string) => sessionSignKey(t.services.config.linkSecret, token);
  const storedKey = async (token: string) => {
    const [row] = await t.database.db
      .select({ signKey: sessions.signKey })
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)));
    expect(row, 'the session row').toBeTruthy();
    return row!.signKey;
  };
  const storedEndUserKey = async (token: string) => {
    const [row] = await t.database.db
      .select({ signKey: endUserSessions.signKey })
      .from(endUserSessions)
      .where(eq(endUserSessions.tokenHash, sha256Hex(token)));
    expect(row, 'the end-user session row').toBeTruthy();
    return row!.signKey;
  };

  describe('portal sessions', () => {
    it('stores no key at login or renewal; the key the client got signs its calls, any other is refused', async () => {
      const s0 = await t.login('owner-a@test.local');
      expect(await storedKey(s0.token)).toBeNull();
      expect(s0.signKey).toBe(derived(s0.token));
      // A wrong key, before the session is cached and once it is.
      expect((await t.call(companyCalls.list, list, { ...s0, signKey: 'not-the-key' })).basic.code).toBe(ErrorCodes.badSign);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(200);
      expect((await t.call(companyCalls.list, list, { ...s0, signKey: 'not-the-key' })).basic.code).toBe(ErrorCodes.badSign);
      // The same derivation under another secret, or the public key, is no key of this session.
      const otherSecret = sessionSignKey('another-server-secret-0123456789abcdef', s0.token);
      expect((await t.call(companyCalls.list, list, { ...s0, signKey: otherSecret })).basic.code).toBe(ErrorCodes.badSign);
      expect((await t.call(companyCalls.list, list, { ...s0, signKey: '' })).basic.code).toBe(ErrorCodes.badSign);
      // Another instance (the same LINK_SECRET) derives the same key.
      const second = await t.secondInstance();
      expect((await second.call(companyCalls.list, list, s0)).basic.code).toBe(200);

      t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
      const renewed = await t.call(authCalls.renew, { renewToken: s0.renewToken }, null);
      expect(renewed.basic.code).toBe(200);
      const s1 = renewed.data;
      expect(s1.signKey).toBe(derived(s1.token));
      expect(s1.signKey).not.toBe(s0.signKey);
      expect(await storedKey(s1.token)).toBeNull();
      expect((await t.call(companyCalls.list, list, s1)).basic.code).toBe(200);
      expect((await second.call(authCalls.me, {}, s1)).basic.code).toBe(200);
      // The new token with the previous key is refused.
      expect((await t.call(companyCalls.list, list, { ...s1, signKey: s0.signKey })).basic.code).toBe(ErrorCodes.badSign);
    });

    it('keeps the key stored before the upgrade until the session renews, then derives it', async () => {
      const s0 = await t.login('dealer-a@test.local');
      // As a session live when migration 0045 ran: its key is the stored one.
      await t.database.db
        .update(sessions)
        .set({ signKey: 'stored-before-0045' })
        .where(eq(sessions.tokenHash, sha256Hex(s0.token)));
      const legacy = { ...s0, signKey: 'stored-before-0045' };
      expect((await t.call(companyCalls.list, list, legacy)).basic.code).toBe(200);
      // Cached now: still the stored key only.
      expect((await t.call(companyCalls.list, list, legacy)).basic.code).toBe(200);
      expect((await t.call(companyCalls.list, list, s0)).basic.code).toBe(ErrorCodes.badSign);

      t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000);
      expect((await t.call(companyCalls.list, list, legacy)).basic.code).toBe(ErrorCodes.tokenExpired);
      const renewed = await t.call(authCalls.renew, { renewToken: legacy.renewToken }, null);
      expect(renewed.basic.code).toBe(200);
      const s1 = renewed.data;
      // The renewal clears the stored key: the new token's key is derived.
      expect(await storedKey(s1.token)).toBeNull();
      expect(s1.signKey).toBe(derived(s1.token));
      expect((await t.call(companyCalls.list, list, s1)).basic.code).toBe(200);
      expect((await t.call(companyCalls.list, list, { ...s1, signKey: 'stored-before-0045' })).basic.code).toBe(ErrorCodes.badSign);
    });
  });

  describe('app end-user sessions', () => {
    it('stores no key at login or renewal; the key the app got signs its calls, any other is refused', async () => {
      const login = await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA);
      expect(login.basic.code, login.basic.msg).toBe(200);
      const s0 = login.data;
      expect(await storedEndUserKey(s0.token)).toBeNull();
      expect(s0.signKey).toBe(derived(s0.token));
      expect((await t.call(appApiCalls.profile, {}, s0)).basic.code).toBe(200);
      expect((await t.call(appApiCalls.profile, {}, { ...s0, signKey: 'not-the-key' })).basic.code).toBe(ErrorCodes.badSign);
      expect((await t.call(appApiCalls.profile, {}, { ...s0, signKey: APP_A.secret })).basic.code).toBe(ErrorCodes.badSign);

      t.clock.advance(t.services.config.accessTokenTtlMs + 1000);
      expect((await t.call(appApiCalls.profile, {}, s0)).basic.code).toBe(ErrorCodes.tokenExpired);
      const renewed = await t.call(appApiCalls.renew, { renewToken: s0.renewToken }, appA);
      expect(renewed.basic.code, renewed.basic.msg).toBe(200);
      const s1 = renewed.data;
      expect(await storedEndUserKey(s1.token)).toBeNull();
      expect(s1.signKey).toBe(derived(s1.token));
      expect((await t.call(appApiCalls.profile, {}, s1)).basic.code).toBe(200);
      expect((await t.call(appApiCalls.profile, {}, { ...s1, signKey: s0.signKey })).basic.code).toBe(ErrorCodes.badSign);
    });

    it('keeps the key stored before the upgrade until the session renews, then derives it', async () => {
      const s0 = (await t.call(appApiCalls.login, { account: 'enduser-a@test.local', password: PASSWORD }, appA)).data;
      await t.database.db
        .update(endUserSessions)
        .set({ signKey: 'stored-before-0045' })
        .where(eq(endUserSessions.tokenHash, sha256Hex(s0.token)));
      const legacy = { ...s0, signKey: 'stored-before-0045' };
      expect((await t.call(appApiCalls.profile, {}, legacy)).basic.code).toBe(200);
      expect((await t.call(appApiCalls.profile, {}, s0)).basic.code).toBe(ErrorCodes.badSign);
      const renewed = await t.call(appApiCalls.renew, { renewToken: legacy.renewToken }, appA);
      expect(renewed.basic.code, renewed.basic.msg).toBe(200);
      const s1 = renewed.data;
      expect(await storedEndUserKey(s1.token)).toBeNull();
      expect((await t.call(appApiCalls.profile, {}, s1)).basic.code).toBe(200);
      expect((await t.call(appApiCalls.profile, {}, { ...s1, signKey: 'stored-before-0045' })).basic.code).toBe(ErrorCodes.badSign);
    });
  });

  it('migration 0045 clears the stored keys no call can use, keeps the live ones and drops prev_sign_key', async () => {
    const q = (text: string, params?: unknown[]) => t.database.query<Record<string, unknown>>(text, params);
    // The tables as 0044 left them: keys stored, the previous key's column present.
    await q(`alter table sessions add column prev_sign_key text`);
    const userId = t.world.users.noCodesA.id;
    const portal = async (name: string, ended: boolean, idleHours: number) => {
      await q(
        `insert into sessions (user_id, token_hash, renew_token_hash, sign_key, prev_sign_key, token_expires_at, last_active_at, ended_at)
         values ($1, $2, $3, $4, $4, now() + interval '10 minutes', now() - make_interval(hours => $5::int), $6)`,
        [userId, `mig-${name}`, `mig-renew-${name}`, `key-${name}`, idleHours, ended ? new Date() : null],
      );
    };
    await portal('live', false, 0);
    await portal('ended', true, 0);
    await portal('idle', false, 3);
    const { endUserA, keyA } = t.world.app;
    const endUser = async (name: string, ended: boolean, idleDays: number) => {
      await q(
        `insert into end_user_sessions (end_user_id, app_key_id, token_hash, renew_token_hash, sign_key, token_expires_at, last_active_at, ended_at)
         values ($1, $2, $3, $4, $5, now() + interval '10 minutes', now() - make_interval(days => $6::int), $7)`,
        [endUserA.id, keyA.id, `mig-eu-${name}`, `mig-eu-renew-${name}`, `key-eu-${name}`, idleDays, ended ? new Date() : null],
      );
    };
    await endUser('live', false, 1);
    await endUser('ended', true, 0);
    await endUser('idle', false, 31);

    const file = readFileSync(path.join(MIGRATIONS_FOLDER, '0045_derived_sign_keys.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await q(statement);

    const keys = async (table: string) =>
      Object.fromEntries(
        (await q(`select token_hash, sign_key from ${table} where token_hash like 'mig-%' order by token_hash`)).rows.map((r) => [
          r.token_hash,
          r.sign_key,
        ]),
      );
    expect(await keys('sessions')).toEqual({ 'mig-ended': null, 'mig-idle': null, 'mig-live': 'key-live' });
    expect(await keys('end_user_sessions')).toEqual({ 'mig-eu-ended': null, 'mig-eu-idle': null, 'mig-eu-live': 'key-eu-live' });
    const prevColumn = await q(`select 1 from information_schema.columns where table_name = 'sessions' and column_name = 'prev_sign_key'`);
    expect(prevColumn.rows).toEqual([]);
  });

  it('the housekeeping job clears, later, the stored keys of sessions that ended or went idle since the upgrade', async () => {
    const q = (text: string, params?: unknown[]) => t.database.query<Record<string, unknown>>(text, params);
    const userId = t.world.users.noCodesA.id;
    const { endUserA, keyA } = t.world.app;
    // Sessions live at the upgrade (keys stored), and how they stand at the job's run.
    for (const [name, ended, idleMinutes] of [
      ['live', false, 60],
      ['ended', true, 0],
      ['idle', false, 121],
    ] as const) {
      await q(
        `insert into sessions (user_id, token_hash, renew_token_hash, sign_key, token_expires_at, last_active_at, ended_at)
         values ($1, $2, $3, $4, now(), now() - make_interval(mins => $5::int), $6)`,
        [userId, `sweep-${name}`, `sweep-renew-${name}`, `key-${name}`, idleMinutes, ended ? new Date() : null],
      );
    }
    for (const [name, ended, idleDays] of [
      ['live', false, 29],
      ['ended', true, 0],
      ['idle', false, 31],
    ] as const) {
      await q(
        `insert into end_user_sessions (end_user_id, app_key_id, token_hash, renew_token_hash, sign_key, token_expires_at, last_active_at, ended_at)
         values ($1, $2, $3, $4, $5, now(), now() - make_interval(days => $6::int), $7)`,
        [endUserA.id, keyA.id, `sweep-eu-${name}`, `sweep-eu-renew-${name}`, `key-eu-${name}`, idleDays, ended ? new Date() : null],
      );
    }
    const keys = async (table: string) =>
      Object.fromEntries(
        (await q(`select token_hash, sign_key from ${table} where token_hash like 'sweep-%' order by token_hash`)).rows.map((r) => [
          r.token_hash,
          r.sign_key,
        ]),
      );
    expect(await clearUnusableSignKeys(t.database)).toBe(4);
    expect(await keys('sessions')).toEqual({ 'sweep-ended': null, 'sweep-idle': null, 'sweep-live': 'key-live' });
    expect(await keys('end_user_sessions')).toEqual({ 'sweep-eu-ended': null, 'sweep-eu-idle': null, 'sweep-eu-live': 'key-eu-live' });
    // Nothing left to clear: a second run changes nothing.
    expect(await clearUnusableSignKeys(t.database)).toBe(0);
  });
});
