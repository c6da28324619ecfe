/**
 * The content site's files (issue 14 §5-§6): uploads with their variants, the purge of unattached
 * ones, and the file manual's folders, documents and versions. Reads are scoped to the caller's
 * subtree; the public list and download read by the host's brand (`unsafe...`).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  contentAssets,
  contentDocuments,
  contentDocumentVersions,
  contentFolders,
  contentItemReservations,
  contentItems,
  contentParams,
  contentRevisions,
  contentSites,
  contentTranslations,
  contentUploadSessions,
  files,
  type AssetVariant,
} from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

export type AnyDb = Db | Tx;
export type AssetRow = typeof contentAssets.$inferSelect;
export type FolderRow = typeof contentFolders.$inferSelect;
export type DocumentRow = typeof contentDocuments.$inferSelect;
export type VersionRow = typeof contentDocumentVersions.$inferSelect;

// ----- uploads -----

export type UploadSessionRow = typeof contentUploadSessions.$inferSelect;

export async function insertUploadSession(db: AnyDb, v: typeof contentUploadSessions.$inferInsert): Promise<UploadSessionRow> {
  const [row] = await db.insert(contentUploadSessions).values(v).returning();
  return row!;
}

/** The caller's company's own resumable upload, or null (another company's is not found). */
export async function findOwnUploadSession(db: AnyDb, actor: Actor, id: number, forUpdate = false): Promise<UploadSessionRow | null> {
  const q = db
    .select()
    .from(contentUploadSessions)
    .where(and(eq(contentUploadSessions.id, id), eq(contentUploadSessions.companyId, actor.companyId)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateUploadSession(
  db: AnyDb,
  id: number,
  patch: Partial<typeof contentUploadSessions.$inferInsert>,
): Promise<UploadSessionRow> {
  const [row] = await db.update(contentUploadSessions).set(patch).where(eq(contentUploadSessions.id, id)).returning();
  return row!;
}

/** Deletes a session by id (found before through the caller's scope); true when this call removed it. */
export async function deleteUploadSession(db: AnyDb, id: number): Promise<boolean> {
  const gone = await db.delete(contentUploadSessions).where(eq(contentUploadSessions.id, id)).returning({ id: contentUploadSessions.id });
  return gone.length > 0;
}

/** Unscoped (the purge): deletes up to `limit` sessions expired by `now`, skipping those held now. */
export async function unsafeDeleteExpiredUploadSessions(db: AnyDb, now: Date, limit: number): Promise<UploadSessionRow[]> {
  const due = await db
    .select({ id: contentUploadSessions.id })
    .from(contentUploadSessions)
    .where(lt(contentUploadSessions.expiresAt, now))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .delete(contentUploadSessions)
    .where(
      inArray(
        contentUploadSessions.id,
        due.map((r) => r.id),
      ),
    )
    .returning();
}

/**
 * Whether an upload may name this item id: an item of the caller's own company's site, or an id
 * reserved for it that has not expired (content/item/id-get).
 */
export async function ownItemOrReservation(db: AnyDb, actor: Actor, id: number, now: Date): Promise<boolean> {
  const [r] = await db
    .select({
      n: sql<number>`(select count(*) from ${contentItems} i join ${contentSites} s on s.id = i.site_id
          where i.id = ${id} and s.company_id = ${actor.companyId})
        + (select count(*) from ${contentItemReservations} r join ${contentSites} s on s.id = r.site_id
          where r.id = ${id} and s.company_id = ${actor.companyId} and r.expires_at > ${now})`,
    })
    .from(sql`(select 1) as one`);
  return Number(r?.n ?? 0) > 0;
}

export async function insertAsset(db: AnyDb, v: typeof contentAssets.$inferInsert): Promise<AssetRow> {
  const [row] = await db.insert(contentAssets).values(v).returning();
  return row!;
}

/** The caller's company's own upload of a use, with its file row, or null. */
export async function findOwnAsset(db: AnyDb, actor: Actor, fileId: number) {
  const [row] = await db
    .select({ asset: contentAssets, file: files })
    .from(contentAssets)
    .innerJoin(files, eq(files.id, contentAssets.fileId))
    .where(and(eq(contentAssets.fileId, fileId), eq(contentAssets.companyId, actor.companyId)));
  return row ?? null;
}

export async function setAssetsAttached(db: AnyDb, fileIds: number[], at: Date | null): Promise<void> {
  if (fileIds.length === 0) return;
  await db.update(contentAssets).set({ attachedAt: at }).where(inArray(contentAssets.fileId, fileIds));
}

/** Unattached uploads made before `before`, oldest first, locked for this run. */
export async function unsafeStaleAssets(db: AnyDb, before: Date, limit: number) {
  return db
    .select({
      fileId: contentAssets.fileId,
      hash: contentAssets.hash,
      width: contentAssets.width,
      format: contentAssets.format,
      variants: contentAssets.variants,
      path: files.path,
    })
    .from(contentAssets)
    .innerJoin(files, eq(files.id, contentAssets.fileId))
    .where(and(isNull(contentAssets.attachedAt), lt(contentAssets.createdAt, before)))
    .orderBy(asc(contentAssets.createdAt))
    .limit(limit)
    .for('update', { of: contentAssets, skipLocked: true });
}

/** Whether an item or a revision (shared fields, rich text) names the asset's content address or file. */
export async function unsafeAssetReferenced(db: AnyDb, hash: string, fileId: number): Promise<boolean> {
  const pattern = `%${escapeLike(hash)}%`;
  const [r] = await db
    .select({
      n: sql<number>`(select count(*) from ${contentItems} where ${contentItems.shared}::text like ${pattern})
        + (select count(*) from ${contentItems} i join ${contentAssets} a on a.item_id = i.id where a.file_id = ${fileId})
        + (select count(*) from ${contentRevisions} where ${contentRevisions.data}::text like ${pattern})
        + (select count(*) from ${contentDocumentVersions} where ${contentDocumentVersions.fileId} = ${fileId})`,
    })
    .from(sql`(select 1) as one`);
  return Number(r?.n ?? 0) > 0;
}

/** Removes an upload's rows (the asset row goes with its file); answers whether another upload shares its address. */
export async function unsafeDeleteAsset(db: AnyDb, fileId: number, hash: string): Promise<{ hashShared: boolean }> {
  await db.delete(files).where(eq(files.id, fileId));
  const [r] = await db.select({ n: count() }).from(contentAssets).where(eq(contentAssets.hash, hash));
  return { hashShared: Number(r?.n ?? 0) > 0 };
}

export async function variantsOfHash(db: AnyDb, hash: string): Promise<AssetVariant[] | null> {
  const [r] = await db.select({ variants: contentAssets.variants }).from(contentAssets).where(eq(contentAssets.hash, hash)).limit(1);
  return r?.variants ?? null;
}

// ----- folders -----

export async function foldersOfSite(db: AnyDb, siteId: number) {
  const docCounts = db
    .select({ folderId: contentDocuments.folderId, n: count().as('n') })
    .from(contentDocuments)
    .where(eq(contentDocuments.siteId, siteId))
    .groupBy(contentDocuments.folderId)
    .as('dc');
  return db
    .select({ folder: contentFolders, documentCount: sql<number>`coalesce(${docCounts.n}, 0)`.mapWith(Number) })
    .from(contentFolders)
    .leftJoin(docCounts, eq(docCounts.folderId, contentFolders.id))
    .where(eq(contentFolders.siteId, siteId))
    .orderBy(asc(contentFolders.name), asc(contentFolders.id));
}

export async function findFolderInSubtree(db: AnyDb, actor: Actor, id: number, forUpdate = false): Promise<FolderRow | null> {
  const q = db
    .select()
    .from(contentFolders)
    .where(and(eq(contentFolders.id, id), scopedToSubtree(contentFolders.companyPath, actor)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function folderNameHolder(db: AnyDb, siteId: number, parentId: number | null, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: contentFolders.id })
    .from(contentFolders)
    .where(
      and(
        eq(contentFolders.siteId, siteId),
        sql`coalesce(${contentFolders.parentId}, 0) = ${parentId ?? 0}`,
        sql`lower(${contentFolders.name}) = lower(${name})`,
      ),
    );
  return row?.id ?? null;
}

export async function insertFolder(db: AnyDb, v: typeof contentFolders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(contentFolders).values(v).returning();
  return row!;
}

export async function renameFolder(db: AnyDb, id: number, name: string): Promise<FolderRow> {
  const [row] = await db.update(contentFolders).set({ name }).where(eq(contentFolders.id, id)).returning();
  return row!;
}

/** Documents and sub-folders in a folder. */
export async function folderContentCount(db: AnyDb, folderId: number): Promise<number> {
  const [d] = await db.select({ n: count() }).from(contentDocuments).where(eq(contentDocuments.folderId, folderId));
  const [f] = await db.select({ n: count() }).from(contentFolders).where(eq(contentFolders.parentId, folderId));
  return Number(d?.n ?? 0) + Number(f?.n ?? 0);
}

export async function deleteFolder(db: AnyDb, id: number): Promise<void> {
  await db.delete(contentFolders).where(eq(contentFolders.id, id));
}

// ----- documents and versions -----

export interface DocumentFilter {
  siteId: number;
  folderId?: number;
  searchText?: string;
  publicOnly?: boolean;
}

function documentWhere(f: DocumentFilter) {
  const text = f.searchText ? `%${escapeLike(f.searchText)}%` : null;
  return and(
    eq(contentDocuments.siteId, f.siteId),
    f.folderId !== undefined ? eq(contentDocuments.folderId, f.folderId) : undefined,
    f.publicOnly ? eq(contentDocuments.publicAccess, true) : undefined,
    text
      ? or(
          ilike(contentDocuments.title, text),
          sql`exists (select 1 from ${contentDocumentVersions} where ${contentDocumentVersions.documentId} = ${contentDocuments.id} and ${contentDocumentVersions.name} ilike ${text})`,
          sql`exists (select 1 from ${contentFolders} where ${contentFolders.id} = ${contentDocuments.folderId} and ${contentFolders.name} ilike ${text})`,
        )
      : undefined,
  );
}

export async function listDocuments(db: AnyDb, f: DocumentFilter, page: PageRequest): Promise<Page<DocumentRow>> {
  const where = documentWhere(f);
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(contentDocuments)
        .where(where)
        .orderBy(asc(contentDocuments.title), asc(contentDocuments.id))
        .limit(limit)
        .offset(offset),
    async () => Number((await db.select({ n: count() }).from(contentDocuments).where(where))[0]?.n ?? 0),
  );
}

export async function findDocumentInSubtree(db: AnyDb, actor: Actor, id: number, forUpdate = false): Promise<DocumentRow | null> {
  const q = db
    .select()
    .from(contentDocuments)
    .where(and(eq(contentDocuments.id, id), scopedToSubtree(contentDocuments.companyPath, actor)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertDocument(db: AnyDb, v: typeof contentDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(contentDocuments).values(v).returning();
  return row!;
}

export async function updateDocument(db: AnyDb, id: number, v: Partial<typeof contentDocuments.$inferInsert>): Promise<DocumentRow> {
  const [row] = await db.update(contentDocuments).set(v).where(eq(contentDocuments.id, id)).returning();
  return row!;
}

export async function deleteDocument(db: AnyDb, id: number): Promise<number[]> {
  const fileIds = await db
    .select({ fileId: contentDocumentVersions.fileId })
    .from(contentDocumentVersions)
    .where(eq(contentDocumentVersions.documentId, id));
  await db.delete(contentDocuments).where(eq(contentDocuments.id, id));
  return fileIds.map((r) => r.fileId).filter((x): x is number => x !== null);
}

export async function versionsOf(db: AnyDb, documentIds: number[]): Promise<VersionRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(contentDocumentVersions)
    .where(inArray(contentDocumentVersions.documentId, documentIds))
    .orderBy(desc(contentDocumentVersions.n));
}

/** Adds a version numbered after the document's last one (the document row is locked by the caller). */
export async function insertVersion(db: AnyDb, v: Omit<typeof contentDocumentVersions.$inferInsert, 'n'>): Promise<VersionRow> {
  const [row] = await db
    .insert(contentDocumentVersions)
    .values({
      ...v,
      n: sql`(select coalesce(max(${contentDocumentVersions.n}), 0) + 1 from ${contentDocumentVersions} where ${contentDocumentVersions.documentId} = ${v.documentId})`,
    })
    .returning();
  return row!;
}

// ----- auto files -----

/** A site's products with their category, model, manuals, and per locale the released title and parameters. */
export async function productsForAutoFiles(db: AnyDb, siteId: number) {
  const products = await db
    .select({ id: contentItems.id, model: contentItems.model, categoryId: contentItems.categoryId, shared: contentItems.shared })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), eq(contentItems.type, 'product')))
    .orderBy(asc(contentItems.id));
  const released = await db
    .select({
      itemId: contentTranslations.itemId,
      type: contentTranslations.type,
      locale: contentTranslations.locale,
      title: contentTranslations.releasedTitle,
      data: contentRevisions.data,
    })
    .from(contentTranslations)
    .innerJoin(contentRevisions, eq(contentRevisions.id, contentTranslations.releasedRevisionId))
    .where(
      and(
        eq(contentTranslations.siteId, siteId),
        inArray(contentTranslations.type, ['product', 'product_category', 'manual', 'tech_video']),
        inArray(contentTranslations.state, ['released']),
      ),
    );
  const params = await db
    .select()
    .from(contentParams)
    .where(eq(contentParams.siteId, siteId))
    .orderBy(asc(contentParams.sort), asc(contentParams.id));
  const others = await db
    .select({ id: contentItems.id, type: contentItems.type, shared: contentItems.shared })
    .from(contentItems)
    .where(and(eq(contentItems.siteId, siteId), inArray(contentItems.type, ['product_category', 'manual', 'tech_video'])));
  return { products, released, params, others };
}

export async function findFolderByName(db: AnyDb, siteId: number, parentId: number | null, name: string): Promise<FolderRow | null> {
  const [row] = await db
    .select()
    .from(contentFolders)
    .where(
      and(
        eq(contentFolders.siteId, siteId),
        sql`coalesce(${contentFolders.parentId}, 0) = ${parentId ?? 0}`,
        sql`lower(${contentFolders.name}) = lower(${name})`,
      ),
    );
  return row ?? null;
}

export async function findDocumentBySource(db: AnyDb, siteId: number, sourceKey: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(contentDocuments)
    .where(and(eq(contentDocuments.siteId, siteId), eq(contentDocuments.sourceKey, sourceKey)))
    .for('update');
  return row ?? null;
}

// ----- the public list and download -----

export async function unsafePublicFolders(db: AnyDb, siteId: number) {
  return db
    .select({ id: contentFolders.id, parentId: contentFolders.parentId, name: contentFolders.name })
    .from(contentFolders)
    .where(eq(contentFolders.siteId, siteId))
    .orderBy(asc(contentFolders.name));
}

/** A version with its document and stored file (for the public download). */
export async function unsafeVersionForDownload(db: AnyDb, versionId: number) {
  const [row] = await db
    .select({ version: contentDocumentVersions, document: contentDocuments, path: files.path })
    .from(contentDocumentVersions)
    .innerJoin(contentDocuments, eq(contentDocuments.id, contentDocumentVersions.documentId))
    .leftJoin(files, eq(files.id, contentDocumentVersions.fileId))
    .where(eq(contentDocumentVersions.id, versionId));
  return row ?? null;
}
