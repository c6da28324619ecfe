import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './context';
import type { DataDeps } from './data-versions';
import type { TotalCache } from './total-cache';

/**
 * Tenant-scoped data access (ARCHITECTURE "Repositories use the shared tenant-scoped helpers").
 * Every repository query of tenant data names the caller's scope with one of these; a query that is
 * deliberately unscoped lives in a function named `unsafe...` with a comment saying why, and only
 * `*.repository.ts` files query the database (apps/server/test/lib/repository-boundary.test.ts).
 *
 * A column is a Drizzle column or, in a raw statement, an aliased one (`sql\`t.company_path\``).
 */
export type ScopeColumn = AnyPgColumn | SQL;

/** The company path column is the caller's company or below it (its subtree). */
export function scopedToSubtree(pathColumn: ScopeColumn, actor: Pick<Actor, 'companyPath'>): SQL {
  return sql`${pathColumn} like ${escapeLike(actor.companyPath) + '%'}`;
}

/** Strictly below the caller's company (downstream companies only). */
export function scopedBelowCompany(pathColumn: ScopeColumn, actor: Pick<Actor, 'companyPath'>): SQL {
  return sql`(${pathColumn} like ${escapeLike(actor.companyPath) + '%'} and ${pathColumn} <> ${actor.companyPath})`;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The range of strings that start with `prefix`, in the byte order of `text_pattern_ops` indexes
 * (UTF-8 keeps code point order): [lo, hi). A condition `col ~>=~ lo and col ~<~ hi` reaches such
 * an index with bound parameters, so a prefix search can be a prepared statement (a generic plan
 * cannot turn `col like $1` into an index range). `hi` is null when no string is greater (a prefix
 * of U+10FFFF only, or empty): then there is no upper bound.
 */
export function prefixRange(prefix: string): { lo: string; hi: string | null } {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length > 0) {
    let last = points.pop()! + 1;
    if (last >= 0xd800 && last <= 0xdfff) last = 0xe000; // no surrogate code points in UTF-8 text
    if (last <= 0x10ffff) return { lo: prefix, hi: String.fromCodePoint(...points, last) };
  }
  return { lo: prefix, hi: null };
}

export function pathInSubtree(path: string, actor: Pick<Actor, 'companyPath'>): boolean {
  return path.startsWith(actor.companyPath);
}

/**
 * Area scoping (DOMAIN §2): in a DC (DDC) the caller sees the rows of that area only; in the RDC
 * (the global centre) every area's rows. `areaColumn` is an area id column; a caller without a
 * current area sees every area (the supplier before choosing one).
 */
export function scopedToArea(areaColumn: ScopeColumn, actor: Pick<Actor, 'currentAreaId'>): SQL {
  if (actor.currentAreaId === null) return sql`true`;
  return sql`(${areaColumn} = ${actor.currentAreaId} or exists (select 1 from areas a where a.id = ${actor.currentAreaId} and a.kind = 'RDC'))`;
}

/**
 * Area scoping of a row that names several areas (`area_ids int[]`, a release task): a row of no
 * area or of the current one, every row in the RDC, every row without a current area.
 */
export function scopedToAnyArea(areaIdsColumn: ScopeColumn, actor: Pick<Actor, 'currentAreaId'>): SQL {
  const cur = actor.currentAreaId;
  if (cur === null) return sql`true`;
  return sql`(cardinality(${areaIdsColumn}) = 0 or ${cur} = any(${areaIdsColumn}) or exists (select 1 from areas a where a.id = ${cur} and a.kind = 'RDC'))`;
}

// ---------------------------------------------------------------------------------------------
// Paged lists
// ---------------------------------------------------------------------------------------------

/** What a list call asks for (the contract's `pageQuerySchema`). */
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

/** What a list call answers (the contract's `pageOf(item)`). */
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(page: PageRequest): PageWindow {
  return { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize };
}

/** A total kept in the total cache (large subtrees): fresh until one of `deps` changes. */
export interface CachedTotal {
  totals: TotalCache;
  key: string;
  deps?: DataDeps;
}

/**
 * The one way a repository answers a paged list: `read` gets the page's window (limit/offset from
 * the page request), `count` counts the whole list, at most once.
 *
 * Without `cached`, the page and the count run side by side. With it, the page is read first: a
 * first page shorter than the page size is its own total (no count at all), any other total comes
 * from the total cache, which counts only when its figure is missing or stale.
 */
export async function paginate<T>(
  page: PageRequest,
  read: (window: PageWindow) => Promise<T[]>,
  count: () => Promise<number>,
  cached?: CachedTotal,
): Promise<Page<T>> {
  const window = pageWindow(page);
  let records: T[];
  let total: number;
  if (cached) {
    records = await read(window);
    total = page.pageNum === 1 && records.length < page.pageSize ? records.length : await cached.totals.get(cached.key, count, cached.deps);
  } else {
    [records, total] = await Promise.all([read(window), count()]);
  }
  return { records, total: Number(total), pageNum: page.pageNum, pageSize: page.pageSize };
}

/** A page whose records are turned into their contract shape. */
export async function mapPage<T, U>(page: Page<T>, present: (records: T[]) => U[] | Promise<U[]>): Promise<Page<U>> {
  return { ...page, records: await present(page.records) };
}

/**
 * Freezing a company freezes everything below it (issue 3): a company counts as frozen when it or
 * any company on its path is. The path's ids are primary-key lookups (a tree is a few levels deep).
 */
export function effectiveCompanyStatusSql(alias: string): string {
  return `case when exists (select 1 from companies f where f.id = any(string_to_array(trim(both '/' from ${alias}.path), '/')::int[]) and f.status = 'frozen') then 'frozen' else ${alias}.status end`;
}

export function effectiveCompanyStatus(statusColumn: AnyPgColumn, pathColumn: AnyPgColumn): SQL<string> {
  return sql<string>`case when exists (select 1 from companies f where f.id = any(string_to_array(trim(both '/' from ${pathColumn}), '/')::int[]) and f.status = 'frozen') then 'frozen' else ${statusColumn} end`;
}
