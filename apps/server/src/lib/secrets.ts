import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256Hex = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
export const hmacHex = (key: string, s: string) => createHmac('sha256', key).update(s).digest('hex');

/**
 * A session's signing key (portal user or app end user): HMAC-SHA256 of its access token under a
 * server secret (config `linkSecret`, with its own purpose string), hex. Never stored: computed when
 * the token is issued and again from basic.token on every signed call, so the database holds nothing
 * a call could be signed with (tokens are stored as hashes only).
 */
export const SESSION_SIGN_KEY_PURPOSE = 'session-sign-key:';
export function sessionSignKey(serverSecret: string, token: string): string {
  if (!serverSecret) throw new Error('sessionSignKey: no server secret');
  return hmacHex(serverSecret, `${SESSION_SIGN_KEY_PURPOSE}${token}`);
}

/**
 * A fresh token set for a session (portal user or app end user): the access token, the renewal
 * token and the signing key the client gets (derived from the token: sessionSignKey), and what is
 * stored: the hashes (never the tokens) and no signing key (`signKey: null` also clears a key stored
 * before migration 0045 when a session renews).
 */
export function issueSessionTokens(now: number, ttlMs: number, signSecret: string) {
  const token = randomToken();
  const renewToken = randomToken();
  const signKey = sessionSignKey(signSecret, token);
  return {
    client: { token, renewToken, signKey, tokenExpiresAt: now + ttlMs },
    stored: { tokenHash: sha256Hex(token), renewTokenHash: sha256Hex(renewToken), signKey: null, tokenExpiresAt: new Date(now + ttlMs) },
  };
}

export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** argon2id with the library's defaults (19 MiB, t=2). */
export const hashPassword = (pw: string) => hash(pw, { algorithm: ARGON2ID });
export async function verifyPassword(hashed: string, pw: string): Promise<boolean> {
  try {
    return await verify(hashed, pw);
  } catch {
    return false;
  }
}

/**
 * Secrets kept in the database (payee accounts' keys): AES-256-GCM under a key from the server's
 * secrets (config `sealKeys`). The stored text names the key by its id, so the key can be rotated:
 * the new key seals, older ones in the keyring still open what they sealed.
 */
export interface SealKey {
  id: string;
  key: Buffer;
}
export interface SealKeyring {
  current: SealKey;
  /** Every key that may open a stored value, by id (the current one included). */
  byId: ReadonlyMap<string, Buffer>;
}

/** A 32-byte AES key derived from a server secret, and its id (first 8 hex of its hash). */
export function sealKeyFrom(secret: string): SealKey {
  const key = createHash('sha256').update(`portal-seal:${secret}`).digest();
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export function sealKeyring(current: string, previous: readonly string[] = []): SealKeyring {
  const keys = [current, ...previous].map(sealKeyFrom);
  return { current: keys[0]!, byId: new Map(keys.map((k) => [k.id, k.key])) };
}

export function sealSecret(ring: SealKeyring, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', ring.current.key, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', ring.current.id, iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join(':');
}

/** The plain text of a sealed value; throws when no key of the ring opens it or it was altered. */
export function openSecret(ring: SealKeyring, sealed: string): string {
  const [v, id, iv, tag, ct] = sealed.split(':');
  const key = id ? ring.byId.get(id) : undefined;
  if (v !== 'v1' || !key || !iv || !tag || ct === undefined) throw new Error('sealed secret: unknown format or key');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}
