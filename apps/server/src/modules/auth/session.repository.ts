import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areaKindSettings, areas, companies, sessions, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

/** Session, user and company of a token hash in one round trip. */
export async function findSessionByTokenHash(db: Db | Tx, tokenHash: string) {
  const rows = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function touchSession(db: Db | Tx, sessionId: number, at: Date, throttleMs: number) {
  await db
    .update(sessions)
    .set({ lastActiveAt: at })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastActiveAt, new Date(at.getTime() - throttleMs))));
}

export async function endSession(db: Db | Tx, sessionId: number, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endUserSessions(db: Db | Tx, userId: number, reason: string, at: Date) {
  await db
    .update(sessions)
    .set({ endedAt: at, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function listAreas(db: Db | Tx, ids?: readonly number[]) {
  const all = await db.select().from(areas).orderBy(areas.id);
  return ids && ids.length ? all.filter((a) => ids.includes(a.id)) : all;
}

export async function hiddenMenusFor(db: Db | Tx, areaKind: string | undefined): Promise<string[]> {
  if (!areaKind) return [];
  const rows = await db.select().from(areaKindSettings).where(eq(areaKindSettings.kind, areaKind));
  return rows[0]?.hiddenMenus ?? [];
}

export const nowSql = sql`now()`;
