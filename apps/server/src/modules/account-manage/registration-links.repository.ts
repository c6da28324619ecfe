/** The one-time links of registration-links.ts: issue, revoke, find and use them. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oneTimeTokens } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { LinkPurpose } from './registration-links';

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

/** The open link of a token (either purpose), or null: found by the token of a public link, before any session. */
export async function unsafeFindOpenLink(db: Db | Tx, token: string, now: number) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date(now))));
  if (!row || (row.purpose !== 'userRegister' && row.purpose !== 'passwordReset') || !row.userId) return null;
  return { ...row, purpose: row.purpose as LinkPurpose, userId: row.userId };
}

/** Use the link once (by its token, a public link): true only for the caller that marked it used. */
export async function unsafeConsumeLink(db: Db | Tx, token: string, now: number): Promise<boolean> {
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date(now))))
    .returning({ tokenHash: oneTimeTokens.tokenHash });
  return used.length === 1;
}
