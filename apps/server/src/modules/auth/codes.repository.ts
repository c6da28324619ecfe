/**
 * Verification codes (graphic and e-mailed) and one-time tokens. Unscoped by nature (named
 * unsafe...): they are found by their id, address or token hash before anyone is signed in; each
 * check is one atomic statement so that parallel answers cannot multiply the attempts.
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { oneTimeTokens, verificationCodes } from '../../db/schema';

type AnyDb = Db | Tx;

export async function insertVerificationCode(db: AnyDb, code: typeof verificationCodes.$inferInsert) {
  await db.insert(verificationCodes).values(code);
}

/** Use a graphic code of a requester: any answer, right or wrong, uses it up. Answers its hash when it was open. */
export async function unsafeConsumeImageCode(db: AnyDb, codeId: string, requester: string, now: Date): Promise<string | null> {
  const [code] = await db
    .update(verificationCodes)
    .set({ consumedAt: now, attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        eq(verificationCodes.kind, 'image'),
        eq(verificationCodes.target, requester),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  return code?.codeHash ?? null;
}

/**
 * Check the latest open e-mailed code of a purpose and address in one atomic update: every answer
 * counts an attempt (`maxAttempts` burn the code), a right one uses it up unless `peek`.
 */
export async function unsafeCheckEmailCode(
  db: AnyDb,
  where: { purpose: string; target: string },
  answerHash: string,
  now: Date,
  opts: { peek?: boolean; maxAttempts: number },
): Promise<boolean> {
  const latest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.kind, 'email'),
        eq(verificationCodes.purpose, where.purpose),
        eq(verificationCodes.target, where.target),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const right = sql`${verificationCodes.codeHash} = ${answerHash}`;
  const [code] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      consumedAt: opts.peek ? undefined : sql`case when ${right} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(inArray(verificationCodes.id, latest), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, opts.maxAttempts)),
    )
    .returning({ right: sql<boolean>`${right}` });
  return !!code?.right;
}

/** Whether this very e-mailed code (by hash) was already used, and has not expired. */
export async function unsafeEmailCodeWasUsed(db: AnyDb, where: { purpose: string; target: string }, answerHash: string, now: Date) {
  const [used] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.kind, 'email'),
        eq(verificationCodes.purpose, where.purpose),
        eq(verificationCodes.target, where.target),
        eq(verificationCodes.codeHash, answerHash),
        gt(verificationCodes.expiresAt, now),
        sql`${verificationCodes.consumedAt} is not null`,
      ),
    )
    .limit(1);
  return !!used;
}

/** When the last e-mailed code of a purpose went to an address (the resend wait). */
export async function unsafeLastEmailCodeAt(db: AnyDb, purpose: string, target: string): Promise<Date | null> {
  const [last] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.kind, 'email'), eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return last?.createdAt ?? null;
}

export async function insertOneTimeToken(db: AnyDb, token: typeof oneTimeTokens.$inferInsert) {
  await db.insert(oneTimeTokens).values(token);
}

/** Use an open one-time token of a purpose by its hash (once, before it expires); answers the token row. */
export async function unsafeUseOneTimeToken(db: AnyDb, tokenHash: string, purpose: string, now: Date) {
  const [t] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning();
  return t ?? null;
}
