/**
 * The way a call flows (ARCHITECTURE.md): envelope check (sign, nonce, time, token) -> session and
 * current area -> validate `data` with the contract schema -> authorize the resource code ->
 * handler (one transaction for writes, with the operation log) -> contract result shape.
 * Any failure is an AppError answered `{ basic: { code, msg } }` by the error handler.
 */
import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  APP_VERSION_PATTERN,
  END_USER_LOG_PLATFORMS,
  ErrorCodes,
  IDLE_TIMEOUT_MS,
  PUBLIC_SIGN_KEY,
  RENEWAL_GRACE_MS,
  SIGN_TIME_WINDOW_MS,
  requestEnvelopeSchema,
  type Basic,
  type CallAuth,
  type CallDef,
  type Locale,
  type ResourceCode,
  callUrlPath,
  canonicalJson,
  isAppCall,
  normalizeLocale,
  signingString,
  IDLE_CHECK_INTERVAL_MS,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { captureAuditBefore, completeAudit, isLoggedCall, writeOperationLog, type AuditCapture } from '../lib/audit';
import type { Clock } from '../lib/clock';
import type { Actor, AppCaller, AppCallerResolver, AppCallRecorder, AuditEntry, CallContext } from '../lib/context';
import type { CallImpl } from '../lib/implement';
import type { AppServices } from '../lib/services';
import { hmacHex, safeEqualHex, sessionSignKey, sha256Hex } from '../lib/secrets';
import {
  clearPreviousTokens,
  endSession,
  findRenewedAwaySession,
  resolveSessionAndNonce,
  sessionDeps,
  touchSession,
  type ResolvedSession,
} from '../modules/auth/session.repository';
import { localizeIssues } from '../lib/validation-messages';
import { callRun } from './call-transaction';
import type { CallRateLimiter } from './rate-limits';

export interface CallRouterDeps {
  database: Database;
  clock: Clock;
  impls: readonly CallImpl[];
  services: AppServices;
  /** Rate limits of the contract's calls (RATE_LIMITS); none when not given. */
  rateLimiter?: CallRateLimiter;
  /** Credentials of the app-facing calls (the app-api module); app calls are refused without it. */
  appCallers?: AppCallerResolver;
  /** The end-user log (the insight module): every answered app call of a known brand is noted. */
  appCallLog?: AppCallRecorder;
}

export function requestLocale(req: FastifyRequest, fallback?: string): Locale {
  const h = req.headers['x-locale'];
  if (typeof h === 'string' && h) return normalizeLocale(h);
  if (fallback) return normalizeLocale(fallback);
  const al = req.headers['accept-language'];
  return normalizeLocale(typeof al === 'string' ? al.split(',')[0] : undefined);
}

/**
 * `req.log.child(bindings)`, made only when something is logged at an enabled level: building a
 * pino child serialises its bindings, which every call paid for while most calls log nothing.
 * Lines that are written carry the same bindings as before.
 */
const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Record<string, unknown>): FastifyBaseLogger {
  let child: FastifyBaseLogger | undefined;
  const real = () => (child ??= parent.child(bindings));
  const noop = () => {};
  const enabled = (parent as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.bind(parent);
  return new Proxy(parent, {
    get(_target, prop) {
      if (!child && enabled && typeof prop === 'string' && LOG_METHODS.has(prop) && !enabled(prop)) return noop;
      const c = real();
      const v = Reflect.get(c, prop, c) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(c) : v;
    },
    set(_target, prop, value) {
      return Reflect.set(real(), prop, value);
    },
  });
}

/** sha256 of the canonical form of `data`, as the contract's dataDigest, with node:crypto. */
const dataDigestNode = (data: unknown) => sha256Hex(canonicalJson(data ?? null));

export function callUrl(call: CallDef) {
  return callUrlPath(call);
}

type SignDeps = { services: Pick<AppServices, 'config'> };

/**
 * The key a session's call is signed with: derived from the token the call carries (never stored),
 * or the one a session live at migration 0045 still keeps until it renews or ends.
 */
const sessionKeyOf = (deps: SignDeps, session: ResolvedSession['session'], token: string) =>
  session.storedSignKey ?? sessionSignKey(deps.services.config.linkSecret, token);

/**
 * The session a signed call names, its sign checked and its nonce recorded under it (1006 bad sign,
 * 1008 replayed nonce). A cached session (read cache, dropped when its row, a user or a company
 * changes) costs one small insert for the nonce; otherwise session and nonce are one round trip,
 * and the session is kept. Null when the token names no session.
 */
async function resolveSession(
  deps: { database: Database; services: Pick<AppServices, 'reads' | 'nonces' | 'config'> },
  tokenHash: string,
  basic: Basic,
  rawData: unknown,
  callPath: string,
  nonceExpiresAt: Date,
): Promise<ResolvedSession | null> {
  const { database } = deps;
  const reads = deps.services.reads;
  const key = `session|${tokenHash}`;
  const cached = reads.peek<ResolvedSession>(key);
  if (cached) {
    const expected = hmacHex(sessionKeyOf(deps, cached.session, basic.token), signingString(basic, dataDigestNode(rawData), callPath));
    if (!safeEqualHex(expected, basic.sign)) throw new AppError(ErrorCodes.badSign);
    if (!(await deps.services.nonces.record(`s${cached.session.id}:${basic.nonce}`, nonceExpiresAt)))
      throw new AppError(ErrorCodes.replayedNonce);
    // Changed while the nonce was written (ended, user disabled, company frozen): read it again.
    return reads.peek<ResolvedSession>(key) ?? (await resolveSessionAndNonce(database, tokenHash));
  }
  const token = reads.begin();
  const nonces = deps.services.nonces;
  // Nonces kept by the database: recorded in the same round trip as the session is read.
  const found =
    nonces.mode === 'database'
      ? await resolveSessionAndNonce(database, tokenHash, basic.nonce, nonceExpiresAt)
      : await resolveSessionAndNonce(database, tokenHash);
  if (!found) return null;
  const expected = hmacHex(sessionKeyOf(deps, found.session, basic.token), signingString(basic, dataDigestNode(rawData), callPath));
  if (!safeEqualHex(expected, basic.sign)) throw new AppError(ErrorCodes.badSign);
  const fresh = 'nonceFresh' in found ? found.nonceFresh : await nonces.record(`s${found.session.id}:${basic.nonce}`, nonceExpiresAt);
  if (!fresh) throw new AppError(ErrorCodes.replayedNonce);
  const resolved: ResolvedSession = { session: found.session, user: found.user, company: found.company, scope: found.scope };
  reads.keep(key, token, sessionDeps(resolved), resolved);
  return resolved;
}

/**
 * Whether `tokenHash` is a session's previous token, replaced by a renewal less than
 * RENEWAL_GRACE_MS ago whose new token has not been used since, and the call is signed with that
 * token's key (derived from it, as when it was issued): its client lost the renewal's answer, and is
 * told 7004 to renew (with its previous renewal token) rather than 7003. Nothing is recorded and no
 * session is acted for.
 */
async function renewedAway(
  deps: { database: Database } & SignDeps,
  tokenHash: string,
  basic: Basic,
  rawData: unknown,
  callPath: string,
  now: number,
) {
  const prev = await findRenewedAwaySession(deps.database.db, tokenHash, new Date(now - RENEWAL_GRACE_MS));
  if (!prev) return false;
  const key = sessionSignKey(deps.services.config.linkSecret, basic.token);
  return safeEqualHex(hmacHex(key, signingString(basic, dataDigestNode(rawData), callPath)), basic.sign);
}

/**
 * The envelope check and session resolution every signed request goes through (calls and uploads):
 * time window, sign with the session's key (or the public key), nonce once, then the session's
 * state and the resource code. Answers the actor, or null for a public call.
 */
export async function authenticate(
  req: FastifyRequest,
  deps: { database: Database; clock: Clock; services: Pick<AppServices, 'reads' | 'nonces' | 'config'> },
  basic: Basic,
  rawData: unknown,
  auth: CallAuth,
  callPath: string,
  opts: { write?: boolean } = {},
): Promise<Actor | null> {
  const { database, clock } = deps;
  const now = clock.now();
  if (Math.abs(now - basic.time) > SIGN_TIME_WINDOW_MS) throw new AppError(ErrorCodes.staleTime);

  const nonceExpiresAt = new Date(basic.time + SIGN_TIME_WINDOW_MS);
  const tokenHash = basic.token ? sha256Hex(basic.token) : '';
  const found = basic.token ? await resolveSession(deps, tokenHash, basic, rawData, callPath, nonceExpiresAt) : null;
  if (auth !== 'public' && !found) {
    if (basic.token && (await renewedAway(deps, tokenHash, basic, rawData, callPath, now))) throw new AppError(ErrorCodes.tokenExpired);
    throw new AppError(ErrorCodes.tokenInvalid);
  }
  if (!found) {
    // A public call (or one naming no live session): the public key, and a nonce of its own.
    if (!safeEqualHex(hmacHex(PUBLIC_SIGN_KEY, signingString(basic, dataDigestNode(rawData), callPath)), basic.sign))
      throw new AppError(ErrorCodes.badSign);
    if (!(await deps.services.nonces.record(`p:${basic.nonce}`, nonceExpiresAt))) throw new AppError(ErrorCodes.replayedNonce);
  }

  let actor: Actor | null = null;
  if (auth !== 'public' && found) {
    const { session, user, company, scope } = found;
    req.locale = requestLocale(req, session.locale);
    if (session.endedAt) {
      throw new AppError(session.endReason === 'idle' ? ErrorCodes.sessionTimeout : ErrorCodes.loggedInElsewhere);
    }
    if (session.remoteExpiresAt && session.remoteExpiresAt.getTime() <= now) {
      await endSession(database.db, session.id, 'remote-expired', new Date(now));
      throw new AppError(ErrorCodes.remoteAccessEnded);
    }
    if (now - session.lastActiveAt.getTime() > IDLE_TIMEOUT_MS) {
      await endSession(database.db, session.id, 'idle', new Date(now));
      throw new AppError(ErrorCodes.sessionTimeout);
    }
    if (session.tokenExpiresAt.getTime() <= now) throw new AppError(ErrorCodes.tokenExpired);
    if (user.status === 'deleted') throw new AppError(ErrorCodes.accountDeleted);
    if (user.status === 'operation_locked' || company.status === 'frozen') throw new AppError(ErrorCodes.accountDisabled);
    // Idle time is kept to the half minute: most calls write nothing to the session.
    if (now - session.lastActiveAt.getTime() > IDLE_CHECK_INTERVAL_MS)
      await touchSession(database, session.id, new Date(now), IDLE_CHECK_INTERVAL_MS);
    // The first call with a renewed token gives up the previous credentials (kept for a lost answer).
    if (session.hasPrev) await clearPreviousTokens(database.db, session.id, tokenHash);
    actor = {
      sessionId: session.id,
      userId: user.id,
      nickname: user.nickname,
      email: user.email,
      companyId: company.id,
      companyPath: company.path,
      companyType: company.type,
      companyName: company.name,
      level: company.level,
      userType: user.userType,
      userAuthType: user.userAuthType,
      authResList: new Set(user.authResList as ResourceCode[]),
      areaIds: user.areaIds,
      currentAreaId: session.currentAreaId,
      actingUserId: session.actingUserId,
      actingNickname: session.actingNickname,
      scope,
    };
    req.log = lazyChildLogger(req.log, { userId: user.id, companyId: company.id });
  }

  if (typeof auth === 'object') {
    const a = actor!;
    if ((auth.supplierOnly && a.companyType !== 'supplier') || !auth.anyOf.some((c) => a.authResList.has(c))) {
      // A write refused for want of a resource code is logged (committed on its own).
      if (opts.write) await logRefusal(deps.database, req, clock, a, callPath, ErrorCodes.forbidden);
      throw new AppError(ErrorCodes.forbidden);
    }
  }

  return actor;
}

/**
 * A session opened through remote access stays a visit: calls marked `remoteForbidden` (tokens,
 * credentials, e-mail binding, remote-access consent, invitations) are refused with 7050, and the
 * refusal is written to the operation log (committed on its own, whatever the call would have done).
 */
async function refuseRemote(deps: CallRouterDeps, req: FastifyRequest, actor: Actor, call: CallDef): Promise<never> {
  await logRefusal(deps.database, req, deps.clock, actor, call.path, ErrorCodes.remoteAccessForbidden);
  throw new AppError(ErrorCodes.remoteAccessForbidden);
}

/** Refusals of a write that are logged: permission, scope (answered as missing), remote access. */
const LOGGED_REFUSALS: ReadonlySet<number> = new Set([ErrorCodes.forbidden, ErrorCodes.notFound, ErrorCodes.remoteAccessForbidden]);

/** A refused write's row (result 'refused'), written on the database itself: it stays whatever the call did. */
async function logRefusal(database: Database, req: FastifyRequest, clock: Clock, actor: Actor, action: string, code: number) {
  await writeOperationLog(
    database.db,
    actor,
    { action, result: 'refused', after: { refused: code } },
    { requestId: String(req.id), ip: req.ip, at: new Date(clock.now()) },
  );
}

/**
 * An app-facing call's credentials (DOMAIN §5): the same time window as every call, then the
 * app-api module's resolver (application key or end-user session, sign, nonce).
 */
async function authenticateApp(
  req: FastifyRequest,
  deps: CallRouterDeps,
  basic: Basic,
  rawData: unknown,
  call: CallDef,
): Promise<AppCaller> {
  const now = deps.clock.now();
  if (Math.abs(now - basic.time) > SIGN_TIME_WINDOW_MS) throw new AppError(ErrorCodes.staleTime);
  if (!deps.appCallers) throw new AppError(ErrorCodes.unknownCall);
  const caller = await deps.appCallers.authenticate(
    { basic, rawData, auth: call.auth as 'appKey' | 'endUser', callPath: call.path, now },
    { database: deps.database, services: deps.services },
  );
  if (caller.endUser) {
    req.locale = requestLocale(req, caller.endUser.locale);
    req.log = lazyChildLogger(req.log, { appKeyId: caller.appKeyId, endUserId: caller.endUser.id });
  } else req.log = lazyChildLogger(req.log, { appKeyId: caller.appKeyId });
  return caller;
}

const PLATFORMS: ReadonlySet<string> = new Set(END_USER_LOG_PLATFORMS);
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
};
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * An answered app call's end-user log record (issue 15 §5): only named fields, never the request
 * data as such. The app's platform and version from the call's data (the playback report) or its
 * headers, each kept only when well formed; the SN and a playback report's error code when the data
 * names them. A call refused before its brand was known (unknown key, bad sign) is not the brand's.
 */
function noteAppCall(
  log: AppCallRecorder,
  req: FastifyRequest,
  call: CallDef,
  caller: AppCaller,
  data: Record<string, unknown> | null,
  code: number,
  startedAt: number,
  now: number,
) {
  const platform = (str(data?.platform, 16) || header(req, APP_PLATFORM_HEADER)).toLowerCase();
  const version = str(data?.appVersion, 32) || header(req, APP_VERSION_HEADER);
  const subject = caller.endUser ?? caller.subject ?? null;
  log.note({
    at: startedAt,
    companyId: caller.companyId,
    companyPath: caller.companyPath,
    appKeyId: caller.appKeyId,
    endUserId: subject?.id ?? null,
    areaId: subject?.areaId ?? null,
    action: call.path.replace(/^app-api\//, ''),
    code,
    platform: platform ? (PLATFORMS.has(platform) ? platform : 'other') : '',
    appVersion: APP_VERSION_PATTERN.test(version) ? version : '',
    ip: req.ip,
    sn: str(data?.sn, 64).toUpperCase(),
    detail: str(data?.errorCode, 64),
    durationMs: Math.max(0, Math.round(now - startedAt)),
  });
}

export async function registerCalls(app: FastifyInstance, deps: CallRouterDeps) {
  const { database, clock } = deps;
  for (const impl of deps.impls) {
    const call = impl.call;
    app.post(callUrl(call), async (req, reply) => {
      if (!isAppCall(call) || !deps.appCallLog) return handle(req, reply);
      // The end-user log: one note per answered app call, after it answered, whatever the answer.
      const startedAt = clock.now();
      const state: AppCallState = { caller: null, data: null };
      let code = 200;
      try {
        return await handle(req, reply, state);
      } catch (err) {
        code = err instanceof AppError ? err.code : ErrorCodes.internal;
        throw err;
      } finally {
        if (state.caller) noteAppCall(deps.appCallLog, req, call, state.caller, state.data, code, startedAt, clock.now());
      }
    });

    async function handle(req: FastifyRequest, reply: FastifyReply, state?: AppCallState) {
      const parsed = requestEnvelopeSchema.safeParse(req.body);
      if (!parsed.success) throw new AppError(ErrorCodes.missingBasic, undefined, parsed.error.message);
      const basic: Basic = parsed.data.basic;
      const rawData = parsed.data.data ?? {};
      req.locale = requestLocale(req);
      // Counted before anything costly (sign, session, password hash): by address, and by account.
      if (call.rateLimit && deps.rateLimiter) await deps.rateLimiter.check(req, reply, call.path, call.rateLimit, rawData);

      let actor: Actor | null = null;
      let appCaller: AppCaller | null = null;
      if (isAppCall(call)) {
        appCaller = await authenticateApp(req, deps, basic, rawData, call);
        if (state) state.caller = appCaller;
      } else actor = await authenticate(req, deps, basic, rawData, call.auth, call.path, { write: call.write });
      if (call.remoteForbidden && actor?.actingUserId) await refuseRemote(deps, req, actor, call);

      const data = call.data.safeParse(rawData);
      if (!data.success) {
        throw new AppError(ErrorCodes.invalidParams, { detail: localizeIssues(data.error.issues, req.locale) }, data.error.message);
      }
      if (state && data.data && typeof data.data === 'object') state.data = data.data as Record<string, unknown>;

      const deferred = callRun(database, deps.services, req.log, { write: call.write });
      const run = async (db: CallContext['db']) => {
        let audited = false;
        // A portal write (or an export or download link) is logged: its typed action, target name and
        // fields before the handler (the diff's before).
        const logged = isLoggedCall(call, data.data) && !appCaller;
        const capture: AuditCapture | null = logged ? await captureAuditBefore(db, actor, call.path, data.data) : null;
        const ctx: CallContext = {
          ...deferred.bind(db),
          actor,
          app: appCaller,
          db,
          database,
          locale: req.locale,
          requestId: String(req.id),
          ip: req.ip,
          clock,
          log: req.log,
          sessionToken: basic.token,
          services: deps.services,
          audit: async (entry: AuditEntry) => {
            const first = !audited;
            audited = true;
            await writeOperationLog(
              db,
              actor,
              { ...entry, action: entry.action ?? call.path },
              {
                requestId: String(req.id),
                ip: req.ip,
                at: new Date(clock.now()),
              },
              // The call's first row carries its typed action, target, diff and request data.
              capture ? (first ? await completeAudit(db, actor, capture, entry) : { code: capture.def?.code }) : {},
            );
          },
        };
        const result = await impl.handler(ctx, data.data);
        // The operation log is the portal users': an end user's own actions go to the end-user log.
        if (logged && !audited) await ctx.audit({ action: call.path });
        return result;
      };
      let result;
      try {
        result = await deferred.execute(call.write && impl.options.transaction !== false, run);
      } catch (err) {
        // A write its policy refused (permission, or scope: answered as missing) is logged as refused.
        if (call.write && actor && err instanceof AppError && LOGGED_REFUSALS.has(err.code))
          await logRefusal(database, req, clock, actor, call.path, err.code);
        throw err;
      }
      const out = (call.result as z.ZodType).parse(result);
      return { basic: { code: 200, msg: 'Success' }, data: out };
    }
  }
}

/** What the end-user log learns while an app call runs: its caller once known, its data once valid. */
interface AppCallState {
  caller: AppCaller | null;
  data: Record<string, unknown> | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}
