/**
 * Signed, expiring links (SPEC §7, §9: 300 s).
 *
 * File links: `file/get?path&sign&uid&tid&isDownload&exp`, where sign = HMAC-SHA256 (server secret)
 * over session id, token id, user id, path and expiry. The session id is not in the query: the
 * server resolves the session from `tid`, then verifies with that session's id, so a link dies with
 * its session. `isDownload` only chooses inline or attachment and is not signed.
 *
 * Generic links (`signUrl`): any URL gets `expires` and `signature` over its path and sorted query,
 * e.g. firmware downloads from storage.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { rawRoutes, SIGNED_URL_TTL_SECONDS } from '@portal/contract';
import { AppError } from '../app-error';
import { isSafeKey } from './store';

export type Secret = string | Buffer;
type Id = string | number;

export interface FileLinkParams {
  /** The session the link belongs to; verification must supply the same id. */
  sessionId?: Id;
  tokenId: Id;
  userId: Id;
  /** File store key */
  path: string;
  /** Default: now + SIGNED_URL_TTL_SECONDS. A Date or epoch milliseconds. */
  expiresAt?: Date | number;
  isDownload?: boolean;
}

/** The query of a file link; every value a string, ready for URLSearchParams. */
export type FileLinkQuery = {
  path: string;
  sign: string;
  uid: string;
  tid: string;
  isDownload: '0' | '1';
  /** epoch seconds */
  exp: string;
};

export interface VerifiedFileLink {
  path: string;
  userId: string;
  tokenId: string;
  isDownload: boolean;
  expiresAt: Date;
}

/** The raw route file/get (contract raw-routes.ts). */
export const FILE_GET_PATH = rawRoutes.fileGet.path;

function hmacHex(secret: Secret, parts: readonly string[]): string {
  if (!secret || secret.length === 0) throw new Error('signing secret is empty');
  return createHmac('sha256', secret).update(JSON.stringify(parts)).digest('hex');
}

function sameHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(a) || !/^[0-9a-f]{64}$/i.test(b)) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

const epochSeconds = (t: Date | number) => Math.floor((t instanceof Date ? t.getTime() : t) / 1000);

const fileLinkSign = (secret: Secret, sessionId: Id | undefined, tokenId: Id, userId: Id, path: string, exp: number) =>
  hmacHex(secret, ['file-link/v1', String(sessionId ?? ''), String(tokenId), String(userId), path, String(exp)]);

export function signFileLink(p: FileLinkParams, secret: Secret, now: Date | number = Date.now()): FileLinkQuery {
  if (!isSafeKey(p.path)) throw new Error(`not a file key: ${p.path}`);
  const exp = p.expiresAt !== undefined ? epochSeconds(p.expiresAt) : epochSeconds(now) + SIGNED_URL_TTL_SECONDS;
  return {
    path: p.path,
    sign: fileLinkSign(secret, p.sessionId, p.tokenId, p.userId, p.path, exp),
    uid: String(p.userId),
    tid: String(p.tokenId),
    isDownload: p.isDownload ? '1' : '0',
    exp: String(exp),
  };
}

/** `/v1.0/customer-api/file/get?path=...` for a signed link. */
export function fileLinkUrl(p: FileLinkParams, secret: Secret, now?: Date | number): string {
  return `${FILE_GET_PATH}?${new URLSearchParams({ ...signFileLink(p, secret, now) })}`;
}

/** Whom a caller's file link is for: the calling portal session (its token id is the session id). */
export interface LinkCaller {
  sessionId: Id;
  userId: Id;
}

/**
 * The one way a presenter links a file for the caller: a `fileLinkUrl` to store key `path` signed for
 * the caller's own session, valid SIGNED_URL_TTL_SECONDS from `now` (epoch ms).
 */
export function callerFileLinkUrl(
  caller: LinkCaller,
  path: string,
  secret: Secret,
  now: number,
  opts: { isDownload?: boolean } = {},
): string {
  return fileLinkUrl(
    {
      sessionId: caller.sessionId,
      tokenId: caller.sessionId,
      userId: caller.userId,
      path,
      expiresAt: now + SIGNED_URL_TTL_SECONDS * 1000,
      isDownload: opts.isDownload,
    },
    secret,
    now,
  );
}

/** URLSearchParams or a parsed query object (Fastify's `request.query`); repeated parameters are refused. */
export type QueryLike = URLSearchParams | object;

function one(q: QueryLike, name: string): string | undefined {
  const v = q instanceof URLSearchParams ? (q.getAll(name).length === 1 ? q.get(name) : undefined) : (q as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

const invalid = (why: string): never => {
  throw new AppError(1013, undefined, `file link rejected: ${why}`);
};

/** The link's fields, checked for shape and expiry but not yet for the signature. Throws AppError(1013). */
export function parseFileLink(query: QueryLike, now: Date | number = Date.now()): VerifiedFileLink & { sign: string } {
  const path = one(query, 'path');
  const sign = one(query, 'sign');
  const uid = one(query, 'uid');
  const tid = one(query, 'tid');
  const exp = one(query, 'exp');
  const dl = one(query, 'isDownload');
  if (!path || !sign || !uid || !tid || !exp) return invalid('missing parameter');
  if (!isSafeKey(path)) return invalid('bad path');
  if (!/^\d{1,12}$/.test(exp)) return invalid('bad exp');
  if (Number(exp) < epochSeconds(now)) return invalid('expired');
  return {
    path,
    sign,
    userId: uid,
    tokenId: tid,
    isDownload: dl === '1' || dl === 'true',
    expiresAt: new Date(Number(exp) * 1000),
  };
}

/**
 * Checks a file link's shape, expiry and signature (constant-time). `sessionId` must be the one it
 * was signed with (look the session up by `tid` first). Throws AppError(1013).
 */
export function verifyFileLink(
  query: QueryLike,
  secret: Secret,
  now: Date | number = Date.now(),
  ctx: { sessionId?: Id } = {},
): VerifiedFileLink {
  const { sign, ...link } = parseFileLink(query, now);
  const expected = fileLinkSign(secret, ctx.sessionId, link.tokenId, link.userId, link.path, epochSeconds(link.expiresAt));
  if (!sameHex(sign, expected)) return invalid('bad signature');
  return link;
}

const BASE = 'http://signed.invalid';

function canonical(u: URL): string {
  const pairs = [...u.searchParams.entries()]
    .filter(([k]) => k !== 'signature')
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return `${u.pathname}?${pairs.join('&')}`;
}

/**
 * Adds `expires` (epoch seconds) and `signature` to a URL, absolute or path-only; the signature
 * covers the path and every query parameter, in any order. Default lifetime SIGNED_URL_TTL_SECONDS.
 */
export function signUrl(
  url: string,
  secret: Secret,
  opts: { expiresAt?: Date | number; ttlSeconds?: number; now?: Date | number } = {},
): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  const u = new URL(url, BASE);
  u.searchParams.delete('signature');
  const exp =
    opts.expiresAt !== undefined
      ? epochSeconds(opts.expiresAt)
      : epochSeconds(opts.now ?? Date.now()) + (opts.ttlSeconds ?? SIGNED_URL_TTL_SECONDS);
  u.searchParams.set('expires', String(exp));
  u.searchParams.set('signature', hmacHex(secret, ['url/v1', canonical(u)]));
  return absolute ? u.toString() : `${u.pathname}${u.search}`;
}

/**
 * Verifies a URL from `signUrl` (a full URL or the request's path and query, e.g. Fastify's
 * `request.url`). Returns its query parameters and expiry; throws AppError(1013).
 */
export function verifySignedUrl(
  url: string,
  secret: Secret,
  now: Date | number = Date.now(),
): { params: URLSearchParams; expiresAt: Date } {
  let u: URL;
  try {
    u = new URL(url, BASE);
  } catch {
    return invalid('bad url');
  }
  const exp = u.searchParams.getAll('expires');
  const sig = u.searchParams.getAll('signature');
  if (exp.length !== 1 || sig.length !== 1 || !/^\d{1,12}$/.test(exp[0])) return invalid('missing expires or signature');
  if (Number(exp[0]) < epochSeconds(now)) return invalid('expired');
  if (!sameHex(sig[0], hmacHex(secret, ['url/v1', canonical(u)]))) return invalid('bad signature');
  const params = new URLSearchParams(u.searchParams);
  params.delete('signature');
  params.delete('expires');
  return { params, expiresAt: new Date(Number(exp[0]) * 1000) };
}
