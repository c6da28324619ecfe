/**
 * Remote-access grants: the caller's own consent and the grants on its company, grants a superior
 * creates for a company found below it, and the link's exchange (by grant id and token, before any
 * session: named unsafe...).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies, remoteAccessGrants, sessions, users } from '../../db/schema';
import type { Actor } from '../../lib/context';

type AnyDb = Db | Tx;

/**
 * Set the caller's own company's consent; withdrawing it revokes every grant on the company and ends
 * the remote sessions opened through them (their next call answers 9104). Answers the previous
 * consent and the number of sessions ended.
 */
export async function setOwnRemoteConsent(tx: AnyDb, actor: Pick<Actor, 'companyId'>, allow: boolean, now: Date) {
  const [before] = await tx
    .select({ allow: companies.allowSuperiorAccess })
    .from(companies)
    .where(eq(companies.id, actor.companyId))
    .for('update');
  await tx.update(companies).set({ allowSuperiorAccess: allow }).where(eq(companies.id, actor.companyId));
  let endedSessions = 0;
  if (!allow) {
    const grants = tx
      .select({ id: remoteAccessGrants.id })
      .from(remoteAccessGrants)
      .where(eq(remoteAccessGrants.companyId, actor.companyId));
    await tx
      .update(remoteAccessGrants)
      .set({ revokedAt: now })
      .where(and(eq(remoteAccessGrants.companyId, actor.companyId), isNull(remoteAccessGrants.revokedAt)));
    const ended = await tx
      .update(sessions)
      .set({ remoteExpiresAt: now })
      .where(and(isNull(sessions.endedAt), inArray(sessions.remoteGrantId, grants), sql`${sessions.remoteExpiresAt} > ${now}`))
      .returning({ id: sessions.id });
    endedSessions = ended.length;
  }
  return { before: before.allow, endedSessions };
}

/** A grant for a company the caller found below itself. */
export async function insertGrant(db: AnyDb, values: typeof remoteAccessGrants.$inferInsert): Promise<number> {
  const [grant] = await db.insert(remoteAccessGrants).values(values).returning({ id: remoteAccessGrants.id });
  return grant.id;
}

/** A grant by id, locked (the link's exchange; the token is checked by the caller). */
export async function unsafeLockGrant(db: AnyDb, grantId: number) {
  const [grant] = await db.select().from(remoteAccessGrants).where(eq(remoteAccessGrants.id, grantId)).for('update');
  return grant ?? null;
}

/** The user who created a grant and the path of its company. */
export async function unsafeGrantSuperior(db: AnyDb, userId: number) {
  const [superior] = await db
    .select({ user: users, path: companies.path })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return superior ?? null;
}

export async function unsafeMarkGrantUsed(db: AnyDb, grantId: number, at: Date, sessionExpiresAt: Date) {
  await db.update(remoteAccessGrants).set({ usedAt: at, sessionExpiresAt }).where(eq(remoteAccessGrants.id, grantId));
}
