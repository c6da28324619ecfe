import type { CompanyStatus, CompanyType } from './company.types';
import type { AuditState } from '@portal/contract';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { companies } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedBelowCompany, scopedToSubtree } from '../../lib/tenancy';
import type { DataDeps } from '../../lib/data-versions';
import type { ReadCache } from '../../lib/read-cache';
import type { TotalCache } from '../../lib/total-cache';
import type { CompanyFacts } from './company.policy';

type AnyDb = Db | Tx;

// Written out in full: Drizzle renders a column of the only table unqualified, which inside the
// subquery would bind to the users table.
export const userCountSql = sql<number>`(select count(*)::int from users u where u.company_id = "companies"."id" and u.status <> 'deleted')`;

export const companyColumns = {
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
  allowSuperiorAccess: companies.allowSuperiorAccess,
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

/** What a company page is read from: the companies, and the users it counts. */
const COMPANY_PAGE_DEPS: DataDeps = { tables: ['companies', 'users'] };
const COMPANY_TOTAL_DEPS: DataDeps = { tables: ['companies'] };

function toCompanyListRecord(r: Record<string, unknown>) {
  return {
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    type: String(r.type),
    level: Number(r.level),
    name: String(r.name),
    logo: (r.logo as string | null) ?? null,
    contact: String(r.contact),
    telephone: String(r.telephone),
    email: String(r.email),
    areaId: r.area_id === null ? null : Number(r.area_id),
    status: String(r.status),
    userLimit: Number(r.user_limit),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    path: String(r.path),
    allowSuperiorAccess: r.allow_superior_access === true,
    userCount: Number(r.user_count),
  };
}

/**
 * Downstream companies of the caller, filtered and paged. The page is the portal's hottest list, so
 * it is a prepared statement per combination of filters (planned once per connection; only the
 * filters given are in it, so a type filter can walk the (type, id) index); the total comes from
 * the total cache. A search answers its page and total from one statement.
 */
export async function listDownstreamCompanies(
  database: Database,
  { totals, reads }: { totals: TotalCache; reads: ReadCache },
  actor: Actor,
  f: CompanyFilter,
  page: { pageNum: number; pageSize: number },
) {
  const prefix = escapeLike(actor.companyPath) + '%';
  const search = f.searchText ? `%${escapeLike(f.searchText)}%` : null;
  const params: unknown[] = [prefix, actor.companyPath];
  const conds: string[] = [];
  let shape = '';
  const add = (flag: string, cond: (n: number) => string, value: unknown) => {
    params.push(value);
    conds.push(cond(params.length));
    shape += flag;
  };
  if (search) add('s', (n) => `c.name ilike $${n}`, search);
  if (f.type) add('t', (n) => `c.type = $${n}`, f.type);
  if (f.status) add('x', (n) => `c.status = $${n}`, f.status);
  if (f.areaId) add('a', (n) => `c.area_id = $${n}::int`, f.areaId);
  if (f.parentId) add('p', (n) => `c.parent_id = $${n}::int`, f.parentId);
  params.push(page.pageSize, (page.pageNum - 1) * page.pageSize);
  const columns =
    'c.id, c.parent_id, c.type, c.level, c.name, c.logo, c.contact, c.telephone, c.email, c.area_id, c.status, c.user_limit, c.created_at, c.path, c.allow_superior_access';
  const where = `c.path like $1 and c.path <> $2${conds.map((c) => `\n        and ${c}`).join('')}`;
  const limit = `limit $${params.length - 1} offset $${params.length}`;
  const userCount = (alias: string) =>
    `(select count(*)::int from users u where u.company_id = ${alias}.id and u.status <> 'deleted') as user_count`;
  if (search) {
    // A search: the page and its total from one statement, prepared per combination of filters
    // (a generic plan takes a bound pattern to the trigram index as well: GIN extracts its trigrams
    // when the scan starts, so no request pays for planning). The matches' ids are found once
    // through the trigram index (materialized: otherwise the planner walks the id index backwards
    // for the first page, reading the whole subtree when a name matches few companies), counted,
    // and only the page's companies are read in full. A page past the last still answers the
    // total (one row of nulls).
    return reads.get(`companies.search|${shape}|${JSON.stringify(params)}`, COMPANY_PAGE_DEPS, async () => {
      const { rows } = await database.query<Record<string, unknown>>(
        `with m as materialized (select c.id from companies c where ${where})
         select ${columns}, ${userCount('c')}, t.total_rows
           from (select count(*)::int as total_rows from m) t
           left join lateral (select m.id from m order by m.id desc ${limit}) p on true
           left join companies c on c.id = p.id
          order by c.id desc`,
        params,
        { name: `company_search_${shape}` },
      );
      return { records: rows.filter((r) => r.id !== null).map(toCompanyListRecord), total: Number(rows[0]?.total_rows ?? 0) };
    });
  }
  // The page is kept until a company or user changes (the read cache); its key is the statement's
  // shape and every value bound to it. The total comes from the total cache (paginate).
  const filters = params.slice(0, -2);
  const totalKey = `${actor.companyPath}||${f.type ?? ''}|${f.status ?? ''}|${f.areaId ?? ''}|${f.parentId ?? ''}`;
  return paginate(
    page,
    ({ limit: size, offset }) =>
      reads.get(`companies.page|${shape}|${JSON.stringify([...filters, size, offset])}`, COMPANY_PAGE_DEPS, async () => {
        const { rows } = await database.query<Record<string, unknown>>(
          `select ${columns}, ${userCount('c')} from companies c where ${where} order by c.id desc ${limit}`,
          [...filters, size, offset],
          { name: `company_list_page_${shape || 'all'}` },
        );
        return rows.map(toCompanyListRecord);
      }),
    // The count's query is only built on a cache miss.
    async () => {
      const conds: SQL[] = [scopedBelowCompany(companies.path, actor)];
      if (f.type) conds.push(eq(companies.type, f.type));
      if (f.status) conds.push(eq(companies.status, f.status));
      if (f.areaId) conds.push(eq(companies.areaId, f.areaId));
      if (f.parentId) conds.push(eq(companies.parentId, f.parentId));
      return (
        await database.db
          .select({ total: count() })
          .from(companies)
          .where(and(...conds))
      )[0].total;
    },
    { totals, key: `companies|${totalKey}`, deps: COMPANY_TOTAL_DEPS },
  );
}

/** One company of the caller's subtree (its own included), or null: another tenant's id finds nothing. */
export async function findCompanyInSubtree(db: AnyDb, actor: Actor, companyId: number) {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), scopedToSubtree(companies.path, actor)));
  return row ?? null;
}

/**
 * What the company policy needs beside the rows, for these companies (one statement): the latest
 * invitation's status, the registration audit, whether anyone works there or below, and the owner.
 */
export async function companyFacts(db: AnyDb, companyIds: readonly number[]): Promise<Map<number, CompanyFacts>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: companies.id,
      invitation: sql<string | null>`(select i.status from invitations i where i.company_id = "companies"."id" order by i.id desc limit 1)`,
      audit: sql<string | null>`(select a.status from registration_audits a where a.company_id = "companies"."id")`,
      hasMembers: sql<boolean>`exists (select 1 from users u where u.company_id = "companies"."id")`,
      hasChildren: sql<boolean>`exists (select 1 from companies k where k.parent_id = "companies"."id")`,
      hasOwner: sql<boolean>`exists (select 1 from users u where u.company_id = "companies"."id" and u.user_auth_type = 1 and u.status <> 'deleted')`,
    })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        invitation: r.invitation,
        audit: r.audit as AuditState | null,
        hasMembers: !!r.hasMembers,
        hasChildren: !!r.hasChildren,
        hasOwner: !!r.hasOwner,
      },
    ]),
  );
}

/** Direct customers of a company in the caller's subtree. */
export async function listRelations(
  db: AnyDb,
  parentId: number,
  searchText: string | undefined,
  page: { pageNum: number; pageSize: number },
) {
  const conds: SQL[] = [eq(companies.parentId, parentId)];
  if (searchText) conds.push(ilike(companies.name, `%${escapeLike(searchText)}%`));
  const where = and(...conds);
  const parent = db.$with('parent').as(db.select({ name: companies.name }).from(companies).where(eq(companies.id, parentId)));
  const [records, [{ total }], [p]] = await Promise.all([
    db
      .select({
        companyId: companies.id,
        customerName: companies.name,
        type: companies.type,
        status: companies.status,
        createdAt: companies.createdAt,
      })
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
