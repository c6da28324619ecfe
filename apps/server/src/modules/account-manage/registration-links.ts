/**
 * One-time links of user registration and password reset:
 * `/customer/user-register/{corpId}/{userId}/{emailmd5}?t={token}`. The token is 32 random bytes kept
 * only as its SHA-256 in `one_time_tokens` (purpose userRegister or passwordReset); the path parts are
 * checked against the token's user, so a link cannot be re-aimed at another account. A new link
 * revokes the user's earlier links of the same purpose.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import type { CallContext } from '../../lib/context';
import { randomToken, sha256Hex } from '../../lib/secrets';

export type LinkPurpose = 'userRegister' | 'passwordReset';

export const md5Hex = (s: string) => createHash('md5').update(s).digest('hex');
export const emailMd5 = (email: string) => md5Hex(email.trim().toLowerCase());

/** Origin of links in e-mails (config PUBLIC_URL): never taken from the request. */
export function linkOrigin(ctx: Pick<CallContext, 'services'>): string {
  return ctx.services.config.publicUrl;
}

export function registrationLink(origin: string, user: { companyId: number; id: number; email: string }, token: string): string {
  return `${origin}/customer/user-register/${user.companyId}/${user.id}/${emailMd5(user.email)}?t=${encodeURIComponent(token)}`;
}

/** Revoke the user's open links of this purpose and issue a new one; answers the raw token. */
export async function issueLink(db: Db | Tx, userId: number, purpose: LinkPurpose, now: number, ttlMs: number): Promise<string> {
  await revokeLinks(db, userId, purpose, now);
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: sha256Hex(token),
    purpose,
    userId,
    payload: { issuedAt: now },
    expiresAt: new Date(now + ttlMs),
  });
  return token;
}

export async function revokeLinks(db: Db | Tx, userId: number, purpose: LinkPurpose, now: number) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/** When the user's most recent still-open link of this purpose was issued, or null. */
export async function lastOpenLinkIssuedAt(db: Db | Tx, userId: number, purpose: LinkPurpose, now: number): Promise<number | null> {
  const rows = await db
    .select({ payload: oneTimeTokens.payload })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date(now)),
      ),
    );
  const times = rows.map((r) => Number((r.payload as { issuedAt?: number } | null)?.issuedAt ?? 0));
  return times.length ? Math.max(...times) : null;
}

/** The open link of a token (either purpose), or null. */
export async function findOpenLink(db: Db | Tx, token: string, now: number) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date(now))));
  if (!row || (row.purpose !== 'userRegister' && row.purpose !== 'passwordReset') || !row.userId) return null;
  return { ...row, purpose: row.purpose as LinkPurpose, userId: row.userId };
}

/** Use the link once: true only for the caller that marked it used. */
export async function consumeLink(db: Db | Tx, token: string, now: number): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date(now))))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return used.length === 1;
}
