import type { CompanyStatus, CompanyType } from './company.types';
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { companies } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { belowCompany, escapeLike, inSubtree } from '../../lib/tenancy';
import { companyTotals } from '../../lib/total-cache';

type AnyDb = Db | Tx;

// Written out in full: Drizzle renders a column of the only table unqualified, which inside the
// subquery would bind to the users table.
const userCountSql = sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id" and u.status <> 'deleted')`;

const companyColumns = {
  id: companies.id,
  parentId: companies.parentId,
  type: companies.type,
  level: companies.level,
  name: companies.name,
  logo: companies.logo,
  contact: companies.contact,
  telephone: companies.telephone,
  email: companies.email,
  areaId: companies.areaId,
  status: companies.status,
  userLimit: companies.userLimit,
  createdAt: companies.createdAt,
  path: companies.path,
  userCount: userCountSql,
};

export type CompanyRow = Awaited<ReturnType<typeof findCompanyInSubtree>> & {};

export interface CompanyFilter {
  searchText?: string;
  type?: CompanyType;
  status?: CompanyStatus;
  areaId?: number;
  parentId?: number;
}

/** Downstream companies of the caller, filtered and paged. */
export async function listDownstreamCompanies(db: AnyDb, actor: Actor, f: CompanyFilter, page: { pageNum: number; pageSize: number }) {
  const conds: SQL[] = [belowCompany(companies.path, actor)];
  if (f.searchText) conds.push(ilike(companies.name, `%${escapeLike(f.searchText)}%`));
  if (f.type) conds.push(eq(companies.type, f.type));
  if (f.status) conds.push(eq(companies.status, f.status));
  if (f.areaId) conds.push(eq(companies.areaId, f.areaId));
  if (f.parentId) conds.push(eq(companies.parentId, f.parentId));
  const where = and(...conds);
  const totalKey = `${actor.companyPath}|${f.searchText ?? ''}|${f.type ?? ''}|${f.status ?? ''}|${f.areaId ?? ''}|${f.parentId ?? ''}`;
  const [records, total] = await Promise.all([
    db
      .select(companyColumns)
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    companyTotals.get(totalKey, async () => (await db.select({ total: count() }).from(companies).where(where))[0].total),
  ]);
  return { records, total };
}

/** One company of the caller's subtree (its own included), or null: another tenant's id finds nothing. */
export async function findCompanyInSubtree(db: AnyDb, actor: Actor, companyId: number) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), inSubtree(companies.path, actor)));
  return row ?? null;
}

/** Direct customers of a company in the caller's subtree. */
export async function listRelations(db: AnyDb, parentId: number, searchText: string | undefined, page: { pageNum: number; pageSize: number }) {
  const conds: SQL[] = [eq(companies.parentId, parentId)];
  if (searchText) conds.push(ilike(companies.name, `%${escapeLike(searchText)}%`));
  const where = and(...conds);
  const parent = db.$with('parent').as(db.select({ name: companies.name }).from(companies).where(eq(companies.id, parentId)));
  const [records, [{ total }], [p]] = await Promise.all([
    db
      .select({ companyId: companies.id, customerName: companies.name, type: companies.type, status: companies.status, createdAt: companies.createdAt })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ total: count() }).from(companies).where(where),
    db.with(parent).select().from(parent),
  ]);
  return { records: records.map((r) => ({ ...r, parentName: p?.name ?? '' })), total };
}
