import type { z } from 'zod';
import type { RateLimit } from './rate-limits';
import type { ResourceCode } from './resource-codes';

/**
 * Who may make a call:
 * - 'public': no session (login, register, branding before login);
 * - 'session': any signed-in user (own profile, own resources);
 * - { anyOf }: a signed-in user holding at least one of these resource codes.
 */
export type CallAuth = 'public' | 'session' | { anyOf: readonly ResourceCode[]; supplierOnly?: boolean };

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
