/**
 * Bad input never reaches a 500 (issue 11 §1.8): every call of the contract registry, fuzzed from
 * its own zod schema (packages/contract/src/fuzz.ts, shared with `npm run bench -- --only fuzz`),
 * sent properly signed by the caller its `auth` names: portal calls with a real session (a supplier
 * and a partner owner; public calls also without one), the app-facing calls with a test app's
 * credentials ('appKey': its appId, signed with its secret) or an end user's session ('endUser'), so
 * that their handlers, not the caller check, meet the data. Every answer must be below 500 and carry
 * a catalogue code. Then whole bodies that are wrong, and the raw routes (file upload, package chunk
 * upload, export, device API).
 */
import {
  ALL_CALLS,
  API_PREFIX,
  appApiCalls,
  appKeyCalls,
  buildBasic,
  callUrlPath,
  DEVICE_API_PATHS,
  DEVICE_API_PREFIX,
  ErrorCodes,
  FILE_UPLOAD_PATH,
  isKnownErrorCode,
  SESSION_ENDING_CODES,
  STORAGE_PATH_PREFIX,
  type CallDef,
} from '@portal/contract';
import { deeplyNested, FUZZ_DEEP_LEVELS, fuzzData, malformedBodies, seededRng } from '@portal/contract/fuzz';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appKeys, companies, endUsers, users } from '../../src/db/schema';
import { RESULT_EXPORT_DOWNLOAD_PATH } from '../../src/modules/cloud-upgrade/export.service';
import { createTestApp, type Session, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';
import { APP_A, PASSWORD } from '../support/fixtures';
import { appCreds } from './app-api/helpers';

/** Cases per call and session: a few, so the whole file stays well under a minute on PGlite. */
const PER_CALL = { valid: 2, hostile: 3 };
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);

interface Failure {
  what: string;
  status: number;
  code: unknown;
  data?: string;
}

function verdict(what: string, status: number, body: unknown, data?: unknown): Failure | null {
  const code = (body as { basic?: { code?: unknown }; code?: unknown } | null)?.basic?.code ?? (body as { code?: unknown } | null)?.code;
  if (status < 500 && typeof code === 'number' && isKnownErrorCode(code)) return null;
  return { what, status, code, data: data === undefined ? undefined : JSON.stringify(data).slice(0, 300) };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Who signs a fuzzed call: a portal account, nobody, partner A's app (appKey) or its end user (endUser). */
type Who = 'supplier' | 'partnerOwner' | 'public' | 'appKey' | 'endUser';

/** The callers a call is fuzzed as, by its `auth`: each one that gets past the caller check to the data. */
function callersOf(call: Pick<CallDef, 'auth'>): readonly Who[] {
  if (call.auth === 'public') return ['public', 'partnerOwner'];
  if (call.auth === 'appKey') return ['appKey'];
  if (call.auth === 'endUser') return ['endUser'];
  return ['supplier', 'partnerOwner'];
}

describe.each(ENGINES)('fuzz: bad input never reaches a 500 (%s)', (engine) => {
  let t: TestApp;
  const sessions: Partial<Record<Who, Session | null>> = {};
  const accounts = { supplier: 'supplier@test.local', partnerOwner: 'owner-a@test.local' } as const;
  const endUserEmail = 'enduser-a@test.local';

  /** App A's key as the fixtures made it: a fuzzed rotate or disable (the partner owner may) is undone before an end user signs in. */
  let keyA: typeof appKeys.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp(engine);
    keyA = (await t.database.db.select().from(appKeys).where(eq(appKeys.id, t.world.app.keyA.id)))[0]!;
    sessions.supplier = await t.login(accounts.supplier);
    sessions.partnerOwner = await t.login(accounts.partnerOwner);
    sessions.appKey = appCreds(APP_A);
    sessions.endUser = await endUserLogin();
  });
  afterAll(() => t?.close());

  /**
   * One signed call with arbitrary data, at the call's own URL; a session ended by the call itself
   * (logout, account deletion) is opened again.
   */
  async function send(call: CallDef, who: Who, data: unknown): Promise<{ status: number; body: unknown }> {
    const session = who === 'public' ? null : sessions[who]!;
    const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path: call.path, data, now: t.clock.now() });
    const res = await t.app.inject({
      method: 'POST',
      url: callUrlPath(call),
      payload: JSON.stringify({ basic, data }),
      headers: { 'content-type': 'application/json' },
    });
    const body = parseJson(res.body);
    const code = (body as { basic?: { code?: number } } | null)?.basic?.code;
    const ended =
      (typeof code === 'number' && (SESSION_ENDING_CODES.includes(code) || code === ErrorCodes.endUserFrozen)) ||
      (code === 200 && (call.path === appApiCalls.logout.path || call.path === appApiCalls.deleteAccount.path));
    // A rotated or disabled app key would turn every later app-facing call away at its caller check.
    if (code === 200 && (call.path === appKeyCalls.rotate.path || call.path === appKeyCalls.disable.path)) await restoreKeyA();
    if (ended && who === 'endUser') sessions.endUser = await endUserLogin();
    else if (ended && (who === 'supplier' || who === 'partnerOwner')) sessions[who] = await relogin(who);
    return { status: res.statusCode, body };
  }

  async function restoreKeyA() {
    await t.database.db
      .update(appKeys)
      .set({ secretEnc: keyA.secretEnc, secretLast4: keyA.secretLast4, status: keyA.status })
      .where(eq(appKeys.id, keyA.id));
  }

  /**
   * Partner A's end user signs in through partner A's app; an account a fuzzed call locked, froze or
   * deleted, or the app's key a fuzzed call rotated or disabled, is put back first.
   */
  async function endUserLogin(): Promise<Session> {
    const login = () => t.call(appApiCalls.login, { account: endUserEmail, password: PASSWORD }, appCreds(APP_A));
    let r = await login();
    if (r.basic.code !== 200) {
      const { passwordHash } = (await t.database.db.select().from(users).where(eq(users.id, t.world.users.noCodesA.id)))[0]!;
      await t.database.db
        .update(endUsers)
        .set({ passwordHash, status: 'normal', failedLogins: 0, lockedUntil: null, deletedAt: null })
        .where(eq(endUsers.id, t.world.app.endUserA.id));
      await restoreKeyA();
      r = await login();
    }
    if (r.basic.code !== 200) throw new Error(`end user login failed: ${r.basic.code} ${r.basic.msg}`);
    return r.data as Session;
  }

  /** Logs in again; an account a fuzzed call locked, froze or gave a new password is put back first. */
  async function relogin(who: keyof typeof accounts): Promise<Session> {
    try {
      return await t.login(accounts[who]);
    } catch {
      const user = who === 'supplier' ? t.world.users.supplierUser : t.world.users.ownerA;
      const [{ passwordHash }] = await t.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, t.world.users.noCodesA.id));
      await t.database.db
        .update(users)
        .set({ passwordHash, status: 'normal', failedLogins: 0, lockedUntil: null })
        .where(eq(users.id, user.id));
      await t.database.db.update(companies).set({ status: 'active' }).where(eq(companies.id, user.companyId));
      return t.login(accounts[who]);
    }
  }

  /**
   * Cases left out so that the run keeps its callers: writes naming the callers themselves or
   * their companies (delete, disable, freeze), and a login the schema accepts (a wrong password
   * counts towards the lockout), the portal's or the app's.
   */
  function leftOut(call: CallDef, data: unknown): boolean {
    if (call.path === 'auth/login' || call.path === appApiCalls.login.path) return call.data.safeParse(data).success;
    if (!call.write || !data || typeof data !== 'object') return false;
    const d = data as Record<string, unknown>;
    const ownUsers = [t.world.users.supplierUser.id, t.world.users.ownerA.id];
    const ownCompanies = [t.world.companies.supplier.id, t.world.companies.partnerA.id];
    return ownUsers.includes(d.userId as number) || ['companyId', 'coId', 'corpId'].some((k) => ownCompanies.includes(d[k] as number));
  }

  it('every call of the registry, valid-shaped and hostile data, as the callers its auth names', { timeout: 240_000 }, async () => {
    const rng = seededRng(SEED);
    const failures: Failure[] = [];
    let requests = 0;
    let planned = 0;
    const seenCodes = new Set<number>();
    /** Codes the app-facing calls answered: proof they were not all refused at the caller check. */
    const appCodes = new Map<string, Set<number>>();
    for (const call of ALL_CALLS) {
      const callers = callersOf(call);
      planned += callers.length * (PER_CALL.valid + PER_CALL.hostile);
      for (const who of callers) {
        for (const { kind, data } of fuzzData(call.data, rng, PER_CALL)) {
          if (leftOut(call, data)) continue;
          const r = await send(call, who, data);
          requests++;
          const code = (r.body as { basic?: { code?: number } } | null)?.basic?.code;
          if (typeof code === 'number') seenCodes.add(code);
          if ((who === 'appKey' || who === 'endUser') && typeof code === 'number') {
            appCodes.set(call.path, (appCodes.get(call.path) ?? new Set()).add(code));
          }
          const f = verdict(`${call.path} as ${who} (${kind})`, r.status, r.body, data);
          if (f) failures.push(f);
        }
        t.clock.advance(1000);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(planned * 0.9);
    // The run reached handlers, not only validation: some calls succeeded and some were refused for their data.
    expect(seenCodes.has(200)).toBe(true);
    expect(seenCodes.has(ErrorCodes.invalidParams)).toBe(true);
    // Every app-facing call got past its caller check (its data was parsed, and refused or used),
    // not only refused for the caller (wrong kind of token, bad sign, unknown key).
    const appCalls = ALL_CALLS.filter((c) => c.auth === 'appKey' || c.auth === 'endUser');
    expect(appCalls.length).toBeGreaterThanOrEqual(30);
    const callerRefusals: number[] = [ErrorCodes.badSign, ErrorCodes.tokenInvalid, ErrorCodes.appKeyInvalid, ErrorCodes.forbidden];
    const unreached = appCalls
      .map((c) => ({ path: c.path, codes: [...(appCodes.get(c.path) ?? [])] }))
      .filter((c) => c.codes.every((code) => callerRefusals.includes(code)));
    expect(unreached).toEqual([]);
    expect([...appCodes.values()].some((codes) => codes.has(ErrorCodes.invalidParams))).toBe(true);
  });

  it('whole bodies that are wrong, on a public and a signed call', async () => {
    const failures: Failure[] = [];
    const list = ALL_CALLS.find((c) => c.path === 'customer/company/list')!;
    const userExist = ALL_CALLS.find((c) => c.path === 'auth/user-exist')!;
    for (const [call, session] of [
      [userExist, null],
      [list, sessions.partnerOwner],
    ] as const) {
      const basic = buildBasic({
        token: session?.token ?? '',
        signKey: session?.signKey ?? '',
        path: call.path,
        data: {},
        now: t.clock.now(),
      });
      for (const b of malformedBodies(basic)) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API_PREFIX}/${call.path}`,
          payload: typeof b.payload === 'string' ? b.payload : Buffer.from(b.payload),
          headers: { 'content-type': b.contentType ?? 'application/json' },
        });
        const f = verdict(`${call.path}: ${b.name}`, res.statusCode, parseJson(res.body));
        if (f) failures.push(f);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers data nested 10,000 deep with 1030 and a NUL character with 1031, localized, before the sign is checked', async () => {
    const s = sessions.partnerOwner!;
    const basic = buildBasic({ token: s.token, signKey: s.signKey, path: 'customer/company/list', data: {}, now: t.clock.now() });
    const deep = `{"basic":${JSON.stringify(basic)},"data":${'['.repeat(FUZZ_DEEP_LEVELS)}${']'.repeat(FUZZ_DEEP_LEVELS)}}`;
    const r1 = await t.raw('/v1.0/customer-api/customer/company/list', deep, { 'x-locale': 'zh-CN' });
    expect(r1.status).toBe(200);
    expect(r1.basic.code).toBe(ErrorCodes.inputTooDeep);
    expect(r1.basic.msg).toContain('嵌套');

    const data = { pageNum: 1, pageSize: 10, searchText: 'a\u0000b' };
    const r2 = await t.call(
      ALL_CALLS.find((c) => c.path === 'customer/company/list')!,
      data as never,
      s,
    );
    expect(r2.basic.code).toBe(ErrorCodes.inputBadCharacter);
    expect(r2.basic.msg).toContain('data.searchText');

    const r3 = await t.raw('/v1.0/customer-api/auth/user-exist', `{"basic":${JSON.stringify(basic)},"data":{"n":1e400}}`);
    expect(r3.basic.code).toBe(ErrorCodes.numberOutOfRange);

    // The device API answers the same refusal in its own form, as bad input (400).
    const dev = await t.app.inject({
      method: 'POST',
      url: `${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.poll}`,
      payload: '{"sn":"A\\u0000B"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(dev.statusCode).toBe(400);
    expect(dev.json()).toMatchObject({ code: ErrorCodes.inputBadCharacter, data: null });

    // 200 levels: deep enough to refuse, shallow enough to sign; still refused before signing matters.
    const r4 = await t.call(
      ALL_CALLS.find((c) => c.path === 'auth/user-exist')!,
      { email: deeplyNested(200) } as never,
      null,
    );
    expect(r4.basic.code).toBe(ErrorCodes.inputTooDeep);
  });

  it('the raw routes answer hostile input with catalogue codes', async () => {
    const failures: Failure[] = [];
    const s = sessions.partnerOwner!;
    const rng = seededRng(SEED + 1);
    const hostileStrings = [
      '',
      '\u0000',
      'a\u0000b',
      'x'.repeat(5000),
      '../../etc/passwd',
      '%00',
      '\ud800',
      "' or 1=1 --",
      '1e400',
      '-1',
      '99999999999999999999',
    ];
    // A lone surrogate cannot be percent-encoded: sent as the invalid UTF-8 it would be.
    const enc = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%ED%A0%80';
      }
    };
    const inject = async (what: string, opts: InjectOptions) => {
      const res = await t.app.inject(opts);
      const f = verdict(what, res.statusCode, parseJson(res.body));
      // Downloads answer bytes or an empty 4xx; only a JSON answer carries a code.
      if (f && (res.statusCode >= 500 || (res.headers['content-type'] ?? '').toString().includes('json'))) failures.push(f);
    };

    // file/upload: X-Basic header and query hostile, body arbitrary bytes.
    for (const v of hostileStrings) {
      const basic = buildBasic({
        token: s.token,
        signKey: s.signKey,
        path: FILE_UPLOAD_PATH,
        data: { purpose: 'import', name: v, size: 3, sha256: '0' },
        now: t.clock.now(),
      });
      await inject(`file/upload name=${JSON.stringify(v).slice(0, 30)}`, {
        method: 'POST',
        url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=import&name=${enc(v)}`,
        payload: Buffer.from('abc'),
        headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
      });
      await inject(`file/upload x-basic=${JSON.stringify(v).slice(0, 30)}`, {
        method: 'POST',
        url: `${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=${enc(v)}&name=a.xlsx`,
        payload: Buffer.from('abc'),
        headers: { 'content-type': 'application/octet-stream', 'x-basic': enc(v) },
      });
    }
    // Package chunks and status: hostile ids, indexes and tokens.
    for (const v of hostileStrings) {
      const seg = enc(v);
      await inject(`chunk pkgId=${seg.slice(0, 30)}`, {
        method: 'PUT',
        url: `${STORAGE_PATH_PREFIX}/uploads/firmware/${seg || '0'}/chunks/${seg || '0'}`,
        payload: Buffer.from('x'),
        headers: { 'content-type': 'application/octet-stream', 'x-security-token': v.replace(/[^\x20-\x7e]/g, '') },
      });
      await inject(`status pkgId=${seg.slice(0, 30)}`, {
        method: 'GET',
        url: `${STORAGE_PATH_PREFIX}/uploads/firmware/${seg || '0'}/status`,
      });
      await inject(`download ${seg.slice(0, 30)}`, { method: 'GET', url: `${STORAGE_PATH_PREFIX}/firmware/${seg || '0'}` });
      // Export download: a signed link's query, hostile.
      await inject(`export ${seg.slice(0, 30)}`, {
        method: 'GET',
        url: `${RESULT_EXPORT_DOWNLOAD_PATH}?token=${seg}&exp=${seg}&sig=${seg}`,
      });
    }
    // Device API: hostile JSON bodies and Authorization headers.
    const { hostileValue } = await import('@portal/contract/fuzz');
    for (const p of [DEVICE_API_PATHS.register, DEVICE_API_PATHS.poll, DEVICE_API_PATHS.report]) {
      for (let i = 0; i < 12; i++) {
        const body =
          i % 3 === 0
            ? hostileValue(rng)
            : {
                sn: hostileValue(rng),
                mac: 'A1B2C3D4E5F6',
                key: hostileValue(rng),
                model: 'IPC-200',
                version: hostileValue(rng),
                taskId: hostileValue(rng),
                status: hostileValue(rng),
              };
        await inject(`device-api ${p} #${i}`, {
          method: 'POST',
          url: `${DEVICE_API_PREFIX}/${p}`,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            authorization: `Device ${String(hostileStrings[i % hostileStrings.length]).replace(/[^\x20-\x7e]/g, '')}:x`,
          },
        });
      }
      await inject(`device-api ${p} deep`, {
        method: 'POST',
        url: `${DEVICE_API_PREFIX}/${p}`,
        payload: `{"sn":${'['.repeat(FUZZ_DEEP_LEVELS)}${']'.repeat(FUZZ_DEEP_LEVELS)}}`,
        headers: { 'content-type': 'application/json' },
      });
      await inject(`device-api ${p} NUL`, {
        method: 'POST',
        url: `${DEVICE_API_PREFIX}/${p}`,
        payload: '{"sn":"A\\u0000B"}',
        headers: { 'content-type': 'application/json' },
      });
    }
    await inject('device-api download hostile', {
      method: 'GET',
      url: `${DEVICE_API_PREFIX}/${DEVICE_API_PATHS.download}?t=%00&exp=1e400&sig=${'f'.repeat(5000)}`,
    });
    expect(failures).toEqual([]);
  });
});
