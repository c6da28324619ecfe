import { API_PREFIX, API_ROOT, API_VERSION, APP_API_PREFIX, NONCE_MAX } from './constants';
import { hmacSha256Hex, sha256Hex } from './crypto';
// Type only: the schemas (zod) live in envelope-schema.ts, so signing loads no zod.
import type { Basic } from './envelope-schema';

export interface ResponseEnvelope<T = unknown> {
  basic: { code: number; msg: string; params?: Record<string, string | number> };
  data?: T;
}

/**
 * Canonical JSON (RFC 8785 style): object keys sorted by UTF-16 code units, no whitespace,
 * `undefined` members dropped, numbers in ECMAScript form. Both sides sign this form of `data`.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('non-finite number cannot be signed');
    return JSON.stringify(value);
  }
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
  }
  throw new Error(`cannot sign a ${typeof value}`);
}

/** Before login there is no session secret; calls are signed with this public key (tamper check only). */
export const PUBLIC_SIGN_KEY = 'portal-public-v1';

/**
 * What `sign` covers: the basic block, the call's path (relative to API_PREFIX, e.g.
 * `customer/company/list` or `file/upload`), so a signed body cannot be replayed against another
 * call, and the digest of `data`.
 */
export function signingString(basic: Omit<Basic, 'sign'>, dataDigest: string, path: string): string {
  return [basic.ver, basic.time, basic.id, basic.nonce, basic.token, signingPath(path), dataDigest].join('\n');
}

/** A call's path as signed: without API_PREFIX, leading slashes or a query. */
export function signingPath(path: string): string {
  let p = path.split('?')[0]!;
  if (p.startsWith(API_PREFIX + '/')) p = p.slice(API_PREFIX.length + 1);
  // An app call's URL (/v1.0/app-api/...): its path keeps `app-api/`.
  else if (p.startsWith(APP_API_PREFIX + '/')) p = p.slice(API_ROOT.length + 1);
  return p.replace(/^\/+/, '');
}

export function dataDigest(data: unknown): string {
  return sha256Hex(canonicalJson(data ?? null));
}

/**
 * Build the basic block for a call: used by the web client, the tools and the tests. `path` is the
 * call's path (CallDef.path, or FILE_UPLOAD_PATH); the full URL path is accepted too.
 */
export function buildBasic(opts: {
  token: string;
  signKey: string;
  path: string;
  data: unknown;
  now?: number;
  id?: string;
  nonce?: number;
}): Basic {
  const basic = {
    ver: API_VERSION,
    time: opts.now ?? Date.now(),
    id: opts.id ?? randomId(),
    nonce: opts.nonce ?? Math.floor(Math.random() * NONCE_MAX),
    token: opts.token,
  };
  const sign = hmacSha256Hex(opts.signKey || PUBLIC_SIGN_KEY, signingString(basic, dataDigest(opts.data), opts.path));
  return { ...basic, sign };
}

function randomId(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += Math.floor(Math.random() * 16).toString(16);
  return s;
}
