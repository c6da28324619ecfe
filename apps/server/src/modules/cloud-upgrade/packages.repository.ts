/**
 * Firmware package rows: every query of the package screens, scoped to the caller's subtree, and
 * the few that are deliberately unscoped (named `unsafe...`).
 */
import type { Locale } from '@portal/contract';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areas, companies, files, firmwarePackageChunks, firmwarePackages, firmwarePackageSyncs, releaseTasks } from '../../db/schema';
import { areaNameColumn } from '../../lib/area-names';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';
import { TASK_STATES_USING_PACKAGE } from './packages.policy';

type AnyDb = Db | Tx;
export type PackageRow = typeof firmwarePackages.$inferSelect;
export type NewPackageRow = typeof firmwarePackages.$inferInsert;

/** One package of the caller's subtree (locked for update when asked), or null. */
export async function findPackageInSubtree(
  db: AnyDb,
  actor: Actor,
  pkgId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<PackageRow | null> {
  const q = db
    .select()
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.id, pkgId), scopedToSubtree(firmwarePackages.companyPath, actor)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export interface PackageListFilter {
  status?: string;
  productType?: string;
  searchText?: string;
}

/** A page of the caller's packages, newest first. */
export async function listPackagesInSubtree(db: AnyDb, actor: Actor, f: PackageListFilter, page: PageRequest): Promise<Page<PackageRow>> {
  const text = f.searchText ? `%${escapeLike(f.searchText)}%` : null;
  const where: SQL | undefined = and(
    scopedToSubtree(firmwarePackages.companyPath, actor),
    f.status ? eq(firmwarePackages.status, f.status) : ne(firmwarePackages.status, 'deleted'),
    f.productType ? eq(firmwarePackages.productType, f.productType) : undefined,
    text ? or(ilike(firmwarePackages.versionName, text), ilike(firmwarePackages.fileName, text)) : undefined,
  );
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(firmwarePackages)
        .where(where)
        .orderBy(desc(firmwarePackages.createdAt), desc(firmwarePackages.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(firmwarePackages).where(where))[0]?.n ?? 0,
  );
}

/** A file of the caller's own company (a signing sheet), or null. */
export async function findOwnCompanyFile(db: AnyDb, actor: Actor, fileId: number) {
  const [f] = await db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  return f ?? null;
}

/** Whether the company already has a live package of this product type and version. */
export async function versionTaken(
  db: AnyDb,
  companyId: number,
  productType: string,
  versionName: string,
  exceptId?: number,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(
      and(
        eq(firmwarePackages.companyId, companyId),
        eq(firmwarePackages.productType, productType),
        eq(firmwarePackages.versionName, versionName),
        ne(firmwarePackages.status, 'deleted'),
        exceptId === undefined ? undefined : ne(firmwarePackages.id, exceptId),
      ),
    )
    .limit(1);
  return !!taken;
}

/** A new package of the caller's company (the values carry its company id and path). */
export async function insertPackage(db: AnyDb, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await db.insert(firmwarePackages).values(values).returning();
  return row!;
}

/** Changes a package found in the caller's scope (by `findPackageInSubtree`) before. */
export async function updatePackageRow(db: AnyDb, pkgId: number, patch: Partial<NewPackageRow>): Promise<PackageRow> {
  const [row] = await db.update(firmwarePackages).set(patch).where(eq(firmwarePackages.id, pkgId)).returning();
  return row!;
}

/** Chunks received for a package and their bytes. */
export async function receivedChunks(db: AnyDb, pkgId: number): Promise<{ chunks: number; bytes: number }> {
  const [got] = await db
    .select({ chunks: count(), bytes: sql<string>`coalesce(sum(${firmwarePackageChunks.size}), 0)` })
    .from(firmwarePackageChunks)
    .where(eq(firmwarePackageChunks.pkgId, pkgId));
  return { chunks: got?.chunks ?? 0, bytes: Number(got?.bytes ?? 0) };
}

/** Object keys of a package's DC copies. */
export async function dcCopyKeys(db: AnyDb, pkgId: number): Promise<(string | null)[]> {
  const copies = await db
    .select({ key: firmwarePackageSyncs.objectKey })
    .from(firmwarePackageSyncs)
    .where(eq(firmwarePackageSyncs.pkgId, pkgId));
  return copies.map((c) => c.key);
}

export async function deletePackageChunks(db: AnyDb, pkgId: number): Promise<void> {
  await db.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkgId));
}

export async function deletePackageSyncs(db: AnyDb, pkgId: number): Promise<void> {
  await db.delete(firmwarePackageSyncs).where(eq(firmwarePackageSyncs.pkgId, pkgId));
}

/** The failed DC copies of a package go back to pending. */
export async function retryFailedSyncs(db: AnyDb, pkgId: number): Promise<void> {
  await db
    .update(firmwarePackageSyncs)
    .set({ state: 'pending', error: null, at: null, objectKey: null })
    .where(and(eq(firmwarePackageSyncs.pkgId, pkgId), eq(firmwarePackageSyncs.state, 'failed')));
}

/** Which of these packages a release task still uses (abandon and delete wait for those). */
export async function packagesInUse(db: AnyDb, pkgIds: readonly number[]): Promise<Set<number>> {
  if (pkgIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ pkgId: releaseTasks.pkgId })
    .from(releaseTasks)
    .where(and(inArray(releaseTasks.pkgId, [...pkgIds]), inArray(releaseTasks.status, [...TASK_STATES_USING_PACKAGE])));
  return new Set(rows.map((r) => r.pkgId));
}

/**
 * What the presenter adds to packages already read in the caller's scope: company names, per-DC
 * sync state, bytes received and signing sheet paths. One query after the other: `db` may be a
 * transaction's single connection.
 */
export async function packageDetails(db: AnyDb, pkgIds: number[], companyIds: number[], sheetIds: number[], locale: Locale) {
  const names = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds));
  const syncs = await db
    .select({
      pkgId: firmwarePackageSyncs.pkgId,
      areaId: firmwarePackageSyncs.areaId,
      areaName: areaNameColumn(locale),
      state: firmwarePackageSyncs.state,
      at: firmwarePackageSyncs.at,
    })
    .from(firmwarePackageSyncs)
    .innerJoin(areas, eq(areas.id, firmwarePackageSyncs.areaId))
    .where(inArray(firmwarePackageSyncs.pkgId, pkgIds))
    .orderBy(asc(firmwarePackageSyncs.pkgId), asc(firmwarePackageSyncs.areaId));
  const received = await db
    .select({ pkgId: firmwarePackageChunks.pkgId, bytes: sql<string>`sum(${firmwarePackageChunks.size})` })
    .from(firmwarePackageChunks)
    .where(inArray(firmwarePackageChunks.pkgId, pkgIds))
    .groupBy(firmwarePackageChunks.pkgId);
  const sheets = sheetIds.length ? await db.select({ id: files.id, path: files.path }).from(files).where(inArray(files.id, sheetIds)) : [];
  return { names, syncs, received, sheets };
}

/** Unscoped: a package's size and state for the storage routes, whose signed storage token names the package. */
export async function unsafeFindPackageForStorage(db: AnyDb, pkgId: number) {
  const [pkg] = await db
    .select({ size: firmwarePackages.size, status: firmwarePackages.status })
    .from(firmwarePackages)
    .where(eq(firmwarePackages.id, pkgId));
  return pkg ?? null;
}

/** Unscoped: the package a chunk is stored for, share-locked (the signed storage token names it). */
export async function unsafeLockPackageForChunk(tx: AnyDb, pkgId: number): Promise<PackageRow | null> {
  const [pkg] = await tx.select().from(firmwarePackages).where(eq(firmwarePackages.id, pkgId)).for('share');
  return pkg ?? null;
}

/** Stores (or replaces) a chunk's row; the package was found by `unsafeLockPackageForChunk`. */
export async function upsertChunk(
  tx: AnyDb,
  c: { pkgId: number; idx: number; size: number; md5: string; receivedAt: Date },
): Promise<void> {
  await tx
    .insert(firmwarePackageChunks)
    .values(c)
    .onConflictDoUpdate({
      target: [firmwarePackageChunks.pkgId, firmwarePackageChunks.idx],
      set: { size: c.size, md5: c.md5, receivedAt: c.receivedAt },
    });
}

/** The chunks received for a package, in order. */
export async function chunksOf(db: AnyDb, pkgId: number) {
  return db
    .select({ idx: firmwarePackageChunks.idx, size: firmwarePackageChunks.size })
    .from(firmwarePackageChunks)
    .where(and(eq(firmwarePackageChunks.pkgId, pkgId)))
    .orderBy(asc(firmwarePackageChunks.idx));
}

/** Unscoped: the package stored under an object key, for a download whose signed storage token names both. */
export async function unsafeFindPackageByObject(db: AnyDb, pkgId: number, objectKey: string): Promise<PackageRow | null> {
  const [pkg] = await db
    .select()
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.id, pkgId), eq(firmwarePackages.objectKey, objectKey)));
  return pkg ?? null;
}
