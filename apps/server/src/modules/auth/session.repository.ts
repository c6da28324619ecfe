import { effectiveCompanyStatusSql } from '../../lib/tenancy';
import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DataDeps } from '../../lib/data-versions';
import type { SessionScope } from '../../lib/context';
import type { Db, Tx } from '../../db/client';
import { areaKindSettings, areas, companies, companyBranding, registrationAudits, sessions, users } from '../../db/schema';

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

/**
 * Keeps a session's idle clock, at most once per `throttleMs`. On the hot connections (a last-active
 * time, like a nonce, is committed asynchronously); its change notification still reaches every
 * instance's read cache, but it does not make this instance drop every cached session as a write
 * of its own would.
 */
export async function touchSession(database: Database, sessionId: number, at: Date, throttleMs: number) {
  await database.query(
    `update sessions set last_active_at = $2::timestamptz where id = $1 and last_active_at < $3::timestamptz`,
    [sessionId, at.toISOString(), new Date(at.getTime() - throttleMs).toISOString()],
    { name: 'touch_session' },
  );
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

/** Areas by id (a user's resource range): an empty list is no area (issue 11 §1.12), no list is every area. */
export async function listAreas(db: Db | Tx, ids?: readonly number[]) {
  if (ids && ids.length === 0) return [];
  const all = await db.select().from(areas).orderBy(areas.id);
  return ids ? all.filter((a) => ids.includes(a.id)) : all;
}

export async function hiddenMenusFor(db: Db | Tx, areaKind: string | undefined): Promise<string[]> {
  if (!areaKind) return [];
  const rows = await db.select().from(areaKindSettings).where(eq(areaKindSettings.kind, areaKind));
  return rows[0]?.hiddenMenus ?? [];
}

export const nowSql = sql`now()`;

export interface ResolvedSession {
  session: {
    id: number;
    userId: number;
    /**
     * The signing key stored before migration 0045, kept by a session live then until it renews or
     * ends; null for every other session, whose key is derived from its token (sessionSignKey).
     */
    storedSignKey: string | null;
    locale: string;
    currentAreaId: number | null;
    tokenExpiresAt: Date;
    lastActiveAt: Date;
    endedAt: Date | null;
    endReason: string | null;
    actingUserId: number | null;
    actingNickname: string | null;
    remoteExpiresAt: Date | null;
    /** A renewal's previous credentials are still kept (cleared by the first call with this token). */
    hasPrev: boolean;
  };
  user: {
    id: number;
    nickname: string;
    email: string;
    userType: string;
    userAuthType: number;
    status: string;
    authResList: string[];
    areaIds: number[];
  };
  company: { id: number; path: string; type: string; name: string; level: number; status: string };
  /** Where the user may act (its resource range, application permissions, company area), read with the session. */
  scope: SessionScope;
}

const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string));

const SESSION_SELECT = `select s.id, s.user_id, s.sign_key, s.locale, s.current_area_id, s.token_expires_at, s.last_active_at, s.ended_at,
              s.end_reason, s.acting_user_id, s.remote_expires_at, s.prev_token_hash is not null as has_prev,
              u.nickname, u.email, u.user_type, u.user_auth_type, u.status as user_status,
              to_json(u.auth_res_list) as auth_res_list, to_json(u.area_ids) as area_ids,
              c.id as company_id, c.path, c.type as company_type, c.name as company_name, c.level, ${effectiveCompanyStatusSql('c')} as company_status,
              a.nickname as acting_nickname,
              to_json(u.app_ids) as app_ids, c.area_id as company_area_id,
              case when cardinality(u.company_ids) > 0 then
                (select to_json(coalesce(array_agg(r.path), '{}')) from companies r
                  where r.id = any(u.company_ids) and left(r.path, length(c.path)) = c.path) end as range_paths
         from sessions s join users u on u.id = s.user_id join companies c on c.id = u.company_id
         left join users a on a.id = s.acting_user_id
        where s.token_hash = $1`;

/** What a resolved session was read from (it is kept by the read cache until one of them changes). */
export function sessionDeps(resolved: ResolvedSession): DataDeps {
  const rows = [`sessions:${resolved.session.id}`, `users:${resolved.user.id}`];
  if (resolved.session.actingUserId !== null) rows.push(`users:${resolved.session.actingUserId}`);
  // Companies as a whole: a freeze reaches every company below (effective status).
  return { tables: ['companies'], rows };
}

/**
 * The hot path of a signed call whose session is not cached, in one round trip: the session, user
 * and company of a token hash, and the nonce recorded under that session (false when it was seen
 * before). The nonce is recorded before the sign is checked; a caller without the right key only
 * burns a random nonce. Without a nonce, only the session is read.
 */
export async function resolveSessionAndNonce(
  database: Database,
  tokenHash: string,
  nonce: number,
  nonceExpiresAt: Date,
): Promise<(ResolvedSession & { nonceFresh: boolean }) | null>;
export async function resolveSessionAndNonce(database: Database, tokenHash: string): Promise<ResolvedSession | null>;
export async function resolveSessionAndNonce(database: Database, tokenHash: string, nonce?: number, nonceExpiresAt?: Date) {
  const { rows } =
    nonce === undefined
      ? await database.query<Record<string, unknown>>(SESSION_SELECT, [tokenHash], { name: 'resolve_session' })
      : await database.query<Record<string, unknown>>(
          `with s as (${SESSION_SELECT}),
     n as (insert into nonces (key, expires_at) select 's' || s.id || ':' || $2::text, $3::timestamptz from s
           on conflict do nothing returning key)
     select s.*, (select count(*)::int from n) as nonce_fresh from s`,
          [tokenHash, String(nonce), nonceExpiresAt!.toISOString()],
          { name: 'resolve_session_and_nonce' },
        );
  const r = rows[0];
  if (!r) return null;
  const resolved: ResolvedSession = {
    session: {
      id: Number(r.id),
      userId: Number(r.user_id),
      storedSignKey: (r.sign_key as string | null) ?? null,
      locale: String(r.locale),
      currentAreaId: r.current_area_id === null ? null : Number(r.current_area_id),
      tokenExpiresAt: toDate(r.token_expires_at)!,
      lastActiveAt: toDate(r.last_active_at)!,
      endedAt: toDate(r.ended_at),
      endReason: (r.end_reason as string | null) ?? null,
      actingUserId: r.acting_user_id === null ? null : Number(r.acting_user_id),
      actingNickname: (r.acting_nickname as string | null) ?? null,
      remoteExpiresAt: toDate(r.remote_expires_at),
      hasPrev: r.has_prev === true,
    },
    user: {
      id: Number(r.user_id),
      nickname: String(r.nickname),
      email: String(r.email),
      userType: String(r.user_type),
      userAuthType: Number(r.user_auth_type),
      status: String(r.user_status),
      authResList: (r.auth_res_list as string[] | null) ?? [],
      areaIds: ((r.area_ids as number[] | null) ?? []).map(Number),
    },
    company: {
      id: Number(r.company_id),
      path: String(r.path),
      type: String(r.company_type),
      name: String(r.company_name),
      level: Number(r.level),
      status: String(r.company_status),
    },
    scope: {
      rangePaths: r.range_paths === null || r.range_paths === undefined ? null : (r.range_paths as string[]),
      appIds: (r.app_ids as string[] | null) ?? [],
      companyAreaId: r.company_area_id === null || r.company_area_id === undefined ? null : Number(r.company_area_id),
    },
  };
  return nonce === undefined ? resolved : { ...resolved, nonceFresh: Number(r.nonce_fresh) === 1 };
}

/** A session with its user and company, by id (the caller's own session, or one just issued). */
export async function findSessionUser(db: Db | Tx, sessionId: number) {
  const [row] = await db
    .select({ session: sessions, user: users, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/** Name and company name of the superior acting in a remote-access session (the session's own reference). */
export async function findActingUserNames(db: Db | Tx, userId: number) {
  const [by] = await db
    .select({ nickname: users.nickname, coName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return by ?? null;
}

/**
 * The registration audit of a company and the approver's name, read at sign-in before any session
 * exists (unscoped by nature: the company is the one signing in).
 */
export async function unsafeRegistrationAuditOf(db: Db | Tx, companyId: number) {
  const [audit] = await db.select().from(registrationAudits).where(eq(registrationAudits.companyId, companyId));
  if (!audit) return null;
  const [approver] = audit.approverCompanyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, audit.approverCompanyId))
    : [];
  return { status: audit.status, reason: audit.reason, approverName: approver?.name ?? '' };
}

export interface NewSession {
  userId: number;
  tokenHash: string;
  renewTokenHash: string;
  /** Always null: the key is derived from the token (issueSessionTokens). */
  signKey: null;
  currentAreaId: number | null;
  locale: string;
  tokenExpiresAt: Date;
  createdAt: Date;
  ip: string;
  actingUserId: number | null;
  remoteGrantId: number | null;
  remoteExpiresAt: Date | null;
}

export async function insertSession(db: Db | Tx, s: NewSession): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({ ...s, lastActiveAt: s.createdAt })
    .returning({ id: sessions.id });
  return row.id;
}

/**
 * Whether the presented renewal hash is the session's current one, or its previous one replaced
 * after `graceFrom` and not yet given up (the new token unused: its first use clears it).
 */
const renewHashMatches = (renewTokenHash: string, graceFrom: Date) =>
  or(eq(sessions.renewTokenHash, renewTokenHash), and(eq(sessions.prevRenewTokenHash, renewTokenHash), gt(sessions.rotatedAt, graceFrom)))!;

/**
 * A session by its renewal token hash (a renewal is made before the session's token is known
 * again): the current one, or the previous one within the grace (RENEWAL_GRACE_MS; `graceFrom` is
 * now minus the grace), for a client that lost the last renewal's answer.
 */
export async function unsafeFindSessionByRenewHash(db: Db | Tx, renewTokenHash: string, graceFrom: Date) {
  const [s] = await db.select().from(sessions).where(renewHashMatches(renewTokenHash, graceFrom)).limit(1);
  return s ?? null;
}

/**
 * New token and renewal token for a live session, in one statement (a concurrent renewal or first
 * use is re-checked on the row it waited for); a signing key stored before migration 0045 is cleared
 * (the new token's key is derived). With the current renewal token, the replaced
 * credentials become the previous ones and the rotation time is now. With the previous renewal
 * token (within the grace), only the current ones are replaced: the previous ones and the rotation
 * time stay, so the grace still ends RENEWAL_GRACE_MS after the first rotation, and the credentials
 * of the lost answer are gone. Single use otherwise: false when nothing matched.
 */
export async function rotateSessionTokens(
  db: Db | Tx,
  sessionId: number,
  presentedRenewHash: string,
  next: { tokenHash: string; renewTokenHash: string; signKey: null; tokenExpiresAt: Date; lastActiveAt: Date },
  graceFrom: Date,
): Promise<boolean> {
  const fromCurrent = sql`${sessions.renewTokenHash} = ${presentedRenewHash}`;
  const at = next.lastActiveAt.toISOString();
  const updated = await db
    .update(sessions)
    .set({
      prevTokenHash: sql`case when ${fromCurrent} then ${sessions.tokenHash} else ${sessions.prevTokenHash} end`,
      prevRenewTokenHash: sql`case when ${fromCurrent} then ${sessions.renewTokenHash} else ${sessions.prevRenewTokenHash} end`,
      rotatedAt: sql`case when ${fromCurrent} then ${at}::timestamptz else ${sessions.rotatedAt} end`,
      ...next,
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt), renewHashMatches(presentedRenewHash, graceFrom)))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

/**
 * The session whose previous token (replaced by a renewal after `graceFrom`, the new one not used
 * since) has this hash; null otherwise or when the session ended. That token's signing key is derived
 * from the token the call carries (sessionSignKey): none is kept.
 */
export async function findRenewedAwaySession(db: Db | Tx, tokenHash: string, graceFrom: Date) {
  const [s] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.prevTokenHash, tokenHash), gt(sessions.rotatedAt, graceFrom), isNull(sessions.endedAt)))
    .limit(1);
  return s ?? null;
}

/**
 * The new token's first use: the previous credentials are given up. Writes only while they are
 * still kept and the token is still the current one (a repeated or late call changes nothing); the
 * row's change drops the cached session, read again without them.
 */
export async function clearPreviousTokens(db: Db | Tx, sessionId: number, tokenHash: string) {
  await db
    .update(sessions)
    .set({ prevTokenHash: null, prevRenewTokenHash: null, rotatedAt: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.tokenHash, tokenHash), isNotNull(sessions.prevTokenHash)));
}

export async function setSessionArea(db: Db | Tx, sessionId: number, areaId: number) {
  await db.update(sessions).set({ currentAreaId: areaId }).where(eq(sessions.id, sessionId));
}

export async function findArea(db: Db | Tx, areaId: number) {
  const [a] = await db.select().from(areas).where(eq(areas.id, areaId));
  return a ?? null;
}

/** Branding rows of the given companies (the caller's own chain of companies). */
export async function brandingsOf(db: Db | Tx, companyIds: readonly number[]) {
  if (!companyIds.length) return [];
  return db
    .select()
    .from(companyBranding)
    .where(inArray(companyBranding.companyId, [...companyIds]));
}

/** The language a user signs in with becomes their preferred one (mails, message centre receipts). */
export async function rememberUserLocale(db: Db | Tx, userId: number, locale: string): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), sql`${users.locale} <> ${locale}`));
}
