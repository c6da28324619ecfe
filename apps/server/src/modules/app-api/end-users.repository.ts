/**
 * End users and their sessions: the portal's list (scoped to the caller's subtree), and the
 * app-facing API's queries, each scoped to the app's brand (`brand`: the application key's company).
 * A few lookups are unscoped on purpose (`unsafe...`): a session by its token, by its renewal token.
 */
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@portal/contract';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appKeys, areas, companies, devices, endUserSessions, endUsers } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';
import type { TotalCache } from '../../lib/total-cache';

type AnyDb = Db | Tx;
const tsz = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The app's brand: every app-facing query names it. */
export interface Brand {
  companyId: number;
  companyPath: string;
}

export type EndUserRow = typeof endUsers.$inferSelect;
export type EndUserListRow = EndUserRow & { companyName: string; deviceCount: number };

// ---------------------------------------------------------------------------------------------
// Portal: the brand's end users
// ---------------------------------------------------------------------------------------------

const listColumns = {
  u: endUsers,
  companyName: companies.name,
  deviceCount: sql<number>`(select count(*)::int from devices d where d.end_user_id = ${endUsers.id})`,
};
const flatten = (r: { u: EndUserRow; companyName: string | null; deviceCount: number }): EndUserListRow => ({
  ...r.u,
  companyName: r.companyName ?? '',
  deviceCount: Number(r.deviceCount),
});

export interface EndUserFilter {
  keyword?: string;
  status?: string;
  companyId?: number;
}

/**
 * The end-user list's totals are kept in the total cache (a brand of 1,000,000 end users: an exact
 * count of about 185 ms on every page turn), per subtree and filter; a search is counted with its page.
 */
const endUserTotalKey = (actor: Actor, f: EndUserFilter) => `endUsers|${actor.companyPath}|${f.status ?? ''}|${f.companyId ?? ''}`;

/** Forget the end-user totals of every subtree that holds this brand (after an end user is added or moved). */
export function invalidateEndUserTotals(totals: TotalCache, companyPath: string) {
  totals.invalidateSubtrees('endUsers', companyPath);
}

export async function listEndUsersInSubtree(
  db: AnyDb,
  actor: Actor,
  f: EndUserFilter,
  page: PageRequest,
  totals?: TotalCache,
): Promise<Page<EndUserListRow>> {
  const text = f.keyword ? `%${escapeLike(f.keyword.toLowerCase())}%` : null;
  const where: SQL | undefined = and(
    scopedToSubtree(endUsers.companyPath, actor),
    f.status ? eq(endUsers.status, f.status) : ne(endUsers.status, 'deleted'),
    f.companyId ? eq(endUsers.companyId, f.companyId) : undefined,
    text ? or(ilike(endUsers.email, text), ilike(endUsers.nickname, text)) : undefined,
  );
  return paginate(
    page,
    async ({ limit, offset }) => {
      // The page's rows first; their company names and device counts after, for those rows only. In
      // one statement, the count in the select list was worked out for every matching end user before
      // the page was cut (a brand of 1,000,000 end users: a million device counts, over 15 s a page).
      const rows = await db
        .select()
        .from(endUsers)
        .where(where)
        .orderBy(desc(endUsers.createdAt), desc(endUsers.id))
        .limit(limit)
        .offset(offset);
      if (!rows.length) return [];
      const extras = await db
        .select({ id: endUsers.id, companyName: listColumns.companyName, deviceCount: listColumns.deviceCount })
        .from(endUsers)
        .leftJoin(companies, eq(companies.id, endUsers.companyId))
        .where(
          inArray(
            endUsers.id,
            rows.map((r) => r.id),
          ),
        );
      const byId = new Map(extras.map((e) => [e.id, e]));
      return rows.map((u) =>
        flatten({ u, companyName: byId.get(u.id)?.companyName ?? null, deviceCount: byId.get(u.id)?.deviceCount ?? 0 }),
      );
    },
    async () => (await db.select({ n: count() }).from(endUsers).where(where))[0]?.n ?? 0,
    totals && !text ? { totals, key: endUserTotalKey(actor, f) } : undefined,
  );
}

export async function findEndUserInSubtree(db: AnyDb, actor: Actor, id: number): Promise<EndUserListRow | null> {
  const [r] = await db
    .select(listColumns)
    .from(endUsers)
    .leftJoin(companies, eq(companies.id, endUsers.companyId))
    .where(and(eq(endUsers.id, id), scopedToSubtree(endUsers.companyPath, actor), ne(endUsers.status, 'deleted')));
  return r ? flatten(r) : null;
}

/** The conditional move of endUserMachine for a portal user: only from the state the caller saw. */
export async function moveEndUserInSubtree(tx: AnyDb, actor: Actor, id: number, from: string, to: string): Promise<boolean> {
  const rows = await tx
    .update(endUsers)
    .set({ status: to })
    .where(and(eq(endUsers.id, id), eq(endUsers.status, from), scopedToSubtree(endUsers.companyPath, actor)))
    .returning({ id: endUsers.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The app-facing API: accounts of the app's brand
// ---------------------------------------------------------------------------------------------

/** The live (not deleted) account of an e-mail in the brand, or null. */
export async function findEndUserByEmail(db: AnyDb, brand: Brand, email: string): Promise<EndUserRow | null> {
  const [u] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.companyId, brand.companyId), eq(endUsers.email, email), ne(endUsers.status, 'deleted')));
  return u ?? null;
}

export async function findEndUser(db: AnyDb, brand: Brand, id: number): Promise<EndUserRow | null> {
  const [u] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.id, id), eq(endUsers.companyId, brand.companyId)));
  return u ?? null;
}

/** The data centre of a country (the DDC serving it), else the brand's own area. */
export async function areaOfCountry(db: AnyDb, brand: Brand, country: string): Promise<number | null> {
  const [a] = await db
    .select({
      id: sql<number | null>`coalesce(
      (select a.id from ${areas} a where a.kind = 'DDC' and ${country} = any(a.res_vals) order by a.id limit 1),
      (select c.area_id from ${companies} c where c.id = ${brand.companyId}))`,
    })
    .from(sql`(select 1) one`);
  return a?.id ?? null;
}

/** A new account; null when the e-mail is taken in the brand meanwhile (the partial unique index). */
export async function insertEndUser(
  tx: AnyDb,
  brand: Brand,
  v: {
    appKeyId: number;
    email: string;
    nickname: string;
    locale: string;
    country: string;
    areaId: number | null;
    passwordHash: string;
    now: Date;
  },
): Promise<EndUserRow | null> {
  const rows = await tx
    .insert(endUsers)
    .values({ companyId: brand.companyId, companyPath: brand.companyPath, ...v, createdAt: v.now })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function updateEndUserProfile(
  tx: AnyDb,
  brand: Brand,
  id: number,
  set: { nickname?: string; locale?: string; country?: string; areaId?: number | null },
) {
  const [u] = await tx
    .update(endUsers)
    .set(set)
    .where(and(eq(endUsers.id, id), eq(endUsers.companyId, brand.companyId), eq(endUsers.status, 'normal')))
    .returning();
  return u ?? null;
}

export async function setEndUserPassword(tx: AnyDb, brand: Brand, id: number, passwordHash: string) {
  await tx
    .update(endUsers)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null })
    .where(and(eq(endUsers.id, id), eq(endUsers.companyId, brand.companyId)));
}

/** The end user's own move of endUserMachine (delete): only from the state it is in. */
export async function moveOwnEndUser(tx: AnyDb, brand: Brand, id: number, from: string, to: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(endUsers)
    .set({ status: to, deletedAt: to === 'deleted' ? now : undefined })
    .where(and(eq(endUsers.id, id), eq(endUsers.companyId, brand.companyId), eq(endUsers.status, from)))
    .returning({ id: endUsers.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Login attempts (auth/login-attempts.ts's account counter, on end_users)
// ---------------------------------------------------------------------------------------------

const LOCK_MS = LOGIN_LOCK_MINUTES * 60_000;

/**
 * Reserve one login attempt on an end user's counter in one atomic statement (parallel guesses get
 * no more than LOGIN_MAX_FAILURES): answers the attempt's number and the lock's end. A lock that has
 * ended starts the count again.
 */
export async function reserveEndUserAttempt(db: AnyDb, id: number, now: number) {
  const at = new Date(now);
  const lockEnds = new Date(now + LOCK_MS);
  const expired = sql`(${endUsers.lockedUntil} is not null and ${endUsers.lockedUntil} <= ${tsz(at)})`;
  const reaches = sql`(${endUsers.lockedUntil} is null and ${endUsers.failedLogins} + 1 >= ${LOGIN_MAX_FAILURES})`;
  const [row] = await db
    .update(endUsers)
    .set({
      failedLogins: sql`case when ${expired} then 1 else least(${endUsers.failedLogins} + 1, 1000) end`,
      lockedUntil: sql`case when ${expired} then null when ${reaches} then ${tsz(lockEnds)} else ${endUsers.lockedUntil} end`,
    })
    .where(eq(endUsers.id, id))
    .returning({ failures: endUsers.failedLogins, lockedUntil: endUsers.lockedUntil });
  return row
    ? { failures: Number(row.failures), lockedUntil: row.lockedUntil }
    : { failures: LOGIN_MAX_FAILURES + 1, lockedUntil: lockEnds };
}

export async function endUserLoginSucceeded(db: AnyDb, id: number) {
  await db.update(endUsers).set({ failedLogins: 0, lockedUntil: null }).where(eq(endUsers.id, id));
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export async function insertEndUserSession(
  tx: AnyDb,
  v: { endUserId: number; appKeyId: number; tokenHash: string; renewTokenHash: string; signKey: null; tokenExpiresAt: Date; now: Date },
) {
  const { now, ...rest } = v;
  await tx.insert(endUserSessions).values({ ...rest, lastActiveAt: now, createdAt: now });
}

/**
 * The session a signed end-user call names, with its user and application key. Unscoped on
 * purpose: the token is the credential (its hash is unique).
 */
export async function unsafeEndUserSessionByToken(db: AnyDb, tokenHash: string) {
  const [r] = await db
    .select({
      session: endUserSessions,
      user: {
        id: endUsers.id,
        email: endUsers.email,
        nickname: endUsers.nickname,
        locale: endUsers.locale,
        country: endUsers.country,
        areaId: endUsers.areaId,
        status: endUsers.status,
      },
      key: { id: appKeys.id, appId: appKeys.appId, companyId: appKeys.companyId, companyPath: appKeys.companyPath, status: appKeys.status },
    })
    .from(endUserSessions)
    .innerJoin(endUsers, eq(endUsers.id, endUserSessions.endUserId))
    .innerJoin(appKeys, eq(appKeys.id, endUserSessions.appKeyId))
    .where(eq(endUserSessions.tokenHash, tokenHash));
  return r ?? null;
}

/** Keep the session's idle time (at most one write per interval). */
export async function touchEndUserSession(db: AnyDb, id: number, now: Date, intervalMs: number) {
  await db
    .update(endUserSessions)
    .set({ lastActiveAt: now })
    .where(and(eq(endUserSessions.id, id), sql`${endUserSessions.lastActiveAt} < ${tsz(new Date(now.getTime() - intervalMs))}`));
}

/**
 * Whether the presented renewal hash is the session's current one, or its previous one replaced
 * after `graceFrom` and not yet given up (the new token unused: its first use clears it).
 */
const renewHashMatches = (renewTokenHash: string, graceFrom: Date) =>
  or(
    eq(endUserSessions.renewTokenHash, renewTokenHash),
    and(eq(endUserSessions.prevRenewTokenHash, renewTokenHash), sql`${endUserSessions.rotatedAt} > ${tsz(graceFrom)}`),
  )!;

/**
 * Renew a session of this application key by its renewal token: one conditional update (the hash
 * just presented, not ended, active within `idleMs`). Null when refused. Single use, except within
 * the grace (RENEWAL_GRACE_MS; `graceFrom` is now minus it): with the current renewal token the
 * replaced hashes become the previous ones and the rotation time is now; with the previous one (an
 * app that lost the last answer) only the current ones are replaced, so the grace still ends
 * RENEWAL_GRACE_MS after the first rotation and the lost answer's tokens are gone.
 */
export async function renewEndUserSession(
  tx: AnyDb,
  appKeyId: number,
  renewTokenHash: string,
  v: { tokenHash: string; renewTokenHash: string; signKey: null; tokenExpiresAt: Date; now: Date; idleMs: number; graceFrom: Date },
) {
  const fromCurrent = sql`${endUserSessions.renewTokenHash} = ${renewTokenHash}`;
  const [s] = await tx
    .update(endUserSessions)
    .set({
      prevTokenHash: sql`case when ${fromCurrent} then ${endUserSessions.tokenHash} else ${endUserSessions.prevTokenHash} end`,
      prevRenewTokenHash: sql`case when ${fromCurrent} then ${endUserSessions.renewTokenHash} else ${endUserSessions.prevRenewTokenHash} end`,
      rotatedAt: sql`case when ${fromCurrent} then ${tsz(v.now)}::timestamptz else ${endUserSessions.rotatedAt} end`,
      tokenHash: v.tokenHash,
      renewTokenHash: v.renewTokenHash,
      // A key stored before migration 0045 goes: the new token's key is derived.
      signKey: v.signKey,
      tokenExpiresAt: v.tokenExpiresAt,
      lastActiveAt: v.now,
    })
    .where(
      and(
        renewHashMatches(renewTokenHash, v.graceFrom),
        eq(endUserSessions.appKeyId, appKeyId),
        isNull(endUserSessions.endedAt),
        sql`${endUserSessions.lastActiveAt} > ${tsz(new Date(v.now.getTime() - v.idleMs))}`,
        sql`exists (select 1 from end_users u where u.id = ${endUserSessions.endUserId} and u.status = 'normal')`,
      ),
    )
    .returning({ id: endUserSessions.id, endUserId: endUserSessions.endUserId });
  return s ?? null;
}

/**
 * Whether a live session's previous token (replaced by a renewal after `graceFrom`, the new one not
 * used since) has this hash. Unscoped on purpose, as the lookup by the current token.
 */
export async function unsafeRenewedAwayEndUserSession(db: AnyDb, tokenHash: string, graceFrom: Date): Promise<boolean> {
  const [s] = await db
    .select({ id: endUserSessions.id })
    .from(endUserSessions)
    .where(
      and(
        eq(endUserSessions.prevTokenHash, tokenHash),
        sql`${endUserSessions.rotatedAt} > ${tsz(graceFrom)}`,
        isNull(endUserSessions.endedAt),
      ),
    )
    .limit(1);
  return !!s;
}

/**
 * The new token's first use: the previous hashes are given up. Writes only while they are still
 * kept and the token is still the current one (a repeated or late call changes nothing).
 */
export async function clearPreviousEndUserTokens(db: AnyDb, sessionId: number, tokenHash: string) {
  await db
    .update(endUserSessions)
    .set({ prevTokenHash: null, prevRenewTokenHash: null, rotatedAt: null })
    .where(
      and(eq(endUserSessions.id, sessionId), eq(endUserSessions.tokenHash, tokenHash), sql`${endUserSessions.prevTokenHash} is not null`),
    );
}

export async function endEndUserSession(db: AnyDb, sessionId: number, reason: string, now: Date) {
  await db
    .update(endUserSessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(endUserSessions.id, sessionId), isNull(endUserSessions.endedAt)));
}

/** End every open session of an end user (password reset, freeze, deletion). */
export async function endAllEndUserSessions(db: AnyDb, endUserId: number, reason: string, now: Date) {
  await db
    .update(endUserSessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(endUserSessions.endUserId, endUserId), isNull(endUserSessions.endedAt)));
}

/** Unbind every device of an end user (deletion). */
/** Unbinds all of the user's devices; answers their ids (their unstarted plans stop being effective). */
export async function unbindAllDevices(db: AnyDb, brand: Brand, endUserId: number, now: Date): Promise<number[]> {
  const rows = await db
    .update(devices)
    .set({ endUserId: null, boundAt: null, updatedAt: now })
    .where(and(eq(devices.endUserId, endUserId), scopedToSubtree(devices.companyPath, { companyPath: brand.companyPath })))
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}
