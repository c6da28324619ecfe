/**
 * The one API client (SPEC §7, §8). Every call is a POST of `{ basic, data }` to
 * `/v1.0/customer-api/<path>`, where `basic` is signed with the session's key (contract `buildBasic`).
 * It validates `data` with the call's schema (`callRef`: a call known by path only, for the login
 * path, which must not download zod; the server checks the data), renews an expired token once (single flight) and retries,
 * sends again a call whose token a renewal replaced meanwhile (7003 for the old token), ends the
 * session on the session-ending codes, and shows one localized toast per error code.
 */
import {
  API_PREFIX,
  HTTP_TIMEOUT_MS,
  RENEWAL_TIMEOUT_MS,
  SHELL_ERROR_CODES as ErrorCodes,
  SHELL_SESSION_ENDING_CODES as SESSION_ENDING_CODES,
  TOKEN_REFRESH_GUARD_MS,
  UPLOAD_TIMEOUT_MS,
  authRefs,
  buildBasic,
  type CallData,
  type CallDef,
  type CallRef,
  type CallResult,
  type ResponseEnvelope,
  type SessionTokens,
} from '@portal/contract';
import { currentLocale, i18n } from '../i18n';
import { translateValidation } from '../i18n/validation';
import { notifyError } from '../notify';
import { endSession } from '../session/end-session';
import { getSession, saveSession } from '../session/session-store';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';
import { errorEntry, errorText } from './error-texts';

export interface CallOptions {
  /** Override the timeout (default HTTP_TIMEOUT_MS, or UPLOAD_TIMEOUT_MS for uploads). */
  timeoutMs?: number;
  /** Uploads get the longer UPLOAD_TIMEOUT_MS. */
  upload?: boolean;
  /** Do not show a toast on failure (the caller shows the error itself). */
  silent?: boolean;
  /** Cancel the call (e.g. a query that is no longer needed); rejects with kind 'aborted', no toast. */
  signal?: AbortSignal;
}

interface Attempt {
  retried: boolean;
  /** Internal calls (token renewal) must not renew or end the session themselves. */
  handleSession: boolean;
}

/** What `execute` needs of a call: where it goes, who may make it, and its answer's schema if known. */
type Target = CallRef & { result?: CallDef['result'] };

export function callUrl(def: Pick<CallDef, 'path'>): string {
  return `${API_PREFIX}/${def.path}`;
}

export async function call<C extends CallDef>(def: C, data: CallData<C>, opts: CallOptions = {}): Promise<CallResult<C>> {
  const parsed = def.data.safeParse(data);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((issue) => {
        const where = issue.path.map(String).join('.');
        const text = translateValidation(issue.message);
        return where ? `${where}: ${text}` : text;
      })
      .join('; ');
    const err = new ApiError(ErrorCodes.invalidParams, errorText(ErrorCodes.invalidParams, currentLocale(), { detail }), 'validation');
    if (!opts.silent) notifyError(err.code, err.message);
    throw err;
  }
  return send(def, parsed.data, opts) as Promise<CallResult<C>>;
}

/**
 * A call known by its ref (contract `authRefs`: path and access) rather than its definition: no zod
 * is loaded, the data is sent as given (the server validates it) and the answer is not checked.
 * For the login path only (login, token renewal, branding, single sign-on; issue 16).
 * Usage: `callRef<typeof authCalls.login>(authRefs.login, data)` with a type-only import of authCalls.
 */
export function callRef<C extends CallDef>(ref: CallRef, data: CallData<C>, opts: CallOptions = {}): Promise<CallResult<C>> {
  return send({ path: ref.path, auth: ref.auth }, data, opts) as Promise<CallResult<C>>;
}

async function send(def: Target, data: unknown, opts: CallOptions): Promise<unknown> {
  try {
    return await execute(def, data, opts, { retried: false, handleSession: true });
  } catch (e) {
    const err = e instanceof ApiError ? e : new ApiError(CLIENT_ERROR_CODES.response, clientMessage('response'), 'response');
    if (!opts.silent && err.kind !== 'aborted' && err.kind !== 'session') notifyError(err.code, err.message);
    throw err;
  }
}

function clientMessage(kind: 'network' | 'timeout' | 'http404' | 'response'): string {
  return i18n.t(`errors.${kind}`);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The localized message of a server answer. The catalogue text is used when every placeholder can be
 * filled from `params`; otherwise the server's own message (already filled, e.g. the remaining login
 * attempts) is kept.
 */
export function serverMessage(code: number, msg: string | undefined, params?: Record<string, string | number>): string {
  const locale = currentLocale();
  const entry = errorEntry(code);
  if (entry) {
    const names = [...entry.en.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (names.every((n) => params && n in params)) return errorText(code, locale, params);
    if (msg) return msg;
    return errorText(code, locale, params ?? {});
  }
  return msg || errorText(ErrorCodes.internal, locale);
}

function isEnvelope(body: unknown): body is ResponseEnvelope {
  if (!body || typeof body !== 'object') return false;
  const basic = (body as { basic?: unknown }).basic;
  return !!basic && typeof basic === 'object' && typeof (basic as { code?: unknown }).code === 'number';
}

async function execute(def: Target, payload: unknown, opts: CallOptions, attempt: Attempt): Promise<unknown> {
  // Public calls are signed with the public key: a stale session must never break login or branding.
  const session = def.auth === 'public' ? null : getSession();
  const token = session?.token ?? '';
  const basic = buildBasic({ token, signKey: session?.signKey ?? '', path: def.path, data: payload });
  const timeoutMs = opts.timeoutMs ?? (opts.upload ? UPLOAD_TIMEOUT_MS : HTTP_TIMEOUT_MS);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  let status: number;
  let body: unknown = undefined;
  try {
    const res = await fetch(callUrl(def), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Locale': currentLocale() },
      body: JSON.stringify({ basic, data: payload }),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = res.status;
    const text = await res.text();
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
  } catch {
    if (timedOut) throw new ApiError(CLIENT_ERROR_CODES.timeout, clientMessage('timeout'), 'timeout');
    if (opts.signal?.aborted) throw new ApiError(CLIENT_ERROR_CODES.aborted, 'aborted', 'aborted');
    throw new ApiError(CLIENT_ERROR_CODES.network, clientMessage('network'), 'network');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  if (!isEnvelope(body)) {
    if (status === 404) throw new ApiError(CLIENT_ERROR_CODES.http404, clientMessage('http404'), 'http404');
    throw new ApiError(CLIENT_ERROR_CODES.response, clientMessage('response'), 'response');
  }

  const { code, msg, params } = body.basic;
  if (code === 200) {
    // An answer is not the user's activity: polls and live refreshes answer while nobody is there.
    // Activity is the user's own input (session/idle.ts) and an upload on its way (upload.ts).
    if (!def.result) return body.data;
    const result = def.result.safeParse(body.data);
    if (!result.success && import.meta.env.DEV) console.warn(`[api] ${def.path}: answer does not match the contract`, result.error.issues);
    return result.success ? result.data : body.data;
  }

  if (attempt.handleSession && session) {
    if (code === ErrorCodes.tokenExpired) {
      const renewal = attempt.retried ? 'refused' : await renewOnce(token);
      if (renewal === 'renewed') return execute(def, payload, opts, { ...attempt, retried: true });
      // The renewal did not reach the server (network, timeout): the session stays, the call fails
      // as any unanswered call does, and the next call renews again.
      if (typeof renewal === 'object') throw renewal.error;
      if (attempt.retried) endSession({ code: ErrorCodes.renewFailed });
      throw new ApiError(ErrorCodes.renewFailed, serverMessage(ErrorCodes.renewFailed, undefined), 'session');
    }
    // Sent with a token that a renewal (for another call's 7004) replaced before this call reached
    // the server: the session lives on under the new token, so the call is sent again with it.
    if (code === ErrorCodes.tokenInvalid && !attempt.retried && (await tokenReplaced(token)))
      return execute(def, payload, opts, { ...attempt, retried: true });
    if (SESSION_ENDING_CODES.includes(code)) {
      const message = serverMessage(code, msg, params);
      endSession({ code, message });
      throw new ApiError(code, message, 'session', params);
    }
  }
  throw new ApiError(code, serverMessage(code, msg, params), 'server', params);
}

// ---- token renewal: one at a time, at most once per TOKEN_REFRESH_GUARD_MS ----

let renewing: Promise<Renewal> | null = null;
let lastRenewAt = Number.NEGATIVE_INFINITY;
/** How long the token of the last renewal was given for: a token shorter-lived than twice the guard shortens it. */
let lastLifetimeMs = Number.POSITIVE_INFINITY;

/** A renewal's outcome: new tokens, refused by the server (the session has ended), or not answered. */
type Renewal = 'renewed' | 'refused' | { unanswered: true; error: ApiError };

/** Not answered: the request failed before the server could say (network, timeout, a broken answer). */
const UNANSWERED_KINDS: readonly ApiError['kind'][] = ['network', 'timeout', 'response', 'http404'];

/**
 * Renew the session after 7004 for a call made with `usedToken`. Concurrent callers share one
 * renewal; a caller whose token was already replaced just retries. A renewal the server refuses ends
 * the session; one that never got an answer leaves it, to be tried again by the next call.
 */
/** The same renewal for a raw upload (lib/api/upload.ts) that met 7004. */
export function renewExpiredToken(usedToken: string): Promise<Renewal> {
  return renewOnce(usedToken);
}

/**
 * Whether `usedToken` is no longer this tab's token: a renewal replaced it (waited for when still in
 * flight, as the server rotates the token before its answer arrives). The server answers 7003 to a
 * call that carried the old token and reached it after the rotation: such a call raced the renewal
 * and is sent again, where a 7003 for the current token ends the session.
 */
export async function tokenReplaced(usedToken: string): Promise<boolean> {
  if (renewing) await renewing;
  const current = getSession();
  return !!current && !!usedToken && current.token !== usedToken;
}

async function renewOnce(usedToken: string): Promise<Renewal> {
  const current = getSession();
  if (!current) return 'refused';
  if (current.token !== usedToken) return 'renewed';
  if (renewing) return renewing;
  if (Date.now() - lastRenewAt < Math.min(TOKEN_REFRESH_GUARD_MS, lastLifetimeMs / 2) || !current.renewToken) {
    endSession({ code: ErrorCodes.renewFailed });
    return 'refused';
  }
  renewing = (async () => {
    try {
      // Not answered (a timeout, a dropped connection): sent once more at once, with the same renewal
      // token, while the server still accepts it if the first try did get through (RENEWAL_GRACE_MS).
      const send = () =>
        execute(
          authRefs.renew,
          { renewToken: current.renewToken },
          { timeoutMs: RENEWAL_TIMEOUT_MS },
          { retried: true, handleSession: false },
        );
      const tokens = (await send().catch((e: unknown) => {
        if (e instanceof ApiError && UNANSWERED_KINDS.includes(e.kind)) return send();
        throw e;
      })) as SessionTokens;
      saveSession(tokens, { activity: false });
      lastRenewAt = Date.now();
      lastLifetimeMs = tokens.tokenExpiresAt - lastRenewAt;
      return 'renewed' as const;
    } catch (e) {
      if (e instanceof ApiError && UNANSWERED_KINDS.includes(e.kind)) return { unanswered: true as const, error: e };
      const code = e instanceof ApiError && SESSION_ENDING_CODES.includes(e.code) ? e.code : ErrorCodes.renewFailed;
      endSession({
        code,
        message: e instanceof ApiError && e.kind === 'server' && code !== ErrorCodes.renewFailed ? e.message : undefined,
      });
      return 'refused' as const;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** Tests only: forget the renewal guard. */
export function resetApiClientState(): void {
  renewing = null;
  lastRenewAt = Number.NEGATIVE_INFINITY;
  lastLifetimeMs = Number.POSITIVE_INFINITY;
}
