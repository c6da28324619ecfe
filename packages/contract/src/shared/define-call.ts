import type { z } from 'zod';
import { API_PREFIX, API_ROOT } from './constants';
import type { RateLimit } from './rate-limits';
import type { ResourceCode } from './resource-codes';

/**
 * Who may make a call:
 * - 'public': no session (login, register, branding before login);
 * - 'session': any signed-in user (own profile, own resources);
 * - { anyOf }: a signed-in user holding at least one of these resource codes;
 * - 'appKey', 'endUser': a call of the app-facing API (APP_API_PREFIX, DOMAIN §5), see AppCallAuth.
 */
export type CallAuth = 'public' | 'session' | { anyOf: readonly ResourceCode[]; supplierOnly?: boolean } | AppCallAuth;

/**
 * The two kinds of caller of the app-facing API. Both name the brand's application key:
 * - 'appKey': before login. `basic.token` is the appId and the call is signed with the app's secret;
 * - 'endUser': a signed-in end user. `basic.token` is the end user's session token and the call is
 *   signed with its session's `signKey` (the session belongs to one application key).
 * Their paths start with `app-api/` and are served under API_ROOT (so `/v1.0/app-api/...`).
 */
export type AppCallAuth = 'appKey' | 'endUser';

export const APP_CALL_PATH_PREFIX = 'app-api/';

export function isAppCall(call: Pick<CallDef, 'auth'>): boolean {
  return call.auth === 'appKey' || call.auth === 'endUser';
}

/** The URL path a call is served at: `/v1.0/customer-api/<path>`, or `/v1.0/app-api/...` for an app call. */
export function callUrlPath(call: Pick<CallDef, 'auth' | 'path'>): string {
  return isAppCall(call) ? `${API_ROOT}/${call.path}` : `${API_PREFIX}/${call.path}`;
}

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Path under API_PREFIX, e.g. `customer/company/list`. */
  path: string;
  auth: CallAuth;
  /** True when the call changes data: it is written to the operation log. */
  write: boolean;
  summary: string;
  /** How often one address (and one account) may make the call: one of RATE_LIMITS. */
  rateLimit?: RateLimit;
  /** Refused (7050, and written to the operation log) in a session opened through remote access. */
  remoteForbidden?: true;
  data: I;
  result: O;
}

export function defineCall<I extends z.ZodType, O extends z.ZodType>(def: CallDef<I, O>): CallDef<I, O> {
  return def;
}

export type CallData<C> = C extends CallDef<infer I, z.ZodType> ? z.input<I> : never;
export type CallResult<C> = C extends CallDef<z.ZodType, infer O> ? z.output<O> : never;
