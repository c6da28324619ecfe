/**
 * `npm run bench -- --only fuzz`: every call of the contract registry fuzzed from its zod schema
 * (the generator of the API fuzz test, @portal/contract/fuzz), sent signed over HTTP to the running
 * server as the callers each call's `auth` names: portal calls as the demo supplier and the Bench
 * Partner's owner (public calls also without a session), the app-facing calls as the Bench
 * Partner's app ('appKey': signed with its secret) or one of its end users ('endUser': a session
 * the large seed made ready), so that their handlers meet the data; plus whole bodies that are
 * wrong. Prints
 *   bench fuzz calls=<n> requests=<n> status_5xx=<n>
 * and fails when any answer was a 5xx or carried a code outside the catalogue.
 *
 * The bench database is shared with the other cases, so this run changes nothing in it: data that
 * its call's schema accepts is only sent to calls that read (not to writes, not to the logins,
 * which count failures, nor to logout); everything else sent is refused by the schema or before it.
 */
import { ALL_CALLS, buildBasic, callUrlPath, ErrorCodes, isKnownErrorCode, SESSION_ENDING_CODES, type CallDef } from '@portal/contract';
import { fuzzData, malformedBodies, seededRng } from '@portal/contract/fuzz';
import { DEMO_ACCOUNTS } from '../seed/demo';
import { BENCH_APP_KEY, BENCH_END_USER_SESSIONS, benchEndUserSession, renewBenchSessions } from '../seed/large-orders';
import { JSON_HEADERS, nextNonce, type Session } from './api';
import type { BenchCase } from './types';

/** Cases per call and caller: more than the API test's 2 + 3. */
const PER_CALL = { valid: 6, hostile: 14 };
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const NEVER_VALID = new Set(['auth/login', 'auth/logout', 'app-api/account/login', 'app-api/account/logout']);

type Who = 'public' | 'supplier' | 'owner' | 'appKey' | 'endUser';

/** The callers a call is fuzzed as, by its `auth`: each one that gets past the caller check to the data. */
function callersOf(call: CallDef): Who[] {
  if (call.auth === 'public') return ['public', 'owner'];
  if (call.auth === 'appKey') return ['appKey'];
  if (call.auth === 'endUser') return ['endUser'];
  return ['supplier', 'owner'];
}

export function fuzzCase(): BenchCase {
  return {
    kind: 'oneshot',
    // A server of its own (restarted: the earlier cases' sign-ins from this address had used up the
    // per-address sign-in limit, and the fuzz then met 1008 at its first login), with the limits
    // twenty times wider, as in the end-to-end suite: the fuzz still meets them on the calls it repeats.
    serverEnv: { RATE_LIMITS: '20' },
    summary: `every call of the contract (${ALL_CALLS.length}) with valid-shaped and hostile data, as the caller its auth names (app calls as the Bench Partner's app and an end user), and malformed bodies: no 5xx, catalogue codes only`,
    async prepareDatabase(db) {
      // The end users' ready sessions expire in a day: renewed, as the app-facing cases do.
      await renewBenchSessions(db.database);
    },
    async run(ctx) {
      const supplierAccount = DEMO_ACCOUNTS.find((a) => a.role === 'supplier admin')!;
      // The last bench end users' ready sessions, in turn when a fuzzed call ends one.
      let endUserN = BENCH_END_USER_SESSIONS;
      const sessions: Record<Exclude<Who, 'public'>, Session> = {
        supplier: await ctx.login(supplierAccount),
        owner: await ctx.login(),
        appKey: { token: BENCH_APP_KEY.appId, signKey: BENCH_APP_KEY.secret },
        endUser: benchEndUserSession(endUserN),
      };
      const relogin = async (who: Exclude<Who, 'public'>) => {
        if (who === 'appKey') return;
        if (who === 'endUser') sessions.endUser = benchEndUserSession(--endUserN);
        else sessions[who] = who === 'supplier' ? await ctx.login(supplierAccount) : await ctx.login();
      };
      const rng = seededRng(SEED);
      let requests = 0;
      let status5xx = 0;
      const failures: string[] = [];

      const post = async (call: CallDef, who: Who, payload: string | Uint8Array, contentType = JSON_HEADERS['content-type']) => {
        const res = await fetch(`${ctx.origin}${callUrlPath(call)}`, {
          method: 'POST',
          headers: { 'content-type': contentType },
          body: payload,
        });
        const text = await res.text();
        requests++;
        let code: unknown;
        try {
          code = (JSON.parse(text) as { basic?: { code?: unknown } }).basic?.code;
        } catch {
          code = undefined;
        }
        if (res.status >= 500) status5xx++;
        if (res.status >= 500 || typeof code !== 'number' || !isKnownErrorCode(code)) {
          if (failures.length < 20)
            failures.push(`${call.path} as ${who}: HTTP ${res.status} code ${String(code)} body ${text.slice(0, 160)}`);
        }
        const ended =
          typeof code === 'number' && (SESSION_ENDING_CODES.includes(code) || (who === 'endUser' && code === ErrorCodes.endUserFrozen));
        if (who !== 'public' && ended) await relogin(who);
      };
      const signed = (who: Who, path: string, data: unknown) => {
        const s = who === 'public' ? null : sessions[who];
        const basic = buildBasic({ token: s?.token ?? '', signKey: s?.signKey ?? '', path, data, nonce: nextNonce() });
        return JSON.stringify({ basic, data });
      };

      for (const [i, call] of ALL_CALLS.entries()) {
        if (i % 20 === 0) ctx.log(`bench: fuzz: call ${i + 1} of ${ALL_CALLS.length}, ${requests} requests so far`);
        const callers = callersOf(call);
        const mayPass = !call.write && call.auth !== 'public' && !NEVER_VALID.has(call.path);
        for (const who of callers) {
          for (const { data } of fuzzData(call.data, rng, PER_CALL)) {
            if (!mayPass && call.data.safeParse(data).success) continue;
            await post(call, who, signed(who, call.path, data));
          }
        }
      }
      // Whole bodies that are wrong, on a public call and on a signed one.
      const bodyCalls: Array<[string, Who]> = [
        ['auth/user-exist', 'public'],
        ['customer/company/list', 'owner'],
      ];
      for (const [path, who] of bodyCalls) {
        const call = ALL_CALLS.find((c) => c.path === path)!;
        const s = who === 'public' ? null : sessions[who];
        for (const b of malformedBodies(
          buildBasic({ token: s?.token ?? '', signKey: s?.signKey ?? '', path, data: {}, nonce: nextNonce() }),
        )) {
          await post(call, who, b.payload, b.contentType);
        }
      }

      console.log(`bench fuzz calls=${ALL_CALLS.length} requests=${requests} status_5xx=${status5xx}`);
      for (const f of failures) ctx.log(`bench: fuzz: ${f}`);
      if (failures.length)
        throw new Error(`${failures.length}${failures.length === 20 ? '+' : ''} answers were a 5xx or outside the catalogue`);
    },
  };
}
