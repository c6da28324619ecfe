/** The signed-in user's own rows: its password, its other sessions and its saved preferences (user-configs). */
import { and, asc, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sessions, userConfigs, users } from '../../db/schema';

type AnyDb = Db | Tx;

/** A new password for the caller; every other session of the caller ends. */
export async function setOwnPassword(tx: AnyDb, userId: number, keepSessionId: number, passwordHash: string, at: Date) {
  await tx.update(users).set({ passwordHash, failedLogins: 0 }).where(eq(users.id, userId));
  await tx
    .update(sessions)
    .set({ endedAt: at, endReason: 'password-changed' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ne(sessions.id, keepSessionId)));
}

export async function listOwnConfigs(db: AnyDb, userId: number, keys?: string[]) {
  const where = keys && keys.length ? and(eq(userConfigs.userId, userId), inArray(userConfigs.key, keys)) : eq(userConfigs.userId, userId);
  return db.select().from(userConfigs).where(where).orderBy(asc(userConfigs.key));
}

/** How many settings the caller has saved under other keys than `key`. */
export async function countOwnConfigsExcept(db: AnyDb, userId: number, key: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(userConfigs)
    .where(and(eq(userConfigs.userId, userId), ne(userConfigs.key, key)));
  return n;
}

export async function upsertOwnConfig(db: AnyDb, userId: number, key: string, value: unknown, at: Date) {
  await db
    .insert(userConfigs)
    .values({ userId, key, value: value as never, updatedAt: at })
    .onConflictDoUpdate({ target: [userConfigs.userId, userConfigs.key], set: { value: value as never, updatedAt: at } });
}

export async function deleteOwnConfig(db: AnyDb, userId: number, key: string) {
  await db.delete(userConfigs).where(and(eq(userConfigs.userId, userId), eq(userConfigs.key, key)));
}
