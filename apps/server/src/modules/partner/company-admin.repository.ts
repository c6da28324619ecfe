/**
 * Company queries of the partner network, always scoped to the caller's subtree. "Downstream" means
 * strictly below the caller's company: a company can never manage itself or an ancestor this way.
 */
import type { Locale } from '@portal/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areas, companies, users } from '../../db/schema';
import { areaNameColumn } from '../../lib/area-names';
import type { Actor } from '../../lib/context';
import { scopedBelowCompany } from '../../lib/tenancy';
import { companyColumns, companyFacts, userCountSql } from './company.repository';
import { NO_FACTS, type CompanySubject } from './company.policy';

type AnyDb = Db | Tx;

/** The company list's columns, plus what administration needs (depth, the superior-access switch). */
export const companyAdminColumns = {
  ...companyColumns,
  depth: companies.depth,
  allowSuperiorAccess: companies.allowSuperiorAccess,
};

export type AdminCompanyRow = NonNullable<Awaited<ReturnType<typeof findDownstreamCompany>>>;

/** A company strictly below the caller's, or null (another tenant's id, the caller's own or an ancestor). */
export async function findDownstreamCompany(
  db: AnyDb,
  actor: Pick<Actor, 'companyPath'>,
  companyId: number,
  opts: { forUpdate?: boolean } = {},
) {
  const q = db
    .select(companyAdminColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), scopedBelowCompany(companies.path, actor)));
  const [row] = opts.forUpdate ? await q.for('update', { of: companies }) : await q;
  return row ?? null;
}

/** The company as the company policy sees it now (its facts read on `db`, inside the caller's transaction where there is one). */
export async function companySubject(db: AnyDb, c: AdminCompanyRow): Promise<CompanySubject> {
  const facts = (await companyFacts(db, [c.id])).get(c.id) ?? NO_FACTS;
  return { path: c.path, type: c.type, status: c.status, allowSuperiorAccess: c.allowSuperiorAccess, facts };
}

/** Any company by id, unscoped: for public flows (registration links) that prove access otherwise. */
export async function unsafeFindCompany(db: AnyDb, companyId: number) {
  const [row] = await db.select(companyAdminColumns).from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** The name of an area in `locale` ('' for none). */
export async function areaName(db: AnyDb, areaId: number | null, locale: Locale): Promise<string> {
  if (!areaId) return '';
  const [a] = await db
    .select({ name: areaNameColumn(locale) })
    .from(areas)
    .where(eq(areas.id, areaId));
  return a?.name ?? '';
}

export async function companyName(db: AnyDb, companyId: number | null): Promise<string> {
  if (!companyId) return '';
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return c?.name ?? '';
}

/** Downstream companies by type, state and area (named in `locale`); users against the limit; the crowded ones. */
export async function downstreamStatistics(db: AnyDb, actor: Pick<Actor, 'companyPath'>, locale: Locale) {
  const scope = scopedBelowCompany(companies.path, actor);
  const [byType, byStatus, byArea, [usage], atLimit] = await Promise.all([
    db.select({ key: companies.type, count: count() }).from(companies).where(scope).groupBy(companies.type).orderBy(desc(count())),
    db.select({ key: companies.status, count: count() }).from(companies).where(scope).groupBy(companies.status).orderBy(desc(count())),
    db
      .select({ areaId: companies.areaId, areaName: sql<string>`coalesce(max(${areaNameColumn(locale)}), '')`, count: count() })
      .from(companies)
      .leftJoin(areas, eq(areas.id, companies.areaId))
      .where(scope)
      .groupBy(companies.areaId)
      .orderBy(desc(count())),
    db
      .select({
        count: sql<number>`coalesce(sum((select count(*) from users u where u.company_id = "companies"."id" and u.status <> 'deleted')), 0)::int`,
        limit: sql<number>`coalesce(sum(${companies.userLimit}), 0)::int`,
      })
      .from(companies)
      .where(scope),
    db
      .select({ companyId: companies.id, name: companies.name, userCount: userCountSql, userLimit: companies.userLimit })
      .from(companies)
      .where(and(scope, sql`${userCountSql} >= ${companies.userLimit}`))
      .orderBy(desc(userCountSql), asc(companies.id))
      .limit(10),
  ]);
  return {
    total: byType.reduce((n, r) => n + Number(r.count), 0),
    byType: byType.map((r) => ({ key: r.key, count: Number(r.count) })),
    byStatus: byStatus.map((r) => ({ key: r.key, count: Number(r.count) })),
    byArea: byArea.map((r) => ({ areaId: r.areaId, areaName: r.areaName, count: Number(r.count) })),
    users: { count: Number(usage?.count ?? 0), limit: Number(usage?.limit ?? 0) },
    atLimit: atLimit.map((r) => ({ ...r, userCount: Number(r.userCount) })),
  };
}

/** Administrators (owner and admins) of a company, for notifications. */
export async function companyAdministrators(db: AnyDb, companyId: number) {
  return db
    .select({ id: users.id, email: users.email, nickname: users.nickname, locale: users.locale })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.userAuthType, [1, 2]), sql`${users.status} <> 'deleted'`))
    .orderBy(asc(users.id));
}

/** The company's owner account (the first owner still usable), which remote access opens. */
export async function companyOwner(db: AnyDb, companyId: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userAuthType, 1), sql`${users.status} <> 'deleted'`))
    .orderBy(asc(users.id))
    .limit(1);
  return u ?? null;
}

/** Whether an area exists among the caller's own areas (an empty list is none): its id, or null. */
export async function areaInActorAreas(db: AnyDb, actor: Pick<Actor, 'areaIds'>, areaId: number): Promise<number | null> {
  if (!actor.areaIds.includes(areaId)) return null;
  const [a] = await db.select({ id: areas.id }).from(areas).where(eq(areas.id, areaId));
  return a?.id ?? null;
}

/** Write a company strictly below the caller's (the scope is checked again in the statement). */
export async function updateDownstreamCompany(
  db: AnyDb,
  actor: Pick<Actor, 'companyPath'>,
  companyId: number,
  patch: Partial<typeof companies.$inferInsert>,
) {
  await db
    .update(companies)
    .set(patch)
    .where(and(eq(companies.id, companyId), scopedBelowCompany(companies.path, actor)));
}
