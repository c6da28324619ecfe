import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from './context';

/**
 * Tenant scoping: a company path column is inside the caller's subtree. Every query of tenant data
 * goes through one of these; a deliberately unscoped query is named `unsafe...`.
 */
export function inSubtree(pathColumn: AnyPgColumn, actor: Pick<Actor, 'companyPath'>): SQL {
  return sql`${pathColumn} like ${escapeLike(actor.companyPath) + '%'}`;
}

/** Strictly below the caller's company (downstream companies only). */
export function belowCompany(pathColumn: AnyPgColumn, actor: Pick<Actor, 'companyPath'>): SQL {
  return sql`(${pathColumn} like ${escapeLike(actor.companyPath) + '%'} and ${pathColumn} <> ${actor.companyPath})`;
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function pathInSubtree(path: string, actor: Pick<Actor, 'companyPath'>): boolean {
  return path.startsWith(actor.companyPath);
}

/**
 * Area scoping (DOMAIN §2): in a DC (DDC) the caller sees the rows of that area only; in the RDC
 * (the global centre) every area's rows. `areaColumn` is an area id column; a caller without a
 * current area sees every area (the supplier before choosing one).
 */
export function inCurrentArea(areaColumn: AnyPgColumn, actor: Pick<Actor, 'currentAreaId'>): SQL {
  if (actor.currentAreaId === null) return sql`true`;
  return sql`(${areaColumn} = ${actor.currentAreaId} or exists (select 1 from areas a where a.id = ${actor.currentAreaId} and a.kind = 'RDC'))`;
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
